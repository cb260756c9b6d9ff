import {
  fillPath,
  pathParamNames,
  type EndpointAnswer,
  type EndpointDefinition,
  type EndpointInput,
} from '@backbeat/common/contract';
import { http, type Params, type RequestOptions, type UploadOptions } from './http.ts';

/**
 * Extra request details: query params next to a body, an abort signal, and a body the contract
 * cannot describe (a multipart FormData, or the JSON alternative of an upload route).
 */
export interface ApiOptions {
  query?: Params;
  body?: FormData | Record<string, unknown>;
  signal?: AbortSignal;
  /** Lets the request outlive the page (reports sent on page hide). */
  keepalive?: boolean;
}

type InputArgument<E extends EndpointDefinition> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>]
    : [input: EndpointInput<E>];

/** Splits a contract call's input into its path, and its query or body. */
function requestOf(
  contract: EndpointDefinition,
  input: Record<string, unknown> = {},
  options: ApiOptions = {},
) {
  const names = pathParamNames(contract.path);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (!names.includes(key)) rest[key] = value;
  const url = fillPath(contract.path, input);
  const sendsBody = contract.body !== undefined;
  const request: RequestOptions = {
    params: { ...(sendsBody ? {} : (rest as Params)), ...options.query },
    signal: options.signal,
    keepalive: options.keepalive,
  };
  if (options.body) request.body = options.body;
  else if (sendsBody) request.body = rest;
  return { url, request };
}

/**
 * Calls an endpoint through its contract (DESIGN §9): the URL comes from the contract's path
 * (path params by name), the other fields go to the JSON body if it has one, else the query, and
 * the answer is typed from the response schema. The spec §7 conventions (prefix, XSRF, method
 * override, comma lists, workspaceId) are applied by the HTTP client underneath.
 *
 *   const { album } = await api(getAlbum, { id });
 */
export function api<E extends EndpointDefinition>(
  contract: E,
  ...args: [...InputArgument<E>, options?: ApiOptions]
): Promise<EndpointAnswer<E>> {
  const [input, options] = args as unknown as [Record<string, unknown>?, ApiOptions?];
  const { url, request } = requestOf(contract, input, options);
  return http.send<EndpointAnswer<E>>(contract.method, url, request);
}

/** A multipart upload through a contract, reporting its progress. */
export function apiUpload<E extends EndpointDefinition>(
  contract: E,
  input: EndpointInput<E>,
  body: FormData,
  options?: UploadOptions,
): Promise<EndpointAnswer<E>> {
  const { url } = requestOf(contract, input as Record<string, unknown>);
  return http.upload<EndpointAnswer<E>>(url, body, options);
}

/** The full address of a GET endpoint, for elements that load it themselves (audio, images). */
export function apiUrl<E extends EndpointDefinition>(
  contract: E,
  ...[input]: InputArgument<E>
): string {
  const { url, request } = requestOf(contract, input as Record<string, unknown>);
  return http.url(url, request.params);
}
