import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobQueue } from '../../jobs/queue.ts';
import { HttpError } from '../../http/http-error.ts';

const sameSecret = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Bytes the socket had written when the request came in (a kept-alive socket carries several). */
const writtenBefore = new WeakMap<FastifyRequest, number>();

/**
 * Prometheus metrics at /metrics (issue 39.5), off unless METRICS_TOKEN is set, and then read
 * with `Authorization: Bearer <token>`: requests by route and status, their latency, audio
 * bytes streamed, background jobs by state, and the process's own (memory, CPU, event loop).
 * Without the token no hook is added, so a site that does not collect pays nothing.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { token: string | null; jobs: JobQueue },
) {
  const config = { session: false, xsrf: false };
  const { token } = options;
  if (!token) {
    app.get('/metrics', { config }, async () => {
      throw new HttpError(404, 'Metrics are off. Set METRICS_TOKEN to turn them on.');
    });
    return;
  }

  const register = new Registry();
  collectDefaultMetrics({ register });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route and status code',
    labelNames,
    registers: [register],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by method, route and status code',
    labelNames,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const streamed = new Counter({
    name: 'backbeat_stream_bytes_total',
    help: 'Bytes of audio sent to listeners and apps',
    registers: [register],
  });
  new Gauge({
    name: 'backbeat_jobs',
    help: 'Background jobs by kind and state (waiting, running, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [register],
    async collect() {
      this.reset();
      for (const queue of await options.jobs.counts()) {
        for (const state of ['waiting', 'running', 'failed'] as const) {
          this.set({ queue: queue.name, state }, queue[state]);
        }
      }
    },
  });

  app.addHook('onRequest', async (request) => {
    writtenBefore.set(request, request.raw.socket?.bytesWritten ?? 0);
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (String(reply.raw.getHeader('content-type') ?? '').startsWith('audio/')) {
      const before = writtenBefore.get(request) ?? 0;
      streamed.inc(Math.max(0, (request.raw.socket?.bytesWritten ?? before) - before));
    }
  });

  app.get('/metrics', { config }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameSecret(given, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new HttpError(401, 'The metrics token is missing or wrong.');
    }
    return reply
      .header('Cache-Control', 'no-store')
      .type(register.contentType)
      .send(await register.metrics());
  });
}
