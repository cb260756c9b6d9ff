import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailSettingsFor,
  linkIn,
  startMailbox,
  verificationCodeIn,
  type Mailbox,
} from '../../server/test/helpers/mailbox.ts';
import { totpCode } from '../../server/test/helpers/two-factor.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { startServer, type TestServer, setSettings } from '../src/server.ts';

let server: TestServer;
let browser: Browser;
let mailbox: Mailbox;

beforeAll(async () => {
  [server, browser, mailbox] = await Promise.all([startServer(), launchBrowser(), startMailbox()]);
  await setSettings(server, mailSettingsFor(mailbox));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mailbox?.close();
});

async function createAccount(email: string, password = 'long enough password') {
  await server.app.services.users.createUser({ email, password, name: email.split('@')[0] });
  return { email, password };
}

async function logInWithForm(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
}

describe('the sign-in pages, whose routes load on the first visit to one of them', () => {
  it('opens each by its address, as an emailed or bookmarked link does', async () => {
    const { page, context, errors } = await newPage(browser);
    const pages: [string, string][] = [
      ['/login', 'Sign in to your account'],
      ['/register', 'Create a new account'],
      ['/forgot-password', 'Forgot your password?'],
      ['/password/reset/an-emailed-token', 'Reset your password'],
      ['/workspace/join/login', 'Sign in to your account'],
      ['/workspace/join/register', 'Create a new account'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reaches them from the app by its links, without reloading', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(server.url);
    await page.evaluate(
      () => ((window as unknown as { sameDocument: boolean }).sameDocument = true),
    );
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Sign up.' }).click();
    await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
    // Still the page first opened: the routes were added, not fetched with a new document.
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('registration with email verification', () => {
  it('registers, receives the code by email, verifies and lands on home', async () => {
    await setSettings(server, { require_email_confirmation: true });
    try {
      const { page, context } = await newPage(browser);
      const email = 'new.listener@backbeat.test';
      await page.goto(`${server.url}/register`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('a fine password');
      await page.getByLabel('Confirm password').fill('a fine password');
      await page.getByRole('button', { name: 'Create account' }).click();

      await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
      expect(await page.getByText('ne**********@backbeat.test').isVisible()).toBe(true);
      const mail = await mailbox.waitFor((m) => m.to.includes(email));
      await page.getByLabel('Code').fill(verificationCodeIn(mail));
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await context.close();
    } finally {
      await setSettings(server, { require_email_confirmation: false });
    }
  });
});

describe('password reset', () => {
  it('sends a link by email that resets the password, then logs in with it', async () => {
    const { email } = await createAccount('forgetful@backbeat.test');
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The page loads lazily; fill its field, not the login form's that is still on screen.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'reset the password' }).waitFor();

    const link = linkIn(await mailbox.waitFor((m) => m.to.includes(email)));
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.getByLabel('New password').fill('brand new secret');
    await page.getByLabel('Confirm password').fill('brand new secret');
    await page.getByRole('button', { name: 'Reset password' }).click();

    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password').fill('brand new secret');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await context.close();
  });
});

describe('two-factor authentication', () => {
  it('is enabled in settings, then asks for a TOTP code and accepts a recovery code', async () => {
    const { email, password } = await createAccount('careful@backbeat.test');
    const { page, context } = await newPage(browser);
    await loginThroughApi(context, server.url, { email, password });
    await page.goto(`${server.url}/account-settings`);
    const panel = page.locator('#two-factor');
    await panel.getByRole('button', { name: 'Enable' }).click();

    // The password was not confirmed in this session yet.
    const confirm = page.getByRole('dialog', { name: 'Confirm password' });
    await confirm.getByLabel('Password').fill(password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();

    const secret = (await panel.getByTestId('two-factor-secret').textContent()) ?? '';
    await panel.getByLabel('Code').fill(totpCode(secret));
    await panel.getByRole('button', { name: 'Confirm' }).click();
    const codes = panel.getByTestId('recovery-codes').locator('li');
    await codes.first().waitFor();
    const recoveryCode = (await codes.first().textContent()) ?? '';
    expect(recoveryCode).toHaveLength(21);

    await logOut(page);
    await logInWithForm(page, email, password);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    // The next period's code: the current one was spent confirming, and no code works twice.
    await page.getByLabel('Code').fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    await logOut(page);
    await logInWithForm(page, email, password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await context.close();
  });
});
