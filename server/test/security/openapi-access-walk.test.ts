import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission } from '@backbeat/common';
import { OPENAPI_FILE } from '../../src/openapi-document.ts';
import { confirmPassword, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedSmallCatalog } from '../helpers/catalog.ts';
import { TokenClient, type Browser, type BrowserResponse } from '../helpers/client.ts';

/*
 * Checklist item 3, "non-admin on every admin endpoint" (issue 35): every operation of the
 * committed OpenAPI document whose declared access a plain listener lacks (admin.* and the
 * other staff permissions) is called with existing ids and a body that passes its schema, as
 * a listener's cookie session (with its XSRF token), the same listener's API token and a
 * guest. Each is refused (401, 403 or 404) and nothing in the database changes. Every
 * operation, whoever may call it, answers those three without a 500.
 */

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
};

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  /** The path as the document writes it (`/api/v1/admin/users/{id}`). */
  path: string;
  /** As the document declares it. */
  access: string;
  /** As the route enforces it (its config). */
  routeAccess: string | undefined;
  parameters: Parameter[];
  body?: JsonSchema;
  /** The statuses the document says it answers. */
  statuses: Set<number>;
}

const routes: RouteOptions[] = [];
let t: TestApp;
let operations: Operation[];
let listener: Awaited<ReturnType<typeof signedInUser>>;
let listenerToken: TokenClient;
let guest: Browser;
/** The smallest id of each table that has rows, so calls name things that exist. */
const firstIds = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({
    instrument: (app) => void app.addHook('onRoute', (route) => void routes.push(route)),
  });
  await seedSmallCatalog(t.app);
  const { db } = t.app.services.database;
  for (const table of await db.introspection.getTables()) {
    if (!table.columns.some((column) => column.name === 'id')) continue;
    const row = await db
      .selectFrom(table.name as never)
      .select((eb) => eb.fn.min('id' as never).as('id'))
      .executeTakeFirst();
    const id = Number((row as { id?: unknown } | undefined)?.id);
    if (Number.isInteger(id) && id > 0) firstIds.set(table.name, id);
  }

  listener = await signedInUser(t.app, { name: 'Walker Listener' });
  await confirmPassword(listener.browser, listener.password);
  const created = await listener.browser.post('/api/v1/access-tokens', { tokenName: 'walk' });
  listenerToken = new TokenClient(
    t.app,
    (created.json() as { plainTextToken: string }).plainTextToken,
  );
  guest = await guestBrowser(t.app);
  // A guest with a session and its XSRF token, so writes reach the access check.
  await guest.get('/api/v1/bootstrap-data');

  const routeAccess = new Map<string, string>();
  for (const route of routes) {
    for (const method of [route.method].flat()) {
      routeAccess.set(`${String(method)} ${route.url}`, String(route.config?.access ?? ''));
    }
  }
  // The committed document the server serves (the drift test keeps it equal to the code).
  const document = JSON.parse(await readFile(OPENAPI_FILE, 'utf8')) as {
    paths: Record<string, Record<string, DocumentOperation>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      access: declaredAccess(operation),
      routeAccess: routeAccess.get(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
      statuses: new Set(Object.keys(operation.responses ?? {}).map(Number)),
    })),
  );
});
afterAll(() => t?.close());

