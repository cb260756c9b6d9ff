import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FileRange } from './file-range.ts';
import { assertSafeKey, type Storage } from './storage.ts';

export { STREAM_HIGH_WATER_MARK } from './file-range.ts';

export function createLocalDiskStorage(root: string): Storage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };
  return {
    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
      } catch {
        return null;
      }
    },
    read(key, range) {
      return new FileRange(pathOf(key), range);
    },
    async write(key, data) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Written aside then renamed, so a reader never sees half a file.
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      try {
        await writeFile(temporary, data);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      await rename(temporary, target);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
