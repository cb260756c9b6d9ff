import { hostname } from 'node:os';
import type * as BullMQ from 'bullmq';
import type { ConnectionOptions, Job, Queue, Worker } from 'bullmq';
import { lazyRequire } from '../lib/lazy-require.ts';

/**
 * Background jobs behind one small interface (DESIGN §1): in process by default (bounded
 * concurrency, lost on restart), on BullMQ when REDIS_URL is set (several instances share
 * the work, a job survives a restart, retries with backoff, failed jobs stay visible).
 */
export interface JobContext {
  attempt: number;
  /** Aborted when the runner stops and a job outlives the grace period. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, context: JobContext) => Promise<void>;

export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  reason: string;
  attempts: number;
  failedAt: string;
}

export interface JobCounts {
  name: string;
  waiting: number;
  running: number;
  failed: number;
}

export interface JobOptions {
  /** Same id, same job: a second add while the first is waiting or running is ignored. */
  jobId?: string;
  /**
   * With `jobId`: a job of that id that already ended (completed or failed, and still kept
   * by BullMQ) is replaced, so the work runs again; one waiting or running is left alone.
   * (The in-process queue forgets ended jobs anyway.)
   */
  again?: boolean;
}

export interface JobQueue {
  readonly driver: 'memory' | 'redis';
  /** Declares what a kind of job does; before `start`. */
  define<T>(name: string, handler: JobHandler<T>): void;
  add<T>(name: string, data: T, options?: JobOptions): Promise<void>;
  /** Begins taking jobs (an instance that only serves may leave it off). */
  start(): void;
  /** Failed jobs of a kind, newest first. */
  failed(name: string, limit?: number): Promise<FailedJob[]>;
  /** How many jobs of each declared kind wait, run and failed (the operations page). */
  counts(): Promise<JobCounts[]>;
  /** Waits until every job queued here has ended (tests, the in-process driver). */
  idle(): Promise<void>;
  /** Stops taking jobs and waits up to `graceMs` for running ones, then aborts them. */
  close(graceMs?: number): Promise<void>;
}

export const JOB_ATTEMPTS = 3;
/** First retry after this; each next one waits twice as long. */
export const JOB_BACKOFF_MS = 1000;
const DEFAULT_GRACE_MS = 8000;
const FAILED_KEPT = 200;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The embedded default: an in-memory queue run by this process. */
export function createMemoryQueue(options: {
  concurrency: number;
  backoffMs?: number;
  onError?: (message: string, error: unknown) => void;
}): JobQueue {
  const handlers = new Map<string, JobHandler<unknown>>();
  interface Entry {
    id: string;
    name: string;
    data: unknown;
    attempt: number;
  }
  const waiting: Entry[] = [];
  const known = new Set<string>();
  const running = new Set<Promise<void>>();
  const runningEntries = new Map<Promise<void>, string>();
  const retries = new Set<ReturnType<typeof setTimeout>>();
  const failed: FailedJob[] = [];
  const stop = new AbortController();
  let started = false;
  let closed = false;
  let sequence = 0;
  let idleWaiters: (() => void)[] = [];

  const checkIdle = () => {
    if (waiting.length || running.size || retries.size) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  };

  const pump = () => {
    while (started && !closed && running.size < options.concurrency && waiting.length) {
      const entry = waiting.shift()!;
      const handler = handlers.get(entry.name);
      const run = (async () => {
        try {
          if (!handler) throw new Error(`No handler for job ${entry.name}`);
          await handler(entry.data, { attempt: entry.attempt, signal: stop.signal });
          known.delete(entry.id);
        } catch (error) {
          if (entry.attempt < JOB_ATTEMPTS && !closed && !stop.signal.aborted) {
            const delay = (options.backoffMs ?? JOB_BACKOFF_MS) * 2 ** (entry.attempt - 1);
            const timer = setTimeout(() => {
              retries.delete(timer);
              waiting.push({ ...entry, attempt: entry.attempt + 1 });
              pump();
            }, delay);
            timer.unref();
            retries.add(timer);
          } else {
            known.delete(entry.id);
            options.onError?.(`job ${entry.name} failed`, error);
            failed.unshift({
              id: entry.id,
              name: entry.name,
              data: entry.data,
              reason: reasonOf(error),
              attempts: entry.attempt,
              failedAt: new Date().toISOString(),
            });
            failed.length = Math.min(failed.length, FAILED_KEPT);
          }
        }
      })();
      running.add(run);
      runningEntries.set(run, entry.name);
      void run.finally(() => {
        running.delete(run);
        runningEntries.delete(run);
        pump();
        checkIdle();
      });
    }
  };

  return {
    driver: 'memory',
    define(name, handler) {
      handlers.set(name, handler as JobHandler<unknown>);
    },
    async add(name, data, jobOptions = {}) {
      if (closed) throw new Error('The job queue is closed.');
      const id = jobOptions.jobId ?? `${name}:${++sequence}`;
      if (known.has(id)) return;
      known.add(id);
      waiting.push({ id, name, data, attempt: 1 });
      pump();
    },
    start() {
      started = true;
      pump();
    },
    async failed(name, limit = 50) {
      return failed.filter((job) => job.name === name).slice(0, limit);
    },
    async counts() {
      const runningNames = [...runningEntries.values()];
      return [...handlers.keys()].map((name) => ({
        name,
        waiting: waiting.filter((entry) => entry.name === name).length,
        running: runningNames.filter((entry) => entry === name).length,
        failed: failed.filter((job) => job.name === name).length,
      }));
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        checkIdle();
      });
    },
    async close(graceMs = DEFAULT_GRACE_MS) {
      closed = true;
      retries.forEach(clearTimeout);
      retries.clear();
      waiting.length = 0;
      const allDone = Promise.allSettled([...running]);
      const timer = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
      if ((await Promise.race([allDone.then(() => 'done'), timer])) !== 'done') {
        stop.abort();
        await allDone;
      }
      checkIdle();
    },
  };
}

