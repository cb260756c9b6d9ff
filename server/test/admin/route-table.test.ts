import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_DEFINITIONS } from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser, type Browser } from '../helpers/client.ts';
import { createUser } from '../helpers/factories.ts';

/*
 * Issue 12: every admin API route needs admin.access plus its own permission (spec 2 §6),
 * proven by walking the app's real route table: each `/api/v1/admin…` route, and each route
 * whose access is an admin-only permission, is called as a user who holds everything but
 * admin.access, as one who holds admin.access alone, and as guest, listener, artist and admin.
 */

const routes: RouteOptions[] = [];
let t: TestApp;
let admin: Browser;
/** The permissions only the admin area uses (the spec's table, group `admin`). */
const ADMIN_ONLY = new Set<string>(
  PERMISSION_DEFINITIONS.filter((p) => p.group === 'admin').map((p) => p.name),
);

beforeAll(async () => {
  t = await createTestApp({
    instrument: (app) => void app.addHook('onRoute', (route) => void routes.push(route)),
  });
  admin = await openBrowser(t.app);
  await admin.login(t.admin.email, t.admin.password);
});
afterAll(() => t.close());

type Route = { method: string; url: string; access: string };

/** The admin routes as registered (HEAD twins left out). */
function adminRoutes(): Route[] {
  return routes
    .flatMap((route) =>
      [route.method].flat().map((method) => ({
        method: String(method),
        url: route.url,
        access: String(route.config?.access ?? ''),
      })),
    )
    .filter((route) => route.method !== 'HEAD')
    .filter((route) => route.url.startsWith('/api/v1/admin') || ADMIN_ONLY.has(route.access));
}

/** Calls a route with plausible ids; a body that is not valid input is fine (422 after access). */
function call(browser: Browser, route: Route) {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
    name === 'sessionId' ? 'f'.repeat(64) : '999999',
  );
  if (route.method === 'GET') return browser.get(url);
  if (route.method === 'POST') return browser.post(url, {});
  if (route.method === 'PUT') return browser.put(url, {});
  if (route.method === 'PATCH') return browser.overridden('PATCH', url, {});
  return browser.delete(url);
}

let roleSequence = 0;
async function as(permissions: string[], roleNames?: string[]) {
  const names = roleNames ?? [`route-table-${++roleSequence}`];
  if (!roleNames) {
    await t.app.services.roles.createRole({ name: names[0]!, description: '', permissions });
  }
  const user = await createUser(t.app, { roleNames: names });
  const browser = await openBrowser(t.app);
  await browser.login(user.email, user.password);
  return browser;
}

describe('the admin route table', () => {
  it('holds the routes of every admin screen', () => {
    const urls = new Set(adminRoutes().map((route) => route.url));
    for (const name of [
      'users',
      'roles',
      'channels',
      'tracks',
      'albums',
      'artists',
      'genres',
      'tags',
      'playlists',
      'lyrics',
      'comments',
      'files',
    ]) {
      expect(urls, name).toContain(`/api/v1/admin/${name}`);
    }
    expect(adminRoutes().length).toBeGreaterThan(60);
  });

  it('refuses every admin route without admin.access, whatever else the user holds', async () => {
    const everythingButAdmin = await as(
      PERMISSION_DEFINITIONS.map((p) => p.name).filter(
        (name) => name !== 'admin' && name !== 'admin.access',
      ),
    );
    for (const route of adminRoutes()) {
      const response = await call(everythingButAdmin, route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('refuses every admin route to admin.access alone, unless that is all it needs', async () => {
    const onlyAdminAccess = await as(['admin.access']);
    for (const route of adminRoutes()) {
      const response = await call(onlyAdminAccess, route);
      if (route.access === 'admin.access') {
        expect(response.statusCode, `${route.method} ${route.url}`).not.toBe(403);
      } else {
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
    }
  });

  it('opens each route to its own permission plus admin.access', async () => {
    const byPermission = new Map<string, Browser>();
    for (const route of adminRoutes()) {
      if (!byPermission.has(route.access)) {
        byPermission.set(route.access, await as(['admin.access', route.access]));
      }
      const response = await call(byPermission.get(route.access)!, route);
      expect([401, 403, 500], `${route.method} ${route.url}`).not.toContain(response.statusCode);
    }
  });
});

describe('the admin endpoint matrix: guest, listener, artist, admin', () => {
  it('answers 401 to guests, 403 to listeners and artists, and serves admins', async () => {
    const guest = await openBrowser(t.app);
    // A guest needs a session with an XSRF token to reach the access check on writes.
    await guest.get('/api/v1/bootstrap-data');
    const listener = await as([], ['users']);
    const artist = await as([], ['artists']);
    for (const route of adminRoutes()) {
      const label = `${route.method} ${route.url}`;
      expect((await call(guest, route)).statusCode, `guest ${label}`).toBe(401);
      expect((await call(listener, route)).statusCode, `listener ${label}`).toBe(403);
      expect((await call(artist, route)).statusCode, `artist ${label}`).toBe(403);
      const answer = await call(admin, route);
      expect([401, 403, 500], `admin ${label}`).not.toContain(answer.statusCode);
      if (route.method === 'GET' && !route.url.includes(':')) {
        expect(answer.statusCode, `admin ${label}`).toBe(200);
      }
    }
  });
});
