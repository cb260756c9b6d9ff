import { SUBSONIC_API_VERSION, SUBSONIC_ERRORS, SUBSONIC_SERVER_TYPE } from '@backbeat/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequire } from 'node:module';
import type * as FastXmlParser from 'fast-xml-parser';
import { keptText } from '../../lib/kept-bytes.ts';

/** A Subsonic failure: answered with HTTP 200 and `status="failed"`, as clients expect. */
export class SubsonicError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const missing = (name: string) =>
  new SubsonicError(SUBSONIC_ERRORS.missingParameter, `Required parameter is missing: ${name}`);
export const notFound = (what = 'Data') =>
  new SubsonicError(SUBSONIC_ERRORS.notFound, `${what} not found`);
export const notAuthorized = (message = 'You are not allowed to do that.') =>
  new SubsonicError(SUBSONIC_ERRORS.notAuthorized, message);

/**
 * The parameters of a call, from the query string and (the formPost extension) a urlencoded
 * body; a name given several times (`id=1&id=2`) keeps every value.
 */
export class SubsonicParams {
  /** The query, then the form body: read where a value is asked, not copied per request. */
  private readonly sources: Record<string, unknown>[] = [];

  constructor(request: FastifyRequest) {
    for (const source of [request.query, request.body]) {
      if (source && typeof source === 'object')
        this.sources.push(source as Record<string, unknown>);
    }
  }

  string(name: string): string | undefined {
    for (const source of this.sources) {
      if (!Object.hasOwn(source, name)) continue;
      const value = source[name];
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined && item !== null) return String(item);
      }
    }
    return undefined;
  }

  required(name: string): string {
    const value = this.string(name);
    if (value === undefined || value === '') throw missing(name);
    return value;
  }

  all(name: string): string[] {
    const values: string[] = [];
    for (const source of this.sources) {
      if (!Object.hasOwn(source, name)) continue;
      const value = source[name];
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined && item !== null) values.push(String(item));
      }
    }
    return values;
  }

  int(name: string, fallback: number, range: { min?: number; max?: number } = {}): number {
    const raw = this.string(name);
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value)) {
      throw new SubsonicError(SUBSONIC_ERRORS.generic, `Parameter ${name} must be a whole number`);
    }
    return Math.min(range.max ?? value, Math.max(range.min ?? value, value));
  }

  optionalInt(name: string): number | undefined {
    const raw = this.string(name);
    return raw === undefined || raw === '' ? undefined : this.int(name, 0);
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.string(name);
    return raw === undefined ? fallback : raw === 'true' || raw === '1';
  }
}

export type Payload = Record<string, unknown>;

const envelope = (status: 'ok' | 'failed') => ({
  status,
  version: SUBSONIC_API_VERSION,
  type: SUBSONIC_SERVER_TYPE,
  serverVersion: process.env.npm_package_version ?? '0.1.0',
  openSubsonic: true,
});

/**
 * The XML writer, loaded with the first XML answer: the parser package costs the server ~3 MB
 * from its start, and many servers never answer XML (clients mostly ask for JSON).
 */
let xmlBuilder: { build(root: unknown): string } | null = null;
function xml() {
  if (xmlBuilder) return xmlBuilder;
  const load = createRequire(import.meta.url);
  const { XMLBuilder } = load('fast-xml-parser') as typeof FastXmlParser;
  xmlBuilder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    textNodeName: '#text',
    suppressEmptyNode: true,
    suppressBooleanAttributes: false,
  });
  return xmlBuilder;
}

/**
 * The XML form of a JSON answer, as Subsonic defines it: scalars become attributes, objects
 * child elements, arrays repeated elements, and a `value` field the element's text.
 */
function toXmlNode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toXmlNode);
  if (!value || typeof value !== 'object') return value;
  const node: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (field === undefined || field === null) continue;
    if (key === 'value' && typeof field !== 'object') node['#text'] = String(field);
    else if (typeof field === 'object') node[key] = toXmlNode(field);
    else node[`@_${key}`] = String(field);
  }
  return node;
}

/**
 * The JSON of a successful answer, made once per payload object: an answer kept in a cache
 * (album lists) is the same object every time, and serialising it was most of its cost.
 */
const okJson = new WeakMap<Payload, Buffer>();
function jsonOf(status: 'ok' | 'failed', payload: Payload): Buffer {
  const made = status === 'ok' ? okJson.get(payload) : undefined;
  if (made !== undefined) return made;
  // Bytes, not text: the reply then neither measures nor encodes them again.
  const json = keptText(
    JSON.stringify({ 'subsonic-response': { ...envelope(status), ...payload } }),
  );
  if (status === 'ok') okJson.set(payload, json);
  return json;
}

/** Sends a Subsonic answer in the format the client asked for (`f`: xml, json or jsonp). */
export function sendSubsonic(
  reply: FastifyReply,
  params: SubsonicParams,
  status: 'ok' | 'failed',
  payload: Payload,
): FastifyReply {
  const format = params.string('f') ?? 'xml';
  if (format === 'json' || format === 'jsonp') {
    const json = jsonOf(status, payload);
    const callback = params.string('callback');
    if (format === 'jsonp' && callback && /^[\w$.]{1,100}$/.test(callback)) {
      return reply
        .type('application/javascript; charset=utf-8')
        .send(`${callback}(${json.toString()});`);
    }
    return reply.type('application/json; charset=utf-8').send(json);
  }
  const body = { ...envelope(status), ...payload };
  const root = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'subsonic-response': {
      '@_xmlns': 'http://subsonic.org/restapi',
      ...(toXmlNode(body) as Record<string, unknown>),
    },
  };
  return reply.type('text/xml; charset=utf-8').send(xml().build(root));
}

export function sendSubsonicError(
  reply: FastifyReply,
  params: SubsonicParams,
  error: SubsonicError,
): FastifyReply {
  return sendSubsonic(reply, params, 'failed', {
    error: { code: error.code, message: error.message },
  });
}
