import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, loginThroughApi, newPage } from './browser.ts';
import { acceptCookies, seedCatalog } from './catalog.ts';
import { startServer, type TestServer } from './server.ts';

export interface Account {
  id: number;
  email: string;
  password: string;
  name: string;
}

/**
 * The set-up most browser suites share: one app with the demo catalog and one Chromium for
 * the file, closed after it, and new signed-in listeners on demand. Call it at the top of
 * a test file; `server` and `browser` are ready inside tests.
 */
export function browserSuite(options: { startServer?: Parameters<typeof startServer>[0] } = {}) {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let counter = 0;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(options.startServer), launchBrowser()]);
    await seedCatalog(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const ready = () => {
    if (!server || !browser) throw new Error('The browser suite is not started yet.');
    return { server, browser };
  };

  return {
    get server() {
      return ready().server;
    },
    get browser() {
      return ready().browser;
    },
    /** A new account; the email is unique within the file. */
    async account(name: string, emailPrefix = 'user'): Promise<Account> {
      const email = `${emailPrefix}${++counter}@backbeat.test`;
      const password = 'long enough password';
      const id = await ready().server.app.services.users.createUser({ email, password, name });
      return { id, email, password, name };
    },
    /** A tab signed in as `account` through the API, with the cookie notice accepted. */
    async signedInPage(account: Account, pageOptions: Parameters<typeof newPage>[1] = {}) {
      const { server, browser } = ready();
      const opened = await newPage(browser, pageOptions);
      await acceptCookies(opened.context, server.url);
      await loginThroughApi(opened.context, server.url, account);
      return opened;
    },
  };
}
