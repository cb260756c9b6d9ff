import { readFile } from 'node:fs/promises';
import type { User } from '@backbeat/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentUser, guestBrowser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { Browser } from '../helpers/client.ts';
import { uniqueEmail } from '../helpers/factories.ts';
import {
  deliverMailTo,
  startMailbox,
  verificationCodeIn,
  type Mailbox,
} from '../helpers/mailbox.ts';

const VALIDATE = '/api/v1/validate-email-verification-otp';
const RESEND = '/api/v1/resend-email-verification';
const NOT_VALID = 'This code is not valid.';
const EXPIRED = 'This code has expired. Request a new one.';

let testApp: TestApp;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  testApp = await createTestApp();
  await deliverMailTo(testApp.app, mailbox);
  await testApp.app.services.settings.set({ require_email_confirmation: true });
});
afterAll(async () => {
  await testApp.close();
  await mailbox.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Registers through the API and reads the code from the email the new user received. */
async function registerUnverified(): Promise<{ browser: Browser; email: string; code: string }> {
  const browser = await guestBrowser(testApp.app);
  const email = uniqueEmail('verify');
  const password = 'a-good-password';
  const response = await browser.post('/auth/register', {
    email,
    password,
    password_confirmation: password,
  });
  expect(response.json()).toMatchObject({ status: 'needs_email_verification' });
  const mail = await mailbox.waitFor((m) => m.to.includes(email));
  return { browser, email, code: verificationCodeIn(mail) };
}

/** A six-digit code that is not `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST validate-email-verification-otp', () => {
  it('verifies the email with the mailed code', async () => {
    const { browser, code } = await registerUnverified();
    const response = await browser.post(VALIDATE, { code });

    expect(response.statusCode).toBe(200);
    const { user } = response.json() as { user: User };
    expect(user.email_verified_at).toEqual(expect.any(String));
    expect((await currentUser(browser))?.email_verified_at).toBe(user.email_verified_at);
  });

  it('accepts a code once', async () => {
    const { browser, code } = await registerUnverified();
    expect((await browser.post(VALIDATE, { code })).statusCode).toBe(200);
    const again = await browser.post(VALIDATE, { code });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errors: { code: [expect.any(String)] } });
  });

  it('refuses a wrong code and leaves the email unverified', async () => {
    const { browser, code } = await registerUnverified();
    const response = await browser.post(VALIDATE, { code: wrongCode(code) });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: NOT_VALID, errors: { code: [NOT_VALID] } });
    expect((await currentUser(browser))?.email_verified_at).toBeNull();
  });

  it.each([
    ['no code', {}],
    ['letters', { code: 'abcdef' }],
    ['five digits', { code: '12345' }],
    ['seven digits', { code: '1234567' }],
  ])('answers %s with 422 on the code field', async (_case, body) => {
    const { browser } = await registerUnverified();
    const response = await browser.post(VALIDATE, body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual(['code']);
  });

  it('burns the code after 5 wrong tries, so the right one fails too', async () => {
    const { browser, code } = await registerUnverified();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await browser.post(VALIDATE, { code: wrongCode(code) });
      expect(response.json()).toMatchObject({ errors: { code: [NOT_VALID] } });
    }
    const fifth = await browser.post(VALIDATE, { code: wrongCode(code) });
    expect(fifth.statusCode).toBe(422);
    expect(fifth.json()).toMatchObject({
      errors: { code: ['Too many wrong codes. Request a new one.'] },
    });

    const right = await browser.post(VALIDATE, { code });
    expect(right.statusCode).toBe(422);
    expect((await currentUser(browser))?.email_verified_at).toBeNull();
  });

  it('accepts a code for 10 minutes and not after', async () => {
    const early = await registerUnverified();
    const late = await registerUnverified();
    const sentAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(sentAt + 9 * 60_000 + 50_000);
    expect((await early.browser.post(VALIDATE, { code: early.code })).statusCode).toBe(200);

    vi.setSystemTime(sentAt + 10 * 60_000 + 5_000);
    const expired = await late.browser.post(VALIDATE, { code: late.code });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ errors: { code: [EXPIRED] } });
    expect((await currentUser(late.browser))?.email_verified_at).toBeNull();
  });

  it('requires a logged-in user', async () => {
    const guest = await guestBrowser(testApp.app);
    expect((await guest.post(VALIDATE, { code: '123456' })).statusCode).toBe(401);
  });
});

describe('POST resend-email-verification', () => {
  it('mails a new code and voids the older one', async () => {
    const { browser, email, code: first } = await registerUnverified();
    const response = await browser.post(RESEND, { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Email sent' });

    const mails = mailbox.to(email);
    expect(mails).toHaveLength(2);
    const second = verificationCodeIn(mails[1]!);
    const old = await browser.post(VALIDATE, { code: first });
    expect(old.statusCode).toBe(422);
    expect((await browser.post(VALIDATE, { code: second })).statusCode).toBe(200);
  });

  it('gives a fresh code after the old one was burnt by wrong tries', async () => {
    const { browser, code } = await registerUnverified();
    for (let attempt = 1; attempt <= 5; attempt++)
      await browser.post(VALIDATE, { code: wrongCode(code) });
    await browser.post(RESEND, {});
    const [, mail] = mailbox.to((await currentUser(browser))!.email);
    expect((await browser.post(VALIDATE, { code: verificationCodeIn(mail!) })).statusCode).toBe(
      200,
    );
  });

  it('sends nothing to an address that is already verified', async () => {
    const { browser, email, code } = await registerUnverified();
    await browser.post(VALIDATE, { code });
    expect((await browser.post(RESEND, {})).statusCode).toBe(200);
    expect(mailbox.to(email)).toHaveLength(1);
  });

  it('rejects a malformed email with 422', async () => {
    const { browser } = await registerUnverified();
    const response = await browser.post(RESEND, { email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual(['email']);
  });

  it('requires a logged-in user', async () => {
    const guest = await guestBrowser(testApp.app);
    expect((await guest.post(RESEND, {})).statusCode).toBe(401);
  });
});

describe('the default log mail driver', () => {
  it('writes the verification email to the outgoing-email log instead of sending it', async () => {
    const { services } = testApp.app;
    await services.settings.set({ 'mail.driver': 'log' });
    try {
      const browser = await guestBrowser(testApp.app);
      const email = uniqueEmail('logged');
      const password = 'a-good-password';
      await browser.post('/auth/register', { email, password, password_confirmation: password });

      const file = await services.fileLogs.latest('outgoing-email');
      expect(file).toEqual(expect.any(String));
      const records = (await readFile(file!, 'utf8'))
        .trim()
        .split('\n')
        .map(
          (line) =>
            JSON.parse(line) as { driver: string; to: string; subject: string; text: string },
        );
      const record = records.find((r) => r.to === email);
      expect(record).toMatchObject({ driver: 'log', subject: expect.stringMatching(/^\d{6} /) });
      expect(mailbox.to(email)).toEqual([]);

      const code = /^(\d{6})/.exec(record!.subject)![1]!;
      expect(record!.text).toContain(code);
      expect((await browser.post(VALIDATE, { code })).statusCode).toBe(200);
    } finally {
      await deliverMailTo(testApp.app, mailbox);
    }
  });
});
