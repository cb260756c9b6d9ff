import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentUser, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, uniqueEmail, type CreatedUser } from '../helpers/factories.ts';
import { deliverMailTo, linkIn, startMailbox, type Mailbox } from '../helpers/mailbox.ts';

const FORGOT_ANSWER = {
  message: 'If an account exists for that email, we have sent it a link to reset the password.',
};
const INVALID_LINK = 'This password reset link is invalid or has expired.';
const NEW_PASSWORD = 'a-brand-new-password';

let testApp: TestApp;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  testApp = await createTestApp();
  await deliverMailTo(testApp.app, mailbox);
});
afterAll(async () => {
  await testApp.close();
  await mailbox.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const fields = (body: unknown) => Object.keys((body as { errors: object }).errors).sort();

/** Asks for a reset link as the forgot-password screen does and reads it from the email. */
async function requestResetLink(account: CreatedUser): Promise<{ token: string; email: string }> {
  const after = mailbox.messages.length;
  const browser = await guestBrowser(testApp.app);
  expect((await browser.post('/auth/forgot-password', { email: account.email })).json()).toEqual(
    FORGOT_ANSWER,
  );
  const mail = await mailbox.waitFor((m) => m.to.includes(account.email), { after });
  const link = linkIn(mail);
  const token = /^\/password\/reset\/([^/]+)$/.exec(link.pathname)?.[1];
  expect(token).toEqual(expect.any(String));
  return { token: token!, email: link.searchParams.get('email') ?? '' };
}

const resetWith = (token: string, email: string, password = NEW_PASSWORD) =>
  guestBrowser(testApp.app).then((browser) =>
    browser.post('/auth/reset-password', {
      token,
      email,
      password,
      password_confirmation: password,
    }),
  );

const canLogIn = async (email: string, password: string) =>
  (await (await guestBrowser(testApp.app)).post('/auth/login', { email, password })).statusCode ===
  200;

describe('POST /auth/forgot-password', () => {
  it('mails a reset link to a known email', async () => {
    const account = await createUser(testApp.app);
    const { token, email } = await requestResetLink(account);
    expect(email).toBe(account.email);
    expect(token.length).toBeGreaterThanOrEqual(32);
    const [mail] = mailbox.to(account.email);
    expect(mail?.subject).toMatch(/^Reset your .+ password$/);
  });

  it('answers an unknown email the same way and sends nothing', async () => {
    const account = await createUser(testApp.app);
    const unknown = uniqueEmail('nobody');
    const browser = await guestBrowser(testApp.app);

    const forUnknown = await browser.post('/auth/forgot-password', { email: unknown });
    const forKnown = await browser.post('/auth/forgot-password', { email: account.email });
    expect(forUnknown.statusCode).toBe(200);
    expect(forUnknown.json()).toEqual(forKnown.json());
    // The unknown address was looked up first; once the known one's email is in, it has had its turn.
    await mailbox.waitFor((m) => m.to.includes(account.email));
    expect(mailbox.to(unknown)).toEqual([]);
  });

  it('rejects a missing or malformed email with 422', async () => {
    const browser = await guestBrowser(testApp.app);
    for (const body of [{}, { email: 'not-an-email' }]) {
      const response = await browser.post('/auth/forgot-password', body);
      expect(response.statusCode).toBe(422);
      expect(fields(response.json())).toEqual(['email']);
    }
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password with the emailed token, once', async () => {
    const account = await createUser(testApp.app);
    const { token, email } = await requestResetLink(account);

    const response = await resetWith(token, email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your password has been reset!' });
    expect(await canLogIn(account.email, NEW_PASSWORD)).toBe(true);
    expect(await canLogIn(account.email, account.password)).toBe(false);

    const again = await resetWith(token, email, 'yet-another-password');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: INVALID_LINK, errors: { email: [INVALID_LINK] } });
  });

  it('refuses a wrong token, or the token with another email', async () => {
    const account = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    const { token } = await requestResetLink(account);

    const wrong = await resetWith(`${token.slice(0, -2)}xx`, account.email);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { email: [INVALID_LINK] } });
    const elsewhere = await resetWith(token, other.email);
    expect(elsewhere.statusCode).toBe(422);
    expect(await canLogIn(other.email, other.password)).toBe(true);
    expect(await canLogIn(account.email, account.password)).toBe(true);
  });

  it('keeps only the newest link', async () => {
    const account = await createUser(testApp.app);
    const first = await requestResetLink(account);
    const second = await requestResetLink(account);
    expect((await resetWith(first.token, account.email)).statusCode).toBe(422);
    expect((await resetWith(second.token, account.email)).statusCode).toBe(200);
  });

  it('accepts a token for 60 minutes and not after', async () => {
    const early = await requestResetLink(await createUser(testApp.app));
    const late = await requestResetLink(await createUser(testApp.app));
    const sentAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(sentAt + 59 * 60_000);
    expect((await resetWith(early.token, early.email)).statusCode).toBe(200);
    vi.setSystemTime(sentAt + 60 * 60_000 + 5_000);
    const expired = await resetWith(late.token, late.email);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ errors: { email: [INVALID_LINK] } });
  });

  it('ends every session of the account', async () => {
    const account = await signedInUser(testApp.app);
    const secondDevice = await guestBrowser(testApp.app);
    await secondDevice.login(account.email, account.password);
    const { token, email } = await requestResetLink(account);

    expect((await resetWith(token, email)).statusCode).toBe(200);
    expect(await currentUser(account.browser)).toBeNull();
    expect(await currentUser(secondDevice)).toBeNull();
  });

  it.each([
    ['nothing', {}, ['email', 'password', 'password_confirmation', 'token']],
    ['a short password', { password: 'short', password_confirmation: 'short' }, ['password']],
    [
      'a confirmation that does not match',
      { password_confirmation: 'something-else' },
      ['password_confirmation'],
    ],
    ['a malformed email', { email: 'nope' }, ['email']],
  ])('answers %s with 422 per field', async (_case, change, expected) => {
    const browser = await guestBrowser(testApp.app);
    const valid = {
      token: 'some-token',
      email: uniqueEmail(),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    };
    const response = await browser.post(
      '/auth/reset-password',
      Object.keys(change).length ? { ...valid, ...change } : {},
    );
    expect(response.statusCode).toBe(422);
    expect(fields(response.json())).toEqual(expected);
  });
});

