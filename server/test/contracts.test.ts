import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import * as contracts from '@backbeat/common/contracts';
import { endpoint, isJsonResponse, type EndpointDefinition } from '@backbeat/common/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEndpoint } from '../src/http/endpoint.ts';
import { isApiUrl } from '../src/http/request-context.ts';
import { OPENAPI_FILE, formatOpenApi, generateOpenApiDocument } from '../src/openapi-document.ts';
import { guestBrowser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/** A test-only endpoint whose handler sends bytes that break its contract (like a stale cache). */
const brokenAnswer = endpoint({
  method: 'GET',
  path: '/api/v1/test/broken-answer',
  access: 'public',
  response: z.object({ album: z.object({ id: z.number(), name: z.string() }) }),
});

const routes: RouteOptions[] = [];
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({
    instrument: (app) => void app.addHook('onRoute', (route) => void routes.push(route)),
    configure: (app) =>
      registerEndpoint(app, brokenAnswer, (_request, reply) =>
        reply.type('application/json').send(Buffer.from('{"album":{"id":1,"title":"Renamed"}}')),
      ),
  });
});
afterAll(() => testApp.close());

const served = () =>
  routes.filter(
    (route) =>
      route.method !== 'HEAD' && (isApiUrl(route.url) || /^\/(api-docs|health)\//.test(route.url)),
  );

describe('the route table', () => {
  it('registers every API route from a contract with a response schema or a non-JSON kind', () => {
    const withoutContract = served()
      .filter((route) => !route.config?.contract)
      .map((route) => `${String(route.method)} ${route.url}`);
    expect(withoutContract).toEqual([]);
    for (const route of served()) {
      const contract = route.config!.contract!;
      expect([contract.method, contract.path]).toEqual([route.method, route.url]);
      if (isJsonResponse(contract.response)) {
        expect(route.schema?.response).toBeDefined();
      } else {
        expect(contract.response.description.length).toBeGreaterThan(0);
      }
    }
  });

  it('serves every contract of common/ exactly once', () => {
    const declared = Object.values(contracts as Record<string, unknown>).filter(
      (value): value is EndpointDefinition =>
        typeof value === 'object' && value !== null && 'method' in value && 'path' in value,
    );
    expect(declared.length).toBeGreaterThan(10);
    for (const contract of declared) {
      const matching = served().filter((route) => route.config?.contract === contract);
      expect(matching, `${contract.method} ${contract.path}`).toHaveLength(1);
    }
  });
});

describe('contract conformance', () => {
  it('fails an answer whose field was renamed, even when sent as ready-made bytes', async () => {
    const response = await testApp.app.inject({ url: brokenAnswer.path });
    expect(response.statusCode).toBe(500);
  });
});

describe('GET /api-docs/openapi.json', () => {
  it('is served without login, as OpenAPI 3.1 with both security schemes', async () => {
    const response = await testApp.app.inject({ url: '/api-docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'apiToken',
      'session',
    ]);
  });

  it('documents request schemas, the 2xx answer and the error answers of an operation', async () => {
    const document = (await testApp.app.inject({ url: '/api-docs/openapi.json' })).json();
    const operation = document.paths['/api/v1/tracks/{id}/plays'].post;
    expect(operation.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id' })]);
    expect(operation.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'source',
    );
    expect(operation.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'logged',
    );
    // Every error answer is the one error shape, named once.
    expect(document.components.schemas.Error.required).toEqual(['message']);
    for (const status of ['400', '401', '403', '404', '414', '419', '422']) {
      expect(operation.responses[status].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/Error',
      });
    }
    expect(operation.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(operation.operationId).toBe('logTrackPlay');
  });

  it('is the committed server/openapi.json, served compact, and gzipped to a client that asks', async () => {
    const committed = JSON.stringify(JSON.parse(await readFile(OPENAPI_FILE, 'utf8')));
    const plain = await testApp.app.inject({ url: '/api-docs/openapi.json' });
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(committed);

    const zipped = await testApp.app.inject({
      url: '/api-docs/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(committed);
    // What an admin's browser downloads for the API docs page.
    expect(zipped.rawPayload.length).toBeLessThan(committed.length / 5);

    const refused = await testApp.app.inject({
      url: '/api-docs/openapi.json',
      headers: { 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(committed);
  });

  it('matches the committed server/openapi.json (run `npm run openapi` after changing a contract)', async () => {
    const committed = await readFile(OPENAPI_FILE, 'utf8');
    expect(committed).toBe(formatOpenApi(await generateOpenApiDocument()));
  });
});

describe('requests the server cannot read: answered as the document says, in the one error shape', () => {
  it('answers a path segment past the router limit with 414 in the one error shape', async () => {
    const response = await testApp.app.inject({ url: `/api/v1/albums/${'9'.repeat(200)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'A part of the address is too long.' });
  });

  it('answers a badly encoded path segment with 400 in the one error shape', async () => {
    const response = await testApp.app.inject({ url: '/api/v1/albums/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The address is not validly encoded.' });
  });

  it('answers a body that is not JSON with 400 in the one error shape', async () => {
    const browser = await guestBrowser(testApp.app);
    await browser.get('/api/v1/bootstrap-data');
    const response = await browser.post('/api/v1/logs/client-errors', '{not json', {
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });
});
