import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyContextConfig } from 'fastify';
import {
  isJsonResponse,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
} from '@backbeat/common/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (registerEndpoint). */
    contract?: EndpointDefinition;
  }
}

/** The request a handler of `E` sees: params, query and body parsed by the contract. */
export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

/**
 * A handler answers the contract's response, or sends the reply itself (cached JSON bytes,
 * streams, redirects) and returns it.
 */
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointAnswer<E> | FastifyReply> | EndpointAnswer<E> | FastifyReply;

/** What a route adds to its contract: extra config, hooks, limits. */
export type EndpointOptions = Omit<
  Partial<RouteOptions>,
  'method' | 'url' | 'schema' | 'handler' | 'config'
> & { config?: Omit<FastifyContextConfig, 'access' | 'contract'> };

/**
 * Registers a route from its contract: request schemas validate the input (422 on failure),
 * `access` says who may call it, and a JSON response schema serialises the answer (a field
 * the schema lacks is dropped, one it requires but the handler left out is a 500) and
 * documents it in the OpenAPI document.
 */
export function registerEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  contract: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
  const { config, ...rest } = options;
  const status = contract.status ?? 200;
  app.route({
    // A HEAD of a JSON answer is answered as its GET, without the body, by the app's not-found
    // handler (app.ts): a HEAD route of its own for each was about 100 ms of every start.
    exposeHeadRoute: !isJsonResponse(contract.response),
    ...rest,
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.summary ? { summary: contract.summary } : {}),
      ...(contract.tags ? { tags: [...contract.tags] } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(isJsonResponse(contract.response) ? { response: { [status]: contract.response } } : {}),
    },
    config: { ...config, access: contract.access, contract },
    handler: async (request, reply) => {
      const answer = await handler(request as EndpointRequest<E>, reply);
      if (answer === reply) return reply;
      if (status !== 200) reply.code(status);
      return answer;
    },
  });
}