interface DocumentOperation {
  security?: unknown[];
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

/**
 * Who may call an operation, as the document declares it: no security is public, a needed
 * permission is named in the description, anything else needs a signed-in user.
 */
function declaredAccess(operation: DocumentOperation): string {
  if (!operation.security?.length) return 'public';
  return /Needs the `([^`]+)` permission/.exec(operation.description ?? '')?.[1] ?? 'auth';
}

/** Table names a path segment may stand for. */
const TABLE_OF_SEGMENT: Record<string, string> = { files: 'file_entries' };
const TABLE_OF_PARAM: Record<string, string> = {
  userId: 'users',
  tokenId: 'personal_access_tokens',
  workspaceId: 'workspaces',
  seedId: 'artists',
};

/** An existing id for the parameter `name` in `path`: from the segment before it. */
function existingId(path: string, name: string): number {
  const table =
    TABLE_OF_PARAM[name] ??
    (() => {
      const segments = path.split('/');
      const at = segments.indexOf(`{${name}}`);
      const segment = segments[at - 1] ?? '';
      return TABLE_OF_SEGMENT[segment] ?? segment.replace(/-/g, '_');
    })();
  return firstIds.get(table) ?? 1;
}

/** A few strings of the shapes the API's patterns ask for. */
const PATTERN_CANDIDATES = [
  'zq-walk',
  'Zq walk',
  'a'.repeat(32),
  'f'.repeat(64),
  '#102030',
  '1',
  'en',
];

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'email':
      return 'walker@example.test';
    case 'uri':
    case 'url':
      return 'https://example.test/walk';
    case 'date-time':
      return new Date().toISOString();
    case 'date':
      return new Date().toISOString().slice(0, 10);
  }
  const fits = (value: string) =>
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(value));
  const found = PATTERN_CANDIDATES.find(fits);
  if (found) return found;
  return 'z'.repeat(Math.max(schema.minLength ?? 1, 1));
}

/** `track_id`, `artist_ids` name rows of `tracks`, `artists`: the first existing one. */
function idNamedBy(name: string | undefined): number | undefined {
  const prefix = /^(\w+?)_ids?$/.exec(name ?? '')?.[1];
  if (!prefix) return undefined;
  return firstIds.get(prefix.endsWith('y') ? `${prefix.slice(0, -1)}ies` : `${prefix}s`);
}

/**
 * A value that passes the schema (`name` is the property it is for), so a missing access
 * check would reach the handler and act on things that exist.
 */
function sample(schema: JsonSchema | undefined, name?: string): unknown {
  if (!schema) return undefined;
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    return sample(variants.find((variant) => variant.type !== 'null') ?? variants[0], name);
  }
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => sample(part, name) as object));
  }
  const type = Array.isArray(schema.type)
    ? schema.type.find((name) => name !== 'null')
    : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, sample(schema.properties?.[key], key)]),
      );
    case 'array': {
      if (schema.maxItems === 0) return [];
      const count = Math.max(schema.minItems ?? 1, 1);
      return Array.from({ length: count }, () => sample(schema.items, name));
    }
    case 'string':
      return /email/i.test(name ?? '') ? 'walker@example.test' : sampleString(schema);
    case 'integer':
    case 'number':
      return idNamedBy(name) ?? schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

/** The operation's URL with its path parameters filled and its required query given. */
function urlOf(operation: Operation): string {
  let url = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const schema = parameter.schema ?? {};
    let value: string;
    if (parameter.in === 'path' && ['integer', 'number'].includes(String(schema.type))) {
      value = String(existingId(operation.path, parameter.name));
    } else if (parameter.in === 'path' && /^(ids|idOrSlug|slugOrId)$/.test(parameter.name)) {
      value = String(existingId(operation.path, parameter.name));
    } else {
      value = String(sample(schema));
    }
    if (parameter.in === 'path')
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.in === 'query' && parameter.required) query.set(parameter.name, value);
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

type Caller = (operation: Operation) => Promise<BrowserResponse>;

/** As the web client sends it: PUT, PATCH and DELETE tunnelled through POST, with XSRF. */
const asBrowser =
  (browser: () => Browser): Caller =>
  (operation) => {
    const url = urlOf(operation);
    const payload = operation.body ? (sample(operation.body) as object) : {};
    if (operation.method === 'GET') return browser().get(url);
    if (operation.method === 'POST') return browser().post(url, payload);
    return browser().overridden(operation.method as 'PUT' | 'PATCH' | 'DELETE', url, payload);
  };

/** As a program with a personal API token: the real method, no cookie, no XSRF. */
const asToken =
  (client: () => TokenClient): Caller =>
  (operation) =>
    client().request({
      method: operation.method as 'GET',
      url: urlOf(operation),
      ...(operation.method === 'GET'
        ? {}
        : { payload: operation.body ? (sample(operation.body) as object) : {} }),
    });

/** Every row of every table, so "nothing changed" is checked, not assumed. */
async function databaseSnapshot(): Promise<Map<string, string>> {
  const { db } = t.app.services.database;
  const snapshot = new Map<string, string>();
  for (const table of await db.introspection.getTables()) {
    const rows = await db
      .selectFrom(table.name as never)
      .selectAll()
      .execute();
    snapshot.set(table.name, JSON.stringify(rows.map((row) => JSON.stringify(row)).sort()));
  }
  return snapshot;
}

/** Every stored file with its size (the SQLite database itself left out). */
async function storageSnapshot(): Promise<string[]> {
  const root = t.config.storagePath;
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.startsWith('database.sqlite')) continue;
    const path = join(entry.parentPath, entry.name);
    files.push(`${path.slice(root.length)} ${(await stat(path)).size}`);
  }
  return files.sort();
}

/** Tables a refused request may still touch: its own session and token bookkeeping. */
const BOOKKEEPING = new Set(['sessions', 'personal_access_tokens']);

const label = (operation: Operation) => `${operation.method} ${operation.path}`;

describe('every staff operation of the OpenAPI document', () => {
  it('declares the access its route enforces', () => {
    const differing = operations
      .filter((operation) => operation.access !== operation.routeAccess)
      .map((operation) => `${label(operation)}: ${operation.access} / ${operation.routeAccess}`);
    expect(differing).toEqual([]);
  });

  it('is refused to a listener (session and API token) and a guest, and changes nothing', async () => {
    const user = (await t.app.services.users.findForRequest(listener.id))!;
    const staffOnly = operations.filter(
      (operation) =>
        operation.access !== 'public' &&
        operation.access !== 'auth' &&
        !hasPermission({ user, guestPermissions: [] }, operation.access),
    );
    // The admin area at least; the walk covers each of them.
    expect(staffOnly.filter((op) => op.path.startsWith('/api/v1/admin')).length).toBeGreaterThan(
      60,
    );
    expect(new Set(staffOnly.map((op) => op.access.split('.')[0]))).toContain('admin');

    const before = await databaseSnapshot();
    const filesBefore = await storageSnapshot();
    const callers: [string, Caller][] = [
      ['listener session', asBrowser(() => listener.browser)],
      ['listener token', asToken(() => listenerToken)],
      ['guest', asBrowser(() => guest)],
    ];
    const allowed: string[] = [];
    for (const operation of staffOnly) {
      for (const [who, call] of callers) {
        const { statusCode } = await call(operation);
        if (![401, 403, 404].includes(statusCode)) {
          allowed.push(`${who} ${label(operation)} (${operation.access}): ${statusCode}`);
        }
      }
    }
    expect(allowed).toEqual([]);

    const after = await databaseSnapshot();
    const changed = [...after.keys()].filter(
      (table) => !BOOKKEEPING.has(table) && after.get(table) !== before.get(table),
    );
    expect(changed).toEqual([]);
    expect(await storageSnapshot()).toEqual(filesBefore);
  });

  it('answers every operation without a 500 and only as the document says, to a listener, their token and a guest', async () => {
    // A listener of its own: some operations end the session or the account they run in.
    let walker = await signedInUser(t.app, { name: 'Walker Two' });
    await confirmPassword(walker.browser, walker.password);
    const created = await walker.browser.post('/api/v1/access-tokens', { tokenName: 'walk' });
    let token = new TokenClient(
      t.app,
      (created.json() as { plainTextToken: string }).plainTextToken,
    );
    const freshGuest = await guestBrowser(t.app);
    await freshGuest.get('/api/v1/bootstrap-data');
    const callers: [string, Caller][] = [
      ['listener session', asBrowser(() => walker.browser)],
      ['listener token', asToken(() => token)],
      ['guest', asBrowser(() => freshGuest)],
    ];
    const failed: string[] = [];
    const undocumented: string[] = [];
    for (const operation of operations) {
      for (const [who, call] of callers) {
        let response = await call(operation);
        if (response.statusCode === 401 && operation.access !== 'public' && who !== 'guest') {
          // The session or account ended (logout, account deletion): start again once.
          walker = await signedInUser(t.app, { name: 'Walker Again' });
          await confirmPassword(walker.browser, walker.password);
          const again = await walker.browser.post('/api/v1/access-tokens', { tokenName: 'walk' });
          token = new TokenClient(
            t.app,
            (again.json() as { plainTextToken: string }).plainTextToken,
          );
          response = await call(operation);
        }
        if (response.statusCode >= 500) {
          failed.push(
            `${who} ${label(operation)}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        } else if (!operation.statuses.has(response.statusCode)) {
          undocumented.push(`${who} ${label(operation)}: ${response.statusCode}`);
        }
      }
    }
    expect(failed).toEqual([]);
    // Outside tools generate clients from the document: what the server answers is in it.
    expect(undocumented).toEqual([]);
  }, 120_000);
});
