import type { FastifyInstance } from 'fastify';
import type { BootstrapData, User } from '@backbeat/common';
import { openBrowser, uniqueIp, type Browser, type BrowserOptions } from './client.ts';
import { createUser, type CreatedUser, type UserInput } from './factories.ts';

/** The user the server sees behind this browser, as the web app reloads it. */
export async function currentUser(browser: Browser): Promise<User | null> {
  const response = await browser.get('/api/v1/bootstrap-data');
  return (response.json() as { bootstrapData: BootstrapData }).bootstrapData.user;
}

/** A browser of its own (own cookies and address) that has not logged in. */
export function guestBrowser(app: FastifyInstance, options: BrowserOptions = {}): Promise<Browser> {
  return openBrowser(app, { ip: uniqueIp(), ...options });
}

/** A new account and a browser logged into it. */
export async function signedInUser(
  app: FastifyInstance,
  input: UserInput = {},
  options: BrowserOptions = {},
): Promise<CreatedUser & { browser: Browser }> {
  const account = await createUser(app, input);
  const browser = await guestBrowser(app, options);
  await browser.login(account.email, account.password);
  return { ...account, browser };
}

/** Confirms the password as the "confirm password" dialog does; fails loudly otherwise. */
export async function confirmPassword(browser: Browser, password: string): Promise<void> {
  const response = await browser.post('/auth/user/confirm-password', { password });
  if (response.statusCode !== 200) {
    throw new Error(`Password confirmation failed with ${response.statusCode}: ${response.body}`);
  }
}
