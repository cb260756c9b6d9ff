import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk.ts';
import { isSafeKey } from './storage.ts';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('local disk storage', () => {
  it('writes, stats, reads ranges and deletes', async () => {
    root = await mkdtemp(join(tmpdir(), 'backbeat-storage-'));
    const storage = createLocalDiskStorage(root);
    await storage.write('audio/a.mp3', 'hello world');
    expect((await storage.stat('audio/a.mp3'))?.size).toBe(11);
    expect(await text(storage.read('audio/a.mp3', { start: 6, end: 10 }))).toBe('world');
    await storage.delete('audio/a.mp3');
    expect(await storage.stat('audio/a.mp3')).toBeNull();
  });

  it('refuses keys that could leave the root', () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a/./b', 'a\\b', '', 'a b']) {
      expect(isSafeKey(key)).toBe(false);
    }
    expect(isSafeKey('public/artwork/album-1.svg')).toBe(true);
  });
});
