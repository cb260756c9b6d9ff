import { describe, expect, it } from 'vitest';
import { JOB_ATTEMPTS, createMemoryQueue } from './queue.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('the in-process job queue', () => {
  it('counts the jobs of each kind waiting, running and failed (the operations page)', async () => {
    const queue = createMemoryQueue({ concurrency: 1, backoffMs: 1 });
    const gate = deferred();
    queue.define('slow', () => gate.promise);
    queue.define('broken', async () => {
      throw new Error('no');
    });
    expect(await queue.counts()).toEqual([
      { name: 'slow', waiting: 0, running: 0, failed: 0 },
      { name: 'broken', waiting: 0, running: 0, failed: 0 },
    ]);
    queue.start();
    await queue.add('slow', 1);
    await queue.add('slow', 2);
    await queue.add('broken', 3);
    expect(await queue.counts()).toEqual([
      { name: 'slow', waiting: 1, running: 1, failed: 0 },
      { name: 'broken', waiting: 1, running: 0, failed: 0 },
    ]);
    gate.resolve();
    await queue.idle();
    expect(await queue.counts()).toEqual([
      { name: 'slow', waiting: 0, running: 0, failed: 0 },
      { name: 'broken', waiting: 0, running: 0, failed: 1 },
    ]);
    await queue.close();
  });

  it('runs at most `concurrency` jobs at once, and all of them in the end', async () => {
    const queue = createMemoryQueue({ concurrency: 2, backoffMs: 1 });
    let running = 0;
    let most = 0;
    const done: number[] = [];
    queue.define<number>('work', async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      done.push(n);
    });
    queue.start();
    for (let n = 0; n < 7; n++) await queue.add('work', n);
    await queue.idle();
    expect(most).toBe(2);
    expect(done.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    await queue.close();
  });

  it('retries a failing job with backoff, then keeps it among the failed with its reason', async () => {
    const queue = createMemoryQueue({ concurrency: 1, backoffMs: 1 });
    const attempts: number[] = [];
    queue.define('flaky', async (_data, context) => {
      attempts.push(context.attempt);
      throw new Error('storage unreachable');
    });
    queue.start();
    await queue.add('flaky', { entryId: 9 }, { jobId: 'flaky-9' });
    await queue.idle();
    expect(attempts).toEqual([1, 2, 3].slice(0, JOB_ATTEMPTS));
    const failed = await queue.failed('flaky');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      id: 'flaky-9',
      reason: 'storage unreachable',
      attempts: JOB_ATTEMPTS,
      data: { entryId: 9 },
    });
    await queue.close();
  });

  it('succeeds on a retry and then is not failed', async () => {
    const queue = createMemoryQueue({ concurrency: 1, backoffMs: 1 });
    let calls = 0;
    queue.define('once-flaky', async () => {
      calls += 1;
      if (calls === 1) throw new Error('hiccup');
    });
    queue.start();
    await queue.add('once-flaky', {});
    await queue.idle();
    expect(calls).toBe(2);
    expect(await queue.failed('once-flaky')).toEqual([]);
    await queue.close();
  });

  it('ignores a second job with the same id while the first is pending', async () => {
    const queue = createMemoryQueue({ concurrency: 1 });
    let calls = 0;
    queue.define('same', async () => void (calls += 1));
    await queue.add('same', {}, { jobId: 'x' });
    await queue.add('same', {}, { jobId: 'x' });
    queue.start();
    await queue.idle();
    expect(calls).toBe(1);
    await queue.close();
  });

  it('on close waits for a running job, and aborts it past the grace period', async () => {
    const queue = createMemoryQueue({ concurrency: 1 });
    const started = deferred();
    const release = deferred();
    let finished = false;
    queue.define('slow', async () => {
      started.resolve();
      await release.promise;
      finished = true;
    });
    queue.start();
    await queue.add('slow', {});
    await started.promise;
    const closing = queue.close(10_000);
    release.resolve();
    await closing;
    expect(finished).toBe(true);
    await expect(queue.add('slow', {})).rejects.toThrow(/closed/);

    const stuck = createMemoryQueue({ concurrency: 1 });
    const began = deferred();
    let aborted = false;
    stuck.define('stuck', async (_data, context) => {
      began.resolve();
      await new Promise<void>((resolve) =>
        context.signal.addEventListener('abort', () => {
          aborted = true;
          resolve();
        }),
      );
    });
    stuck.start();
    await stuck.add('stuck', {});
    await began.promise;
    await stuck.close(20);
    expect(aborted).toBe(true);
  });
});
