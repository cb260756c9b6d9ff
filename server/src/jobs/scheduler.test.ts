import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLogs } from '../logging/file-logs.ts';
import { runTask } from './scheduler.ts';

describe('scheduled tasks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'backbeat-schedule-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('records successes and failures in the schedule log', async () => {
    const logs = createFileLogs(dir);
    const silent = pino({ level: 'silent' });
    await runTask({ name: 'tidy', everyMs: 1000, run: async () => 'removed 3' }, logs, silent);
    await runTask(
      { name: 'broken', everyMs: 1000, run: async () => Promise.reject(new Error('disk full')) },
      logs,
      silent,
    );
    const file = await logs.latest('schedule');
    const lines = readFileSync(file!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toMatchObject([
      { task: 'tidy', status: 'ok', result: 'removed 3' },
      { task: 'broken', status: 'failed', message: 'disk full' },
    ]);
  });
});
