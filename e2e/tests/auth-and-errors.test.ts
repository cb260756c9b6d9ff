import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { ADMIN, startServer, type TestServer } from '../src/server.ts';

const EXPLODING_EMAIL = 'explode@backbeat.test';
// Own accounts for the guard and guest-only tests: logins are limited per account per minute.
const LISTENER = { email: 'visitor@backbeat.test', password: 'a long listener password' };
const SECOND_ADMIN = { email: 'second-admin@backbeat.test', password: 'a long admin password' };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      debug: true,
      inProcess: {
        reason: 'a hook makes one sign-in fail with a genuine server error for the debug dialog',
        configure: (app) => {
          // A genuine server failure for the debug dialog to show.
          app.addHook('preHandler', async (request) => {
            if ((request.body as { email?: string } | undefined)?.email === EXPLODING_EMAIL) {
              throw new TypeError('The mixing desk caught fire');
            }
          });
        },
      },
    }),
    launchBrowser(),
  ]);
  await server.app.services.users.createUser({ ...LISTENER, name: 'Visitor' });
  await server.app.services.users.createUser({ ...SECOND_ADMIN, roleNames: ['admin'] });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('logging in and out', () => {
  it('logs the seeded admin in with email and password, then out again', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await fillLogin(page, ADMIN.email, ADMIN.password);
    // The admin role lands in the admin area (spec 1 §2).
    await page.waitForURL(`${server.url}/admin`);
    const accountMenu = page.getByRole('button', { name: 'Account menu' });
    await accountMenu.waitFor();
    await accountMenu.click();
    expect(await page.getByRole('menu').textContent()).toContain(ADMIN.email);
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.reload();
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows wrong credentials on the email field and focuses it', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await fillLogin(page, ADMIN.email, 'not the password');
    await page.getByText('These credentials do not match our records.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await context.close();
  });

  it('honours a same-origin redirect and ignores an outside one', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/404')}`);
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${server.url}/404`);
    await context.close();

    const second = await newPage(browser);
    await second.page.goto(`${server.url}/login?redirect=${encodeURIComponent('//evil.example/')}`);
    await fillLogin(second.page, ADMIN.email, ADMIN.password);
    await second.page.waitForURL(`${server.url}/admin`);
    await second.context.close();
  });
});

/** Takes a permission from the guests' role for the length of `run`. */
async function withoutGuestPermission(name: string, run: () => Promise<void>) {
  const { db } = server.app.services.database;
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('is_guest', '=', 1)
    .executeTakeFirstOrThrow();
  const permission = await db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  const taken = await db
    .selectFrom('permission_grants')
    .selectAll()
    .where('grantee_type', '=', 'role')
    .where('grantee_id', '=', role.id)
    .where('permission_id', '=', permission.id)
    .execute();
  await db
    .deleteFrom('permission_grants')
    .where('grantee_type', '=', 'role')
    .where('grantee_id', '=', role.id)
    .where('permission_id', '=', permission.id)
    .execute();
  server.app.services.guestRole.clear();
  try {
    await run();
  } finally {
    if (taken.length) await db.insertInto('permission_grants').values(taken).execute();
    server.app.services.guestRole.clear();
  }
}

describe('a guest refused by a permission (spec 1 §2 route guard, issue 36.6)', () => {
  async function expectSentToLogin(page: Page, path: string) {
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe(path);
  }

  it('goes from the API reference to log in, and back there after signing in', async () => {
    // Guests do not hold api.access on a new site.
    const { page, context } = await newPage(browser);
    await expectSentToLogin(page, '/api-docs');
    await fillLogin(page, LISTENER.email, LISTENER.password);
    await page.waitForURL(`${server.url}/api-docs`);
    await page.getByRole('heading', { name: 'API documentation' }).waitFor();
    await context.close();
  });

  it('goes to log in from player pages and embeds of a site that hides music from guests', async () => {
    await withoutGuestPermission('music.view', async () => {
      const { page, context } = await newPage(browser);
      await expectSentToLogin(page, '/search/drums');
      await expectSentToLogin(page, '/track/1/a-song/embed');
      await fillLogin(page, LISTENER.email, LISTENER.password);
      await page.waitForURL(`${server.url}/track/1/a-song/embed`);
      await context.close();
    });
  });
});

describe('guest-only screens (spec 1 §1, issue 36.7)', () => {
  it.each(['/login', '/register', '/forgot-password'])(
    'sends a signed-in admin from %s to their landing address, /admin',
    async (path) => {
      const { page, context } = await newPage(browser);
      await loginThroughApi(context, server.url, SECOND_ADMIN);
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}/admin`);
      await context.close();
    },
  );
});

describe('toasts', () => {
  it('shows a toast that pauses while hovered and then leaves', async () => {
    const { page, context } = await newPage(browser);
    await page.clock.install();
    await page.goto(`${server.url}/login`);
    // Too many attempts is answered without field errors, so it arrives as a toast.
    for (let attempt = 0; attempt < 6; attempt++) {
      await fillLogin(page, 'toast@backbeat.test', `wrong-${attempt}`);
      await page.getByRole('button', { name: 'Continue' }).and(page.locator(':enabled')).waitFor();
    }
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Too many attempts');
    expect(await toast.getAttribute('data-toast-type')).toBe('danger');

    await toast.hover();
    await page.clock.runFor(20_000);
    expect(await toast.isVisible()).toBe(true);

    await page.mouse.move(5, 5);
    await page.clock.runFor(8_000);
    await expect.poll(() => toast.count()).toBe(0);
    await context.close();
  });
});

describe('server errors in debug mode', () => {
  it('opens the "An error occured" dialog with frames, code and the log download', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await fillLogin(page, EXPLODING_EMAIL, 'whatever');
    const dialog = page.getByRole('dialog', { name: 'An error occured' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('TypeError');
    expect(await dialog.textContent()).toContain('The mixing desk caught fire');

    // The first frame of our own code is selected and its error line highlighted.
    const errorLine = dialog.locator('[data-error-line]');
    expect(await errorLine.textContent()).toContain(
      "throw new TypeError('The mixing desk caught fire')",
    );

    const toggle = dialog.getByRole('button', { name: 'Expand vendor frames' });
    expect(
      await dialog
        .getByText(/\d+ vendor frames/)
        .first()
        .isVisible(),
    ).toBe(true);
    await toggle.click();
    await dialog.getByRole('button', { name: 'Collapse vendor frames' }).waitFor();
    expect(
      await dialog
        .getByRole('navigation')
        .getByText(/node_modules/)
        .first()
        .isVisible(),
    ).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download log' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^error-\d{4}-\d{2}-\d{2}\.log$/);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });
});
