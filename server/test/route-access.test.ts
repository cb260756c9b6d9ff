import type * as FastifyModule from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { PERMISSIONS } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_ROOTS } from '../src/http/request-context.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser } from './helpers/client.ts';
import { createUser } from './helpers/factories.ts';

/**
 * Every route the app registers, recorded by an onRoute hook installed the moment the
 * Fastify instance is created, so the core routes are seen as well as test routes.
 */
const registered = vi.hoisted(() => [] as RouteOptions[]);

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const createRecordingInstance = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => void registered.push(route));
    return app;
  }) as typeof actual.default;
  return { ...actual, default: createRecordingInstance };
});

const VALID_ACCESS = new Set<string>(['public', 'auth', ...Object.values(PERMISSIONS)]);

function registerGuardedRoutes(app: FastifyInstance): void {
  const ok = async () => ({ ok: true });
  app.get('/api/v1/test/admin-area', { config: { access: 'admin.access' } }, ok);
  app.get('/api/v1/test/members', { config: { access: 'auth' } }, ok);
  app.get('/api/v1/test/listen', { config: { access: 'music.play' } }, ok);
  app.get('/api/v1/test/download', { config: { access: 'music.download' } }, ok);
}

let testApp: TestApp;
/** The routes of `testApp` only (later builds in this file record theirs too). */
let appRoutes: RouteOptions[];

beforeAll(async () => {
  testApp = await createTestApp({ configure: registerGuardedRoutes });
  appRoutes = [...registered];
});
afterAll(() => testApp.close());

describe('the route table', () => {
  const apiRoutes = () =>
    appRoutes.filter((route) => API_ROOTS.some((r) => route.url.startsWith(r)));

  it('records every route the router serves', () => {
    expect(appRoutes.length).toBeGreaterThan(5);
    for (const route of appRoutes) {
      for (const method of [route.method].flat()) {
        expect(testApp.app.hasRoute({ method, url: route.url })).toBe(true);
      }
    }
    const recordedUrls = new Set(appRoutes.map((route) => route.url));
    for (const url of ['/auth/login', '/auth/logout', '/api/v1/bootstrap-data']) {
      expect(recordedUrls).toContain(url);
    }
  });

  it('has every /api/, /auth/ and /secure/ route declare who may call it', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(5);
    const undeclared = routes.filter((route) => !VALID_ACCESS.has(String(route.config?.access)));
    expect(undeclared.map((route) => `${String(route.method)} ${route.url}`)).toEqual([]);
  });

  it.each(['/api/v1/test/open', '/auth/test/open', '/secure/test/open'])(
    'refuses to build an app whose route %s declares no access',
    async (url) => {
      const build = createTestApp({
        configure: (app) => {
          app.get(url, async () => ({ leaked: true }));
        },
      });
      await expect(build).rejects.toThrow(`Route GET ${url} does not declare who may call it`);
    },
  );
});

describe('permission checks', () => {
  const call = async (url: string, login?: { email: string; password: string }) => {
    const browser = await openBrowser(testApp.app);
    if (login) await browser.login(login.email, login.password);
    return browser.get(url);
  };

  it('answers 401 to a guest on a permission route', async () => {
    const response = await call('/api/v1/test/admin-area');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 403 to a user of the default role', async () => {
    const user = await createUser(testApp.app);
    const response = await call('/api/v1/test/admin-area', user);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('lets the admin through, since the admin permission grants every other', async () => {
    const response = await call('/api/v1/test/admin-area', testApp.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('requires a login for auth routes and nothing more', async () => {
    expect((await call('/api/v1/test/members')).statusCode).toBe(401);
    const user = await createUser(testApp.app);
    expect((await call('/api/v1/test/members', user)).statusCode).toBe(200);
  });

  it("checks a guest against the guest role's permissions", async () => {
    expect((await call('/api/v1/test/listen')).statusCode).toBe(200);
    expect((await call('/api/v1/test/download')).statusCode).toBe(401);
  });

  it('uses the roles a user was created with', async () => {
    const artist = await createUser(testApp.app, { roleNames: ['artists'] });
    expect(artist.user.permissions.map((p) => p.name)).toContain('music.create');
    expect((await call('/api/v1/test/download', artist)).statusCode).toBe(200);
    expect((await call('/api/v1/test/admin-area', artist)).statusCode).toBe(403);
  });
});
