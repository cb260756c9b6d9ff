import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';
import { lazyRequire } from '../lib/lazy-require.ts';
import type { FileLogs } from '../logging/file-logs.ts';

const loadRedis = lazyRequire<typeof IORedis>('ioredis');

export interface ScheduledTask {
  name: string;
  everyMs: number;
  /** Returns a short summary for the schedule log. */
  run(): Promise<string>;
}

/** Runs one task and records the outcome in the schedule log the admin reads. */
export async function runTask(task: ScheduledTask, fileLogs: FileLogs, log: FastifyBaseLogger) {
  const started = Date.now();
  try {
    const result = await task.run();
    await fileLogs.write('schedule', {
      task: task.name,
      status: 'ok',
      ms: Date.now() - started,
      result,
    });
  } catch (error) {
    log.error({ err: error, task: task.name }, 'scheduled task failed');
    await fileLogs.write('schedule', {
      task: task.name,
      status: 'failed',
      ms: Date.now() - started,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Whether this instance runs a task now; false when another instance has this period. */
export interface PeriodClaims {
  claim(task: ScheduledTask): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Several instances sharing Redis run each task once a period: the first whose timer fires
 * takes the task's key for 90% of its period (SET NX PX), and the others' timers, which fire
 * within that time as they share the period, find it taken. If the holder stops, the next
 * firing anywhere takes the key when it lapses. Redis unreachable: the task runs anyway
 * (tasks are idempotent), as on a single instance.
 */
export function redisPeriodClaims(url: string, prefix: string): PeriodClaims {
  const client = new (loadRedis().Redis)(url, { maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  const holder = `${hostname()}:${process.pid}`;
  return {
    async claim(task) {
      const key = `${prefix}:scheduled:${task.name}`;
      const hold = Math.max(1, Math.floor(task.everyMs * 0.9));
      try {
        return (await client.set(key, holder, 'PX', hold, 'NX')) === 'OK';
      } catch {
        return true;
      }
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/**
 * In-process scheduling. Tasks must be idempotent: without `claims` (no Redis) every instance
 * runs them; with them, one instance a period does.
 */
export function startScheduler(
  tasks: ScheduledTask[],
  fileLogs: FileLogs,
  log: FastifyBaseLogger,
  claims?: PeriodClaims,
) {
  const fire = async (task: ScheduledTask) => {
    if (claims && !(await claims.claim(task))) return;
    await runTask(task, fileLogs, log);
  };
  const timers = tasks.map((task) => {
    const timer = setInterval(() => void fire(task), task.everyMs);
    timer.unref();
    return timer;
  });
  return {
    stop: async () => {
      timers.forEach(clearInterval);
      await claims?.close();
    },
  };
}
