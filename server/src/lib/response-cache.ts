import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createKeyedCache } from './cache.ts';
import { keptBytes, keptText } from './kept-bytes.ts';

/** An answer serialised once: the JSON bytes, and their gzip made on first demand. */
export interface CachedJson {
  json: Buffer;
  gzip?: Buffer;
}

/** Answers under this size are sent as they are: compressing them saves nothing worth it. */
const GZIP_FROM_BYTES = 1024;

/**
 * Serialised JSON answers kept briefly per instance, for public reads that many listeners
 * ask for at once (artist, album, channel pages). Concurrent misses share one load; a load
 * that finds nothing (null) is remembered too.
 */
export function createResponseCache(options: {
  ttlMs: number;
  maxEntries: number;
  /** Bytes of JSON kept at most (their gzip adds about a fifth). */
  maxBytes: number;
}) {
  const answers = createKeyedCache<string, CachedJson | null>({
    ttlMs: options.ttlMs,
    maxEntries: options.maxEntries,
    weigh: (answer) => answer?.json.length ?? 0,
    maxWeight: options.maxBytes,
  });
  return {
    get: (key: string, load: () => Promise<unknown>): Promise<CachedJson | null> =>
      answers.get(key, () =>
        load().then((result) =>
          result === null ? null : { json: keptText(JSON.stringify(result)) },
        ),
      ),
    clear: answers.clear,
  };
}

/** Sends a cached answer, gzipped for clients that accept it (compressed once per entry). */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, answer: CachedJson) {
  reply.type('application/json; charset=utf-8');
  if (answer.json.length < GZIP_FROM_BYTES) return reply.send(answer.json);
  reply.header('vary', 'accept-encoding');
  if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(answer.json);
  answer.gzip ??= keptBytes(gzipSync(answer.json, { level: 6 }));
  return reply.header('content-encoding', 'gzip').send(answer.gzip);
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
