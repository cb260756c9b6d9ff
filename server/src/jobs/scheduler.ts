import type { FastifyBaseLogger } from 'fastify';
import type { FileLogs } from '../logging/file-logs.ts';

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

/**
 * In-process scheduling, the embedded default. Tasks must be idempotent: with several
 * instances each one runs them.
 */
export function startScheduler(tasks: ScheduledTask[], fileLogs: FileLogs, log: FastifyBaseLogger) {
  const timers = tasks.map((task) => {
    const timer = setInterval(() => void runTask(task, fileLogs, log), task.everyMs);
    timer.unref();
    return timer;
  });
  return { stop: () => timers.forEach(clearInterval) };
}
