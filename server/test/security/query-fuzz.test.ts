import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../src/openapi-document.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedSmallCatalog } from '../helpers/catalog.ts';
import { openBrowser, type Browser } from '../helpers/client.ts';

/*
 * Issue 36.11, "never a 500" for query strings: every operation of the OpenAPI document that
 * takes query parameters is called with malformed values for them (bad dates, empty strings,
 * huge and negative numbers, repeated keys, unicode, control characters), as the admin (so no
 * access check hides a crash) and as a guest, and answers below 500 every time.
 */

/** Cases per operation and caller; QUERY_FUZZ_RUNS asks for a longer search. */
const RUNS = Number(process.env.QUERY_FUZZ_RUNS) || 40;

interface QueryOperation {
  method: string;
  path: string;
  names: string[];
}

let t: TestApp;
let admin: Browser;
let guest: Browser;
let operations: QueryOperation[];

beforeAll(async () => {
  t = await createTestApp();
  await seedSmallCatalog(t.app);
  admin = await openBrowser(t.app, { ip: '10.251.0.1' });
  await admin.login(t.admin.email, t.admin.password);
  guest = await openBrowser(t.app, { ip: '10.251.0.2' });
  const document = JSON.parse(await readFile(OPENAPI_FILE, 'utf8')) as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => {
      const names = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
      return names.length ? [{ method: method.toUpperCase(), path, names }] : [];
    }),
  );
});
afterAll(() => t?.close());

/** One malformed (or borderline) value of a query parameter, as the raw string sent. */
const malformedValue = fc.oneof(
  fc.constantFrom(
    '',
    'x',
    '0',
    '-1',
    '1e309',
    '99999999999999999999999',
    '-99999999999999999999999',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '2024-02-30',
    '2024-13-01',
    '0000-01-01',
    '9999-12-31',
    '-000001-01-01',
    '+275760-09-13',
    '2024-01-01T00:00:00Z',
    '1.5',
    '0x10',
    ' ',
    '%',
    '\u0000',
    '💿',
    'é'.repeat(300),
    'a,b,,c',
    ',',
    'x'.repeat(5000),
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.date({ noInvalidDate: false }).map((date) => {
    const time = date.getTime();
    return Number.isNaN(time) ? 'Invalid Date' : String(time);
  }),
);

/** Each parameter absent, once, or repeated (an array to the server). */
const queryOf = (names: string[]) =>
  fc.record(
    Object.fromEntries(
      names.map((name) => [name, fc.array(malformedValue, { minLength: 0, maxLength: 3 })]),
    ),
  );

function urlOf(operation: QueryOperation, values: Record<string, string[]>): string {
  const path = operation.path.replace(/\{\w+\}/g, '1');
  const query = new URLSearchParams();
  for (const [name, list] of Object.entries(values)) {
    for (const value of list) query.append(name, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

async function call(browser: Browser, method: string, url: string) {
  if (method === 'GET') return browser.get(url);
  return browser.request({ method: method as 'POST', url, payload: {} });
}

describe('query parameters of every operation', () => {
  it('walks the operations that take a query', () => {
    const paths = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths).toContain('GET /api/v1/admin/dashboard');
    expect(paths).toContain('GET /api/v1/tracks/{id}/insights');
  });

  it.each([
    ['the admin', () => admin],
    ['a guest', () => guest],
  ])(
    'answers malformed query values below 500, for %s',
    async (_who, browser) => {
      const failures: string[] = [];
      for (const operation of operations) {
        const label = `${operation.method} ${operation.path}`;
        const details = await fc.check(
          fc.asyncProperty(queryOf(operation.names), async (values) => {
            const response = await call(browser(), operation.method, urlOf(operation, values));
            return response.statusCode < 500;
          }),
          { numRuns: RUNS },
        );
        if (details.failed) {
          const values = details.counterexample?.[0] as Record<string, string[]> | undefined;
          failures.push(
            `${label}: ${values ? urlOf(operation, values) : String(details.errorInstance)}`,
          );
        }
      }
      expect(failures).toEqual([]);
    },
    300_000,
  );

  it.each([
    ['/api/v1/admin/dashboard?to=x'],
    ['/api/v1/tracks/1/insights?to='],
    ['/api/v1/albums/1/insights?to=0'],
    ['/api/v1/artists/1/insights?from=x&to=2024-01-01'],
    ['/api/v1/admin/dashboard?to=9999-12-31'],
    ['/api/v1/tracks/1/insights?from=0000-01-01&to=0000-01-02'],
  ])('answers %s with a field error for the admin and a refusal for a guest', async (url) => {
    const asAdmin = await admin.get(url);
    expect(asAdmin.statusCode).toBe(422);
    const errors = (asAdmin.json() as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors).some((field) => ['from', 'to'].includes(field))).toBe(true);
    expect([401, 403, 404]).toContain((await guest.get(url)).statusCode);
  });

  it('refuses a NUL character in a query value with a field error (PostgreSQL stores none)', async () => {
    const response = await admin.get('/api/v1/backstage/artist-options?query=a%00b');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { query: [expect.any(String)] } });
    expect((await guest.get('/api/v1/backstage/artist-options?query=%00')).statusCode).toBe(401);
  });
});
