import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { isJsonResponse } from '@backbeat/common/contract';

/** Answers that broke their contract, for the test that made them (and its report). */
export class ContractViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractViolation';
  }
}

function bodyText(payload: unknown, gzipped: boolean): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return (gzipped ? gunzipSync(payload) : payload).toString('utf8');
  return null; // a stream: not JSON by contract
}

/**
 * Checks every successful answer of every API test against its contract's response schema,
 * including answers sent as ready-made bytes (cached catalog pages) that bypass the
 * serialiser. A mismatch is logged and turns the answer into a 500, so the test fails.
 */
export function checkAnswersAgainstContracts(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const contract = request.routeOptions.config.contract;
    if (!contract || !isJsonResponse(contract.response)) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const text = bodyText(payload, reply.getHeader('content-encoding') === 'gzip');
    if (text === null) return payload;
    const result = contract.response.safeParse(JSON.parse(text));
    if (result.success) return payload;
    const issues = result.error.issues
      .map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('\n');
    const message = `${contract.method} ${contract.path} answered outside its contract:\n${issues}`;
    console.error(message);
    throw new ContractViolation(message);
  });
}
