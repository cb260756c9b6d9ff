import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisQueue, type JobQueue } from '../src/jobs/queue.ts';

// Runs when TEST_REDIS_URL is set (CI sets it); vitest.config.ts leaves the file out otherwise.
const redisUrl = process.env.TEST_REDIS_URL ?? '';
// A prefix of this run's own, so other suites' jobs on the same Redis are not counted.
const prefix = `backbeat-test-counts-${randomBytes(4).toString('hex')}`;
const queues: JobQueue[] = [];

afterAll(async () => {
  await Promise.all(queues.map((queue) => queue.close(100)));
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

/** The job queue of one Backbeat instance; all of them share the Redis and the prefix. */
function instanceQueue() {
  const queue = createRedisQueue({ url: redisUrl, concurrency: 1, prefix, backoffMs: 1 });
  queues.push(queue);
  return { queue };
}

describe('job counts with the Redis queue (Admin > Site > Operations, any instance)', () => {
  it('counts waiting, running and failed jobs of every kind, the same seen from an instance that only serves', async () => {
    const gate = deferred();
    const started = deferred();
    const worker = instanceQueue();
    // JOB_WORKER=false: declares the kinds (so it can count them) but takes no jobs.
    const server = instanceQueue();
    for (const { queue } of [worker, server]) {
      queue.define('slow', async () => {
        started.resolve();
        await gate.promise;
      });
      queue.define('broken', async () => {
        throw new Error('no such file');
      });
    }
    expect(await server.queue.counts()).toEqual([
      { name: 'slow', waiting: 0, running: 0, failed: 0 },
      { name: 'broken', waiting: 0, running: 0, failed: 0 },
    ]);

    await server.queue.add('slow', { n: 1 });
    await server.queue.add('slow', { n: 2 });
    expect(await worker.queue.counts()).toEqual([
      { name: 'slow', waiting: 2, running: 0, failed: 0 },
      { name: 'broken', waiting: 0, running: 0, failed: 0 },
    ]);

    worker.queue.start();
    await started.promise;
    await server.queue.add('broken', { n: 3 });
    // The broken job runs, is retried (JOB_ATTEMPTS) and then stays failed, while the first
    // slow job holds the worker's only slot for its kind and the second waits.
    await expect
      .poll(() => server.queue.counts(), { timeout: 10_000 })
      .toEqual([
        { name: 'slow', waiting: 1, running: 1, failed: 0 },
        { name: 'broken', waiting: 0, running: 0, failed: 1 },
      ]);
    expect((await server.queue.failed('broken'))[0]?.reason).toBe('no such file');

    gate.resolve();
    await expect
      .poll(() => server.queue.counts(), { timeout: 10_000 })
      .toEqual([
        { name: 'slow', waiting: 0, running: 0, failed: 0 },
        { name: 'broken', waiting: 0, running: 0, failed: 1 },
      ]);
  });
});
