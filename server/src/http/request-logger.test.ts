import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { nextRequestId, registerRequestLogging } from './request-logger.ts';

/** An app whose log lines are kept, with a route that writes what it is told to. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const root = pino({ level }, stream);
  const child = vi.spyOn(root, 'child');
  const app = Fastify({ loggerInstance: root as FastifyBaseLogger, genReqId: nextRequestId });
  registerRequestLogging(app, level);
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/chatty', async (request) => {
    request.log.info({ step: 1 }, 'working');
    request.log.warn('careful');
    return { ok: true };
  });
  await app.ready();
  return { app, lines, child };
}

describe('the per-request logger', () => {
  it('makes no pino child for a request that writes nothing', async () => {
    const { app, lines, child } = await appLoggingAt('warn');
    child.mockClear();
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.close();
  });

  it('writes only the lines its level keeps, each with the request id', async () => {
    const { app, lines } = await appLoggingAt('warn');
    await app.inject('/chatty');
    // No per-request line at warn either.
    expect(lines.map((line) => line.msg)).toEqual(['careful']);
    expect(lines[0]!.reqId).toEqual(expect.any(String));
    await app.close();
  });

  it('at info, keeps the request id and the fields given', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject('/chatty');
    const working = lines.find((line) => line.msg === 'working');
    expect(working).toMatchObject({ step: 1, level: 30 });
    const careful = lines.find((line) => line.msg === 'careful');
    expect(careful!.reqId).toBe(working!.reqId);
    await app.close();
  });

  it('at info, ends each request with one line: method, address, status and time', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject('/quiet');
    await app.inject('/missing');
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/quiet',
        status: 200,
        ms: expect.any(Number),
      }),
      expect.objectContaining({ url: '/missing', status: 404 }),
    ]);
    // Each request has an id of its own.
    expect(requests[0]!.reqId).not.toBe(requests[1]!.reqId);
    await app.close();
  });
});
