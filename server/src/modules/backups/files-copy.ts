import { chmod, copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';

export interface CopiedFiles {
  count: number;
  bytes: number;
}

/**
 * Copies a folder tree file by file, leaving out what `skip` names (paths relative to `from`,
 * with '/' between parts). Files written while it runs are copied as they are when reached.
 */
export async function copyTree(
  from: string,
  to: string,
  skip: (path: string) => boolean,
  onFile?: (copied: CopiedFiles) => void,
): Promise<CopiedFiles> {
  const copied: CopiedFiles = { count: 0, bytes: 0 };
  const walk = async (folder: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      // A folder removed while the copy runs (a finished upload's parts) is simply gone.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const source = join(folder, entry.name);
      const path = relative(from, source).split(sep).join('/');
      if (skip(path)) continue;
      const target = join(to, path);
      if (entry.isDirectory()) {
        await mkdir(target, { recursive: true });
        await walk(source);
      } else if (entry.isFile()) {
        try {
          await mkdir(join(target, '..'), { recursive: true });
          await copyFile(source, target);
          copied.count += 1;
          copied.bytes += (await stat(target)).size;
          onFile?.(copied);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    }
  };
  await walk(resolve(from));
  return copied;
}

/** Copies one secret file, readable by its owner only. */
export async function copySecret(from: string, to: string): Promise<void> {
  await copyFile(from, to);
  await chmod(to, 0o600);
}
