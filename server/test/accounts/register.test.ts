import type { BootstrapData } from '@backbeat/common';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, guestBrowser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, uniqueEmail } from '../helpers/factories.ts';
import {
  deliverMailTo,
  startMailbox,
  verificationCodeIn,
  type Mailbox,
} from '../helpers/mailbox.ts';
import {
  HUMAN_TOKEN,
  RECAPTCHA_SETTINGS,
  startFakeSiteverify,
  type FakeSiteverify,
} from '../helpers/siteverify.ts';

const HUMAN_CHECK_FAILED = 'Could not verify you are human.';

let testApp: TestApp;
let mailbox: Mailbox;
let siteverify: FakeSiteverify;

beforeAll(async () => {
  mailbox = await startMailbox();
  siteverify = await startFakeSiteverify();
  testApp = await createTestApp({ overrides: { recaptchaVerifyUrl: siteverify.url } });
  await deliverMailTo(testApp.app, mailbox);
});
afterAll(async () => {
  await testApp.close();
  await Promise.all([mailbox.close(), siteverify.close()]);
});
afterEach(() =>
  testApp.app.services.settings.set({
    'registration.disable': false,
    'registration.policies': [],
    require_email_confirmation: false,
    'recaptcha.site_key': null,
    'recaptcha.secret_key': null,
    'recaptcha.enable': {},
  }),
);

const newAccount = (extra: Record<string, unknown> = {}) => ({
  email: uniqueEmail('register'),
  password: 'a-good-password',
  password_confirmation: 'a-good-password',
  ...extra,
});

interface RegisterBody {
  status: string;
  bootstrapData: BootstrapData;
}

describe('POST /auth/register', () => {
  it('creates the account, logs it in and answers success with the user', async () => {
    const browser = await guestBrowser(testApp.app);
    const guestCookie = browser.sessionCookie;
    const input = newAccount({ email: uniqueEmail('Mixed.Case').toUpperCase() });
    const response = await browser.post('/auth/register', input);

    expect(response.statusCode).toBe(200);
    const body = response.json() as RegisterBody;
    expect(body.status).toBe('success');
    const email = input.email.toLowerCase();
    expect(body.bootstrapData.user).toMatchObject({ email, email_verified_at: expect.any(String) });
    expect(body.bootstrapData.user?.roles.map((r) => r.name)).toEqual(['users']);
    expect(browser.sessionCookie).not.toBe(guestCookie);
    expect(await currentUser(browser)).toMatchObject({ email });

    const again = await guestBrowser(testApp.app);
    await expect(again.login(email, input.password)).resolves.toBeDefined();
  });

  it.each([
    ['nothing', {}, ['email', 'password', 'password_confirmation']],
    ['an invalid email', { email: 'not-an-email' }, ['email']],
    [
      'a password under 8 characters',
      { password: 'short', password_confirmation: 'short' },
      ['password'],
    ],
    [
      'a confirmation that does not match',
      { password_confirmation: 'another-password' },
      ['password_confirmation'],
    ],
  ])('rejects %s with 422 and an error on each field', async (_case, change, fields) => {
    const browser = await guestBrowser(testApp.app);
    const input = Object.keys(change).length ? newAccount(change) : {};
    const response = await browser.post('/auth/register', input);

    expect(response.statusCode).toBe(422);
    const body = response.json() as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
    expect(body.message).toBe(body.errors[fields[0]!]?.[0]);
    expect(await currentUser(browser)).toBeNull();
  });

  it('explains the password rules and the mismatch in words', async () => {
    const browser = await guestBrowser(testApp.app);
    const short = await browser.post(
      '/auth/register',
      newAccount({ password: 'short', password_confirmation: 'short' }),
    );
    expect(short.json()).toMatchObject({
      errors: { password: ['The password must be at least 8 characters.'] },
    });
    const mismatch = await browser.post(
      '/auth/register',
      newAccount({ password_confirmation: 'other-password' }),
    );
    expect(mismatch.json()).toMatchObject({
      errors: { password_confirmation: ['The password confirmation does not match.'] },
    });
  });

  it('refuses an email that already has an account, in any letter case', async () => {
    const existing = await createUser(testApp.app);
    const browser = await guestBrowser(testApp.app);
    const response = await browser.post(
      '/auth/register',
      newAccount({ email: existing.email.toUpperCase() }),
    );

    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { email: ['This email is already registered.'] },
    });
    expect(await currentUser(browser)).toBeNull();
  });

  it('requires every registration policy to be accepted', async () => {
    await testApp.app.services.settings.set({
      'registration.policies': [
        { id: 'terms', name: 'Terms of Service', url: '/pages/terms' },
        { id: 'privacy', name: 'Privacy Policy', url: '/pages/privacy' },
      ],
    });
    const browser = await guestBrowser(testApp.app);

    const none = await browser.post('/auth/register', newAccount());
    expect(none.statusCode).toBe(422);
    expect((none.json() as { errors: object }).errors).toEqual({
      'policies.terms': ['You must accept the Terms of Service.'],
      'policies.privacy': ['You must accept the Privacy Policy.'],
    });

    const one = await browser.post(
      '/auth/register',
      newAccount({ policies: { terms: true, privacy: false } }),
    );
    expect(one.statusCode).toBe(422);
    expect(Object.keys((one.json() as { errors: object }).errors)).toEqual(['policies.privacy']);

    const both = await browser.post(
      '/auth/register',
      newAccount({ policies: { terms: true, privacy: true } }),
    );
    expect(both.statusCode).toBe(200);
  });

  it('is refused with 403 while registration is disabled, even with an invite id nobody issued', async () => {
    await testApp.app.services.settings.set({ 'registration.disable': true });
    const browser = await guestBrowser(testApp.app);
    const input = newAccount();

    const refused = await browser.post('/auth/register', input);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Registration is currently disabled.' });
    expect(await testApp.app.services.users.findRowByEmail(input.email)).toBeUndefined();

    // Only a real open invite for this email opens closed registration (workspaces add them).
    const invited = await browser.post('/auth/register', {
      ...input,
      invite_id: 'invite-1',
      invite_type: 'workspace',
    });
    expect(invited.statusCode).toBe(403);
    expect(await testApp.app.services.users.findRowByEmail(input.email)).toBeUndefined();
  });

  it('mails a 6-digit code and answers needs_email_verification when confirmation is required', async () => {
    await testApp.app.services.settings.set({ require_email_confirmation: true });
    const browser = await guestBrowser(testApp.app);
    const input = newAccount();
    const response = await browser.post('/auth/register', input);

    expect(response.statusCode).toBe(200);
    const body = response.json() as RegisterBody;
    expect(body.status).toBe('needs_email_verification');
    expect(body.bootstrapData.user).toMatchObject({ email: input.email, email_verified_at: null });
    expect(body.bootstrapData.settings).toMatchObject({ require_email_confirmation: true });

    const mail = await mailbox.waitFor((m) => m.to.includes(input.email));
    expect(mail.subject).toMatch(/^\d{6} is your .+ verification code$/);
    expect(mail.text).toContain(verificationCodeIn(mail));
  });

  it('sends no code when confirmation is not required', async () => {
    const input = newAccount();
    const response = await (await guestBrowser(testApp.app)).post('/auth/register', input);
    expect(response.statusCode).toBe(200);
    expect(mailbox.to(input.email)).toEqual([]);
  });
});

