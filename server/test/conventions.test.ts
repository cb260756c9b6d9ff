import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signedInUser } from './helpers/accounts.ts';
import { Browser, openBrowser } from './helpers/client.ts';

/** Test-only routes that report what the server made of a request (spec §7 conventions). */
function registerEchoRoutes(app: FastifyInstance): void {
  const config = { access: 'public' as const };
  const echoMethod = (route: string) => async () => ({ route });
  app.get('/api/v1/test/method', { config }, echoMethod('GET'));
  app.post('/api/v1/test/method', { config }, echoMethod('POST'));
  app.put('/api/v1/test/method', { config }, echoMethod('PUT'));
  app.patch('/api/v1/test/method', { config }, echoMethod('PATCH'));
  app.delete('/api/v1/test/method', { config }, echoMethod('DELETE'));
  app.get('/api/v1/test/query', { config }, async (request) => ({ query: request.query }));
  app.get('/api/v1/test/workspace', { config }, async (request) => ({
    workspaceId: request.workspaceId,
  }));
}

let testApp: TestApp;
let browser: Browser;

beforeAll(async () => {
  testApp = await createTestApp({ configure: registerEchoRoutes });
  browser = await openBrowser(testApp.app);
});
afterAll(() => testApp.close());

describe('the api/v1/ prefix', () => {
  it('serves API calls under /api/v1/', async () => {
    const response = await browser.get('/api/v1/bootstrap-data');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toHaveProperty('bootstrapData.settings');
  });

  it('answers the same path without the prefix with the SPA page, not JSON', async () => {
    const response = await browser.get('/bootstrap-data');
    // No page has this address (it would be a channel's): 404, with the app's not-found page.
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('window.bootstrapData=');
  });

  it('serves auth calls at the root and not under the prefix', async () => {
    const atRoot = await browser.post('/auth/login', {});
    expect(atRoot.statusCode).toBe(422);
    const prefixed = await browser.post('/api/v1/auth/login', {});
    expect(prefixed.statusCode).toBe(404);
  });
});

describe('XSRF protection', () => {
  it('sets a readable XSRF cookie and an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await new Browser(testApp.app).open();
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
    expect(cookies['backbeat_session']).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(cookies['XSRF-TOKEN']?.httpOnly).toBeFalsy();
  });

  it('refuses a POST without the X-XSRF-TOKEN header with 419 and a message', async () => {
    const response = await browser.request({
      method: 'POST',
      url: '/api/v1/test/method',
      xsrf: false,
    });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it("refuses a POST carrying another session's XSRF token", async () => {
    const other = await openBrowser(testApp.app);
    expect(other.xsrfToken).not.toBe(browser.xsrfToken);
    const response = await browser.post(
      '/api/v1/test/method',
      {},
      {
        'x-xsrf-token': other.xsrfToken ?? '',
      },
    );
    expect(response.statusCode).toBe(419);
  });

  it('lets a POST with the matching token through', async () => {
    const response = await browser.post('/api/v1/test/method');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ route: 'POST' });
  });

  it('does not ask GET requests for a token', async () => {
    const response = await browser.request({ url: '/api/v1/test/method', xsrf: false });
    expect(response.statusCode).toBe(200);
  });
});

describe('method override', () => {
  it('routes a POST with X-HTTP-Method-Override: DELETE to the DELETE route', async () => {
    const response = await browser.post(
      '/api/v1/test/method',
      {},
      {
        'x-http-method-override': 'DELETE',
      },
    );
    expect(response.json()).toEqual({ route: 'DELETE' });
  });

  it('routes a POST with ?_method=PUT to the PUT route', async () => {
    const response = await browser.post('/api/v1/test/method?_method=PUT');
    expect(response.json()).toEqual({ route: 'PUT' });
  });

  it('accepts the override in lower case, as PATCH too', async () => {
    const response = await browser.post('/api/v1/test/method?_method=patch');
    expect(response.json()).toEqual({ route: 'PATCH' });
  });

  it('still checks the XSRF token of an overridden request', async () => {
    const response = await browser.request({
      method: 'POST',
      url: '/api/v1/test/method',
      headers: { 'x-http-method-override': 'DELETE' },
      xsrf: false,
    });
    expect(response.statusCode).toBe(419);
  });

  it('never overrides a GET', async () => {
    const response = await browser.get('/api/v1/test/method?_method=DELETE', {
      'x-http-method-override': 'DELETE',
    });
    expect(response.json()).toEqual({ route: 'GET' });
  });

  it.each(['GET', 'POST', 'HEAD', 'OPTIONS'])('does not turn a POST into %s', async (method) => {
    const response = await browser.post(
      '/api/v1/test/method',
      {},
      {
        'x-http-method-override': method,
      },
    );
    expect(response.json()).toEqual({ route: 'POST' });
  });
});

