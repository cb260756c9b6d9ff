import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { getOpenApiDocument } from '@backbeat/common/contracts';
import { keptBytes, keptText } from '../lib/kept-bytes.ts';
import { registerEndpoint } from './endpoint.ts';

interface DocumentBytes {
  readonly plain: Buffer;
  readonly gzip: Buffer;
}

/** The committed file is pretty-printed for review (2.9 MB); served compact it is a third of
 * that, and gzip (asked for by every browser) takes it to about a thirtieth. */
async function readDocument(documentFile: string): Promise<DocumentBytes> {
  const plain = keptText(JSON.stringify(JSON.parse(await readFile(documentFile, 'utf8'))));
  return { plain, gzip: keptBytes(gzipSync(plain)) };
}

const acceptsGzip = (header: string | string[] | undefined) =>
  /\bgzip\b(?!;\s*q=0(\.0*)?\b)/i.test(Array.isArray(header) ? header.join(',') : (header ?? ''));

/**
 * Serves the committed OpenAPI document (`server/openapi.json`, written by `npm run openapi`
 * and kept equal to the contracts by the drift test) as a file: the running server does not
 * generate it. Read once, on the first request, and kept as compact and as gzip bytes.
 */
export function registerOpenApi(app: FastifyInstance, documentFile: string): void {
  let bytes: Promise<DocumentBytes> | undefined;
  registerEndpoint(app, getOpenApiDocument, async (request, reply) => {
    bytes ??= readDocument(documentFile).catch((error: unknown) => {
      bytes = undefined;
      throw error;
    });
    const document = await bytes;
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(document.plain);
    return reply.header('content-encoding', 'gzip').send(document.gzip);
  });
}