describe('POST /auth/register with reCAPTCHA enabled for registration', () => {
  it('refuses a missing token and a token the verifier rejects', async () => {
    await testApp.app.services.settings.set(RECAPTCHA_SETTINGS);
    const browser = await guestBrowser(testApp.app);
    const input = newAccount();

    const missing = await browser.post('/auth/register', input);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: HUMAN_CHECK_FAILED,
      errors: { recaptcha: [HUMAN_CHECK_FAILED] },
    });

    const rejected = await browser.post('/auth/register', {
      ...input,
      recaptcha_token: 'token-of-a-bot',
    });
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json()).toMatchObject({ errors: { recaptcha: [HUMAN_CHECK_FAILED] } });
    expect(siteverify.calls.at(-1)).toMatchObject({
      secret: 'test-secret-key',
      response: 'token-of-a-bot',
    });
    expect(await testApp.app.services.users.findRowByEmail(input.email)).toBeUndefined();
  });

  it('registers when the verifier says the token is human', async () => {
    await testApp.app.services.settings.set(RECAPTCHA_SETTINGS);
    const browser = await guestBrowser(testApp.app);
    const input = newAccount({ recaptcha_token: HUMAN_TOKEN });
    const response = await browser.post('/auth/register', input);

    expect(response.statusCode).toBe(200);
    expect((response.json() as RegisterBody).bootstrapData.user?.email).toBe(input.email);
    expect(siteverify.calls.at(-1)).toMatchObject({
      secret: 'test-secret-key',
      response: HUMAN_TOKEN,
    });
  });

  it('does not ask the verifier when the register action is not enabled', async () => {
    await testApp.app.services.settings.set({
      ...RECAPTCHA_SETTINGS,
      'recaptcha.enable': { register: false },
    });
    const calls = siteverify.calls.length;
    const response = await (await guestBrowser(testApp.app)).post('/auth/register', newAccount());
    expect(response.statusCode).toBe(200);
    expect(siteverify.calls.length).toBe(calls);
  });
});
