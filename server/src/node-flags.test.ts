import type * as os from 'node:os';
import { describe, expect, it, vi } from 'vitest';

const cores = vi.hoisted(() => ({ count: 2 }));
vi.mock('node:os', async (original) => ({
  ...(await original<typeof os>()),
  availableParallelism: () => cores.count,
}));

const { serverNode } = await import('../../scripts/lib.mjs');

describe('how Node runs the server (server/node-flags.json)', () => {
  it("leaves V8's background threads one core fewer than the machine has, 1 to 4", () => {
    const poolOn = (count: number) => {
      cores.count = count;
      return serverNode().flags.filter((flag) => flag.startsWith('--v8-pool-size='));
    };
    expect(poolOn(1)).toEqual(['--v8-pool-size=1']);
    expect(poolOn(2)).toEqual(['--v8-pool-size=1']);
    expect(poolOn(4)).toEqual(['--v8-pool-size=3']);
    expect(poolOn(16)).toEqual(['--v8-pool-size=4']);
  });

  it('keeps the memory flags and puts its environment beneath the caller’s', () => {
    const { flags, env } = serverNode();
    expect(flags).toContain('--max-semi-space-size=4');
    expect(env({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
    expect(env({}).MALLOC_ARENA_MAX).toBe('2');
  });
});
