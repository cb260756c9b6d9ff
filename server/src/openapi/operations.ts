import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isJsonResponse, pathParamNames, type EndpointDefinition } from '@backbeat/common/contract';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];

/** The one error shape, named once in the document and referenced by every error answer. */
export const ERROR_SCHEMA_REF = '#/components/schemas/Error';

/** What each error answer means; which of them an operation gives follows from its contract. */
const ERROR_RESPONSES = {
  400: 'The request cannot be read: a body that is not valid JSON (or empty while it says it is JSON), a path that is not validly encoded, or a signed body whose signature does not verify.',
  401: 'Not logged in (no session and no valid API token).',
  403: 'Logged in, but not allowed to do this.',
  404: 'Not found, or not visible to the caller.',
  414: 'A path segment is too long.',
  419: 'The XSRF token is missing or does not match the session.',
  422: 'The input is invalid; `errors` lists the messages per field.',
  423: 'The password must be confirmed again first.',
  429: 'Too many attempts; try again later.',
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/**
 * Which error answers an operation can give, from what its contract says: a body can be
 * unreadable (400) or invalid (422); a path with params can be badly encoded (400), too long
 * (414) or name nothing the caller may see (404); anything but public needs a user who may
 * (401/403); state changes need the XSRF token (419); the rest is declared (`errors`).
 */
export function errorStatusesOf(contract: EndpointDefinition): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>();
  const hasPathParams = pathParamNames(contract.path).length > 0;
  if (contract.body || hasPathParams) statuses.add(400);
  if (contract.params || contract.query || contract.body) statuses.add(422);
  if (contract.access !== 'public') statuses.add(401).add(403);
  if (hasPathParams) statuses.add(404).add(414);
  if (contract.method !== 'GET') statuses.add(419);
  for (const status of contract.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

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

/** `getAlbum` → `Get album`: the summary of an operation whose contract has none. */
export const summaryFromName = (operationId: string) => {
  const words = operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Makes the per-route transform of @fastify/swagger: each operation is built from the route's
 * contract (the zod type provider converts the request and 2xx schemas; the error answers,
 * security and names come from the contract). Routes without a contract (static files, the
 * SPA page) are left out. `operationIdOf` names a contract (its export name in common/).
 */
export function contractTransform(
  operationIdOf: (contract: EndpointDefinition) => string,
  transform: Transform = jsonSchemaTransform,
): Transform {
  return (input: TransformInput) => {
    const contract = input.route.config?.contract as EndpointDefinition | undefined;
    if (!contract) return { schema: { hide: true }, url: input.url };
    const transformed = transform(input) as { schema: Record<string, unknown>; url: string };
    const response: Record<string, unknown> = {
      ...(transformed.schema.response as Record<string, unknown> | undefined),
      ...notJsonResponse(contract),
      ...(contract.failurePage
        ? {
            200: {
              description: contract.failurePage,
              content: { 'text/html': { schema: { type: 'string' } } },
            },
          }
        : {}),
    };
    for (const status of errorStatusesOf(contract)) {
      response[status] = {
        description: ERROR_RESPONSES[status],
        content: { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } },
      };
    }
    const operationId = operationIdOf(contract);
    const security: Record<string, string[]>[] =
      contract.access === 'public' ? [] : [{ session: [] }, { apiToken: [] }];
    return {
      schema: {
        ...transformed.schema,
        operationId,
        summary: contract.summary ?? summaryFromName(operationId),
        response,
        security,
        ...(contract.access === 'public' || contract.access === 'auth'
          ? {}
          : { description: `Needs the \`${contract.access}\` permission.` }),
      },
      url: transformed.url,
    };
  };
}