describe('PUT /auth/user/password', () => {
  const change = (current: string, password = NEW_PASSWORD, confirmation = password) => ({
    current_password: current,
    password,
    password_confirmation: confirmation,
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const account = await signedInUser(testApp.app);
    const otherDevice = await guestBrowser(testApp.app);
    await otherDevice.login(account.email, account.password);

    const response = await account.browser.put('/auth/user/password', change(account.password));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed' });
    expect((await currentUser(account.browser))?.id).toBe(account.id);
    expect(await currentUser(otherDevice)).toBeNull();
    expect(await canLogIn(account.email, NEW_PASSWORD)).toBe(true);
    expect(await canLogIn(account.email, account.password)).toBe(false);
  });

  it('refuses a wrong current password with 422 on current_password', async () => {
    const account = await signedInUser(testApp.app);
    const response = await account.browser.put('/auth/user/password', change('not-the-password'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The current password is incorrect.',
      errors: { current_password: ['The current password is incorrect.'] },
    });
    expect(await canLogIn(account.email, account.password)).toBe(true);
  });

  it.each([
    ['nothing', {}, ['current_password', 'password', 'password_confirmation']],
    ['a short password', change('x', 'short'), ['password']],
    [
      'a confirmation that does not match',
      change('x', NEW_PASSWORD, 'different-one'),
      ['password_confirmation'],
    ],
  ])('answers %s with 422 per field', async (_case, body, expected) => {
    const account = await signedInUser(testApp.app);
    const response = await account.browser.put('/auth/user/password', body);
    expect(response.statusCode).toBe(422);
    expect(fields(response.json())).toEqual(expected);
  });

  it('is only for logged-in users', async () => {
    const guest = await guestBrowser(testApp.app);
    expect((await guest.put('/auth/user/password', change('x'))).statusCode).toBe(401);
  });
});