const loadBullmq = lazyRequire<typeof BullMQ>('bullmq');

/**
 * BullMQ on Redis: each kind of job is a queue, worked by every instance that started (at
 * most `concurrency` at once per instance). A job whose instance dies is picked up again
 * once its lock expires (`lockMs`); a failed job is retried with exponential backoff and
 * kept, with its reason, for the admin to see.
 */
export function createRedisQueue(options: {
  url: string;
  concurrency: number;
  prefix?: string;
  /** How long a job's lock lasts without renewal (a dead instance's job waits this long). */
  lockMs?: number;
  backoffMs?: number;
  onError?: (message: string, error: unknown) => void;
}): JobQueue {
  const bullmq = loadBullmq();
  const connection: ConnectionOptions = { url: options.url, maxRetriesPerRequest: null };
  const prefix = options.prefix ?? 'backbeat:jobs';
  const handlers = new Map<string, JobHandler<unknown>>();
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  const stop = new AbortController();
  let closed = false;

  const queueOf = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new bullmq.Queue(name, { connection, prefix });
      queue.on('error', (error) => options.onError?.('job queue unavailable', error));
      queues.set(name, queue);
    }
    return queue;
  };

  return {
    driver: 'redis',
    define(name, handler) {
      handlers.set(name, handler as JobHandler<unknown>);
    },
    async add(name, data, jobOptions = {}) {
      if (closed) throw new Error('The job queue is closed.');
      // BullMQ ids may not contain ':' (its own separator).
      const jobId = jobOptions.jobId?.replace(/:/g, '-');
      if (jobId && jobOptions.again) {
        const state = await queueOf(name).getJobState(jobId);
        // Removing an ended job twice (two instances at once) is harmless: it is gone.
        if (state === 'completed' || state === 'failed') await queueOf(name).remove(jobId);
      }
      await queueOf(name).add(name, data, {
        jobId,
        attempts: JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: options.backoffMs ?? JOB_BACKOFF_MS },
        removeOnComplete: { count: 1000 },
        removeOnFail: { count: 5000 },
      });
    },
    start() {
      for (const [name, handler] of handlers) {
        const worker = new bullmq.Worker(
          name,
          async (job: Job) =>
            handler(job.data, { attempt: job.attemptsMade + 1, signal: stop.signal }),
          {
            connection,
            prefix,
            // Shown as each job's `processedBy`: which instance did the work.
            name: workerName(),
            concurrency: options.concurrency,
            lockDuration: options.lockMs ?? 30_000,
            stalledInterval: Math.max(1000, Math.floor((options.lockMs ?? 30_000) / 2)),
          },
        );
        worker.on('error', (error) => options.onError?.('job worker unavailable', error));
        worker.on('failed', (job, error) => {
          if (job && job.attemptsMade >= JOB_ATTEMPTS) {
            options.onError?.(`job ${name} failed`, error);
          }
        });
        workers.push(worker);
      }
    },
    async failed(name, limit = 50) {
      const jobs = await queueOf(name).getFailed(0, limit - 1);
      return jobs.map((job) => ({
        id: String(job.id),
        name: job.name,
        data: job.data,
        reason: job.failedReason ?? '',
        attempts: job.attemptsMade,
        failedAt: new Date(job.finishedOn ?? job.timestamp).toISOString(),
      }));
    },
    async counts() {
      return Promise.all(
        [...handlers.keys()].map(async (name) => {
          const counts = await queueOf(name).getJobCounts(
            'waiting',
            'delayed',
            'prioritized',
            'active',
            'failed',
          );
          return {
            name,
            waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0),
            running: counts.active ?? 0,
            failed: counts.failed ?? 0,
          };
        }),
      );
    },
    async idle() {
      const queue = [...queues.values()];
      for (;;) {
        const counts = await Promise.all(
          queue.map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'prioritized')),
        );
        if (counts.every((c) => Object.values(c).every((n) => n === 0))) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close(graceMs = DEFAULT_GRACE_MS) {
      closed = true;
      // A graceful close lets running jobs finish; past the grace they are aborted, and
      // another instance takes them up again when their lock expires.
      const graceful = Promise.allSettled(workers.map((worker) => worker.close()));
      const timer = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
      if ((await Promise.race([graceful.then(() => 'done'), timer])) !== 'done') {
        stop.abort();
        await Promise.allSettled(workers.map((worker) => worker.close(true)));
      }
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
    },
  };
}

/** This instance among those sharing the queue. */
export const workerName = () => `${hostname()}:${process.pid}`;

export function createJobQueue(options: {
  redisUrl: string | null;
  concurrency: number;
  prefix?: string;
  lockMs?: number;
  onError?: (message: string, error: unknown) => void;
}): JobQueue {
  return options.redisUrl
    ? createRedisQueue({
        url: options.redisUrl,
        concurrency: options.concurrency,
        prefix: options.prefix,
        lockMs: options.lockMs,
        onError: options.onError,
      })
    : createMemoryQueue(options);
}
