import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFileLogs } from './file-logs.ts';

const made: string[] = [];
const scratch = async () => {
  const directory = await mkdtemp(join(tmpdir(), 'backbeat-file-logs-'));
  made.push(directory);
  return directory;
};
afterEach(async () => {
  vi.restoreAllMocks();
  for (const directory of made.splice(0)) await rm(directory, { recursive: true, force: true });
});

describe('file logs', () => {
  it('writes again after the logs folder was removed, the line kept', async () => {
    const logs = createFileLogs(await scratch());
    await logs.write('error', { message: 'first' });
    await rm(logs.directory, { recursive: true });
    await logs.write('error', { message: 'after the folder went' });
    const text = await readFile((await logs.latest('error'))!, 'utf8');
    expect(text).toContain('after the folder went');
  });

  it('never rejects where nothing can be written: it warns instead', async () => {
    const storage = join(await scratch(), 'a-file');
    await writeFile(storage, '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(createFileLogs(storage).write('error', { message: 'lost' })).resolves.toBe(
      undefined,
    );
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('The error log could not be written'),
    );
  });
});