describe('comma-list query parameters', () => {
  it('splits with, load and loadCount into arrays and leaves other params alone', async () => {
    const response = await browser.get(
      '/api/v1/test/query?with=artist,album&load=tracks&load=tags,genres&loadCount=plays&q=a,b',
    );
    expect(response.json()).toEqual({
      query: {
        with: ['artist', 'album'],
        load: ['tracks', 'tags', 'genres'],
        loadCount: ['plays'],
        q: 'a,b',
      },
    });
  });

  it('drops empty entries', async () => {
    const response = await browser.get('/api/v1/test/query?with=,artist,,');
    expect(response.json()).toEqual({ query: { with: ['artist'] } });
  });
});

describe('workspaceId', () => {
  const workspaceOf = async (url: string, cookies: Record<string, string> = {}) => {
    const client = new Browser(testApp.app);
    for (const [name, value] of Object.entries(cookies)) client.cookies.set(name, value);
    return client.get(url);
  };

  /** A signed-in member of two workspaces; only members may use a workspace id. */
  let member: Browser;
  let first: number;
  let second: number;
  beforeAll(async () => {
    const account = await signedInUser(testApp.app);
    member = account.browser;
    first = (await testApp.app.services.workspaces.create(account.id, 'First')).id;
    second = (await testApp.app.services.workspaces.create(account.id, 'Second')).id;
  });
  const memberWorkspaceOf = async (url: string, cookie?: number) => {
    if (cookie === undefined) member.cookies.delete('activeWorkspaceId');
    else member.cookies.set('activeWorkspaceId', String(cookie));
    return member.get(url);
  };

  it('defaults to 0, the default workspace', async () => {
    const response = await workspaceOf('/api/v1/test/workspace');
    expect(response.json()).toEqual({ workspaceId: 0 });
  });

  it('is read from the query parameter as a number', async () => {
    const response = await memberWorkspaceOf(`/api/v1/test/workspace?workspaceId=${first}`);
    expect(response.json()).toEqual({ workspaceId: first });
  });

  it('falls back to the activeWorkspaceId cookie when the parameter is missing', async () => {
    const fromCookie = await memberWorkspaceOf('/api/v1/test/workspace', second);
    expect(fromCookie.json()).toEqual({ workspaceId: second });
    const paramWins = await memberWorkspaceOf(
      `/api/v1/test/workspace?workspaceId=${first}`,
      second,
    );
    expect(paramWins.json()).toEqual({ workspaceId: first });
  });

  it('answers 404 for a workspace the user does not belong to, or to a guest', async () => {
    const stranger = await signedInUser(testApp.app);
    const asked = await stranger.browser.get(`/api/v1/test/workspace?workspaceId=${first}`);
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toEqual({ message: 'This workspace does not exist.' });
    const guest = await workspaceOf(`/api/v1/test/workspace?workspaceId=${first}`);
    expect(guest.statusCode).toBe(404);
  });

  it('treats a cookie naming a workspace the user left as the default workspace', async () => {
    const stranger = await signedInUser(testApp.app);
    stranger.browser.cookies.set('activeWorkspaceId', String(first));
    const response = await stranger.browser.get('/api/v1/test/workspace');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ workspaceId: 0 });
  });

  it.each(['abc', '-1', '1.5'])(
    'rejects workspaceId=%s with 422 and errors.workspaceId',
    async (value) => {
      const response = await workspaceOf(`/api/v1/test/workspace?workspaceId=${value}`);
      expect(response.statusCode).toBe(422);
      const body = response.json() as { message: string; errors: Record<string, string[]> };
      expect(body.errors.workspaceId?.[0]).toEqual(expect.any(String));
      expect(body.message).toBe(body.errors.workspaceId?.[0]);
    },
  );
});
