import { z } from 'zod';
import type { RouteAccess } from './permissions.ts';

/*
 * One contract per endpoint (issue 21, DESIGN §9).
 *
 *   // common/src/<feature>/contract.ts
 *   export const getAlbum = endpoint({
 *     method: 'GET', path: '/api/v1/albums/:id', access: 'music.view',
 *     params: idParamsSchema, response: z.object({ album: albumDetailsSchema }),
 *   });
 *
 * - server: `registerEndpoint(app, getAlbum, (request) => ...)` (server/src/http/endpoint.ts)
 *   registers the route with its request schemas, its access and its response schema; Fastify
 *   serialises the answer from `response`, and the OpenAPI document is generated from it.
 * - web: `const { album } = await api(getAlbum, { id })` (web/src/lib/api.ts) builds the URL
 *   from `path` (path params by name; the rest is the body if the contract has one, else the
 *   query) and is
 *   typed from `response`.
 * - Answers that are not JSON (audio streams, files, images, redirects, the SPA page, a
 *   websocket) declare `response: notJson(kind, description)`; they get no serialiser.
 * - `path` is the full server path (`/api/v1/...`, `/auth/...`, `/secure/...`), Fastify style.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const NOT_JSON_KINDS = [
  'stream',
  'file',
  'image',
  'redirect',
  'html',
  'websocket',
  'empty',
] as const;
export type NotJsonKind = (typeof NOT_JSON_KINDS)[number];

/** An answer that is not JSON: what it is, for the reader and the OpenAPI document. */
export interface NotJsonResponse {
  kind: NotJsonKind;
  description: string;
  /** The content type of a successful answer, e.g. `audio/mpeg` or `image/*`. */
  contentType?: string;
}

export const notJson = (
  kind: NotJsonKind,
  description: string,
  contentType?: string,
): NotJsonResponse => ({ kind, description, ...(contentType ? { contentType } : {}) });

export interface EndpointDefinition {
  method: HttpMethod;
  path: string;
  /** Who may call it: `public`, `auth` or a permission name. */
  access: RouteAccess;
  /**
   * The operation's name in the OpenAPI document (what generated clients call it); the
   * contract's export name from common/contracts unless declared here.
   */
  operationId?: string;
  /** A one-line description for the OpenAPI document. */
  summary?: string;
  /** Groups operations in the OpenAPI document (the feature's name). */
  tags?: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 2xx answer: a zod schema for JSON, or what it is otherwise. */
  response: z.ZodType | NotJsonResponse;
  /** The success status; 200 unless said otherwise (201 for creations). */
  status?: 200 | 201 | 204;
  /**
   * Error answers beyond those its shape implies (400/422 with input, 401/403 unless public,
   * 404 and 414 with path params, 419 for state changes): 423 password confirmation, 429 rate
   * limits, 404 for what a body or query names (or a state the caller lacks, such as no
   * subscription), 401/403 checked by the handler itself, 400 for a signature that does not
   * verify, 422 for input checked by the handler (an uploaded file's content).
   */
  errors?: readonly (400 | 401 | 403 | 404 | 422 | 423 | 429)[];
  /**
   * A page (200, text/html) answered instead of the declared response when the step cannot go
   * on: a login popup that tells its opener what went wrong.
   */
  failurePage?: string;
}

/** Declares an endpoint; the literal types are kept so the client and server are typed. */
export function endpoint<const Definition extends EndpointDefinition>(
  definition: Definition,
): Definition {
  return definition;
}

export function isJsonResponse(response: EndpointDefinition['response']): response is z.ZodType {
  return response instanceof z.ZodType;
}

type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : unknown;
type SchemaInput<S> = S extends z.ZodType ? z.input<S> : unknown;

/** What a JSON endpoint answers (the parsed body on the web, the returned value on the server). */
export type EndpointAnswer<E extends EndpointDefinition> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : unknown;
export type EndpointParams<E extends EndpointDefinition> = SchemaOutput<E['params']>;
export type EndpointQuery<E extends EndpointDefinition> = SchemaOutput<E['query']>;
export type EndpointBody<E extends EndpointDefinition> = SchemaOutput<E['body']>;

/**
 * What a caller passes: path params by name (as parsed, so ids are numbers), plus the body's
 * fields when the contract has a body, else the query's (as sent: defaults may be left out).
 */
export type EndpointInput<E extends EndpointDefinition> = SchemaOutput<E['params']> &
  (E['body'] extends z.ZodType ? SchemaInput<E['body']> : SchemaInput<E['query']>);

/** The error shape of every non-2xx answer (DESIGN §4). */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  action: z.object({ label: z.string(), action: z.string() }).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Fills `:name` segments of a contract path; values are URL-encoded. */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`Missing path param ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The names of a contract path's `:name` segments. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
}
