import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { getOpenApiDocument } from '@backbeat/common/contracts';
import { registerEndpoint } from './endpoint.ts';

/**
 * Serves the committed OpenAPI document (`server/openapi.json`, written by `npm run openapi`
 * and kept equal to the contracts by the drift test) as a file: the running server does not
 * generate it. Read once, on the first request, and kept as bytes.
 */
export function registerOpenApi(app: FastifyInstance, documentFile: string): void {
  let bytes: Promise<Buffer> | undefined;
  registerEndpoint(app, getOpenApiDocument, async (_request, reply) => {
    bytes ??= readFile(documentFile).catch((error: unknown) => {
      bytes = undefined;
      throw error;
    });
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await bytes);
  });
}
