import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { redisPeriodClaims, type ScheduledTask } from '../src/jobs/scheduler.ts';

// Runs when TEST_REDIS_URL is set (CI sets it); vitest.config.ts leaves the file out otherwise.
const redisUrl = process.env.TEST_REDIS_URL ?? '';
const prefix = `backbeat-test-${randomBytes(4).toString('hex')}`;
const first = redisPeriodClaims(redisUrl, prefix);
const second = redisPeriodClaims(redisUrl, prefix);
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

const task = (name: string): ScheduledTask => ({
  name,
  everyMs: 1000,
  run: async () => 'done',
});

describe('scheduled tasks on instances sharing Redis', () => {
  it('lets one instance a period run a task, and the other take the next period', async () => {
    const prune = task('prune');
    expect(await first.claim(prune)).toBe(true);
    expect(await second.claim(prune)).toBe(false);
    expect(await first.claim(prune)).toBe(false);
    // Another task has a period of its own.
    expect(await second.claim(task('release'))).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await second.claim(prune)).toBe(true);
    expect(await first.claim(prune)).toBe(false);
  });
});
