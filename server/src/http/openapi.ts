import type * as FastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  endpoint,
  errorResponseSchema,
  isJsonResponse,
  type EndpointDefinition,
} from '@backbeat/common/contract';
import { lazyRequire } from '../lib/lazy-require.ts';
import { registerEndpoint } from './endpoint.ts';
import { SESSION_COOKIE } from './session.ts';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];

/** The one error shape, named once and referenced by every operation. */
const ERROR_RESPONSES = {
  422: 'The input is invalid; `errors` lists the messages per field.',
  401: 'Not logged in (no session and no valid API token).',
  403: 'Logged in, but not allowed to do this.',
  404: 'Not found, or not visible to the caller.',
  419: 'The XSRF token is missing or does not match the session.',
  423: 'The password must be confirmed again first.',
  429: 'Too many attempts; try again later.',
} as const;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** Which error answers an operation can give, from what its contract says. */
function errorStatusesOf(contract: EndpointDefinition): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  if (contract.params || contract.query || contract.body) statuses.push(422);
  if (contract.access !== 'public') statuses.push(401, 403);
  if (contract.path.includes(':')) statuses.push(404);
  if (contract.method !== 'GET') statuses.push(419);
  for (const status of contract.errors ?? []) if (!statuses.includes(status)) statuses.push(status);
  return statuses.sort();
}

const errorResponseJson = z.toJSONSchema(errorResponseSchema, { target: 'draft-2020-12' });

function notJsonResponse(contract: EndpointDefinition) {
  if (isJsonResponse(contract.response)) return {};
  const { kind, description, contentType } = contract.response;
  if (kind === 'redirect') return { 302: { description, type: 'null' } };
  if (kind === 'websocket') return { 101: { description, type: 'null' } };
  if (kind === 'empty') return { [contract.status ?? 204]: { description, type: 'null' } };
  const schema = kind === 'html' ? { type: 'string' } : { type: 'string', format: 'binary' };
  return {
    [contract.status ?? 200]: {
      description,
      content: { [contentType ?? 'application/octet-stream']: { schema } },
    },
  };
}

/**
 * Builds each operation from the route's contract: the zod type provider converts the request
 * and 2xx schemas; the error answers and security come from the contract's access. Routes
 * without a contract (static files, the SPA page) are left out.
 */
const contractTransform: Transform = (input: TransformInput) => {
  const contract = input.route.config?.contract as EndpointDefinition | undefined;
  if (!contract) return { schema: { hide: true }, url: input.url };
  const transformed = jsonSchemaTransform(input) as {
    schema: Record<string, unknown>;
    url: string;
  };
  const response: Record<string, unknown> = {
    ...(transformed.schema.response as Record<string, unknown> | undefined),
    ...notJsonResponse(contract),
  };
  for (const status of errorStatusesOf(contract)) {
    response[status] = {
      description: ERROR_RESPONSES[status],
      content: { 'application/json': { schema: errorResponseJson } },
    };
  }
  const security: Record<string, string[]>[] =
    contract.access === 'public' ? [] : [{ session: [] }, { apiToken: [] }];
  return {
    schema: {
      ...transformed.schema,
      response,
      security,
      ...(contract.access === 'public' || contract.access === 'auth'
        ? {}
        : { description: `Needs the \`${contract.access}\` permission.` }),
    },
    url: transformed.url,
  };
};

export const getOpenApiDocument = endpoint({
  method: 'GET',
  path: '/api-docs/openapi.json',
  access: 'public',
  summary: 'This document: the OpenAPI 3.1 description of the API',
  tags: ['meta'],
  response: z.object({ openapi: z.string() }).catchall(z.unknown()),
});

/** The generated document, as `app.swagger()` returns it once the app is ready. */
export const openApiDocument = (app: FastifyInstance) =>
  (app as unknown as { swagger: () => Record<string, unknown> }).swagger();

const swaggerPackage = lazyRequire<typeof FastifySwagger>('@fastify/swagger');

const swaggerOptions: FastifySwagger.FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Backbeat API',
      version: 'v1',
      description:
        'Generated from the endpoint contracts in common/. Errors share one shape: ' +
        '`{ message, errors? }`.',
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        apiToken: { type: 'http', scheme: 'bearer', bearerFormat: 'id|secret' },
      },
    },
  },
  transform: contractTransform,
};

type Hook = (...args: unknown[]) => unknown;
type SwaggerFunction = (options?: { yaml?: boolean }) => unknown;

/**
 * @fastify/swagger's dynamic mode, with the plugin loaded when the document is first asked
 * for: loaded at start (with the `yaml` package it requires) it was about 90 ms of the CPU from
 * spawn to the first authenticated answer (issue 22). The routes and plugin instances are
 * noted as they are added, as the plugin's own hooks would; on the first call the plugin is
 * run against a stand-in that takes its hooks and decorator, and is handed what was noted,
 * so the document is the one the plugin registered at start would make.
 */
function registerLazySwagger(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  const instances: FastifyInstance[] = [];
  let ready = false;
  app.addHook('onRoute', (route) => void routes.push(route));
  app.addHook('onRegister', (instance) => void instances.push(instance));
  app.addHook('onReady', async () => {
    ready = true;
  });

  let swagger: SwaggerFunction | undefined;
  const load = (): SwaggerFunction => {
    const hooks: Record<string, Hook[]> = { onRoute: [], onRegister: [], onReady: [] };
    let decorated: SwaggerFunction | undefined;
    const standIn = {
      addHook: (name: string, hook: Hook) => void hooks[name]!.push(hook),
      decorate: (_name: string, value: SwaggerFunction) => void (decorated = value),
      getSchemas: () => app.getSchemas(),
    };
    const plugin = swaggerPackage().fastifySwagger as unknown as (
      instance: typeof standIn,
      options: FastifySwagger.FastifyDynamicSwaggerOptions,
      done: (error?: Error) => void,
    ) => void;
    plugin(standIn, { ...swaggerOptions }, (error) => {
      if (error) throw error;
    });
    for (const instance of instances) for (const hook of hooks.onRegister!) void hook(instance);
    for (const route of routes) for (const hook of hooks.onRoute!) hook(route);
    for (const hook of hooks.onReady!) hook(() => {});
    instances.length = 0;
    return decorated!;
  };
  const swaggerDecorator = (options?: { yaml?: boolean }) => {
    if (!ready) throw new Error('.swagger() must be called after .ready()');
    return (swagger ??= load())(options);
  };
  app.decorate('swagger', swaggerDecorator as FastifyInstance['swagger']);
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  registerLazySwagger(app);
  registerEndpoint(app, getOpenApiDocument, () => openApiDocument(app) as { openapi: string });
}
