import { appendFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The log files the admin log viewer reads; one file a day per kind. */
export type LogKind = 'error' | 'schedule' | 'outgoing-email';

export interface FileLogs {
  write(kind: LogKind, record: Record<string, unknown>): Promise<void>;
  /** Absolute path of the newest file of a kind, or null when there is none. */
  latest(kind: LogKind): Promise<string | null>;
  directory: string;
}

export function createFileLogs(storagePath: string): FileLogs {
  const directory = join(storagePath, 'logs');
  let ensured: Promise<unknown> | null = null;

  return {
    directory,
    async write(kind, record) {
      ensured ??= mkdir(directory, { recursive: true });
      await ensured;
      const day = new Date().toISOString().slice(0, 10);
      const line = JSON.stringify({ time: new Date().toISOString(), ...record });
      await appendFile(join(directory, `${kind}-${day}.log`), `${line}\n`);
    },
    async latest(kind) {
      const files = await readdir(directory).catch(() => [] as string[]);
      const matching = files.filter((f) =>
        new RegExp(`^${kind}-\\d{4}-\\d{2}-\\d{2}\\.log$`).test(f),
      );
      const newest = matching.sort().at(-1);
      return newest ? join(directory, newest) : null;
    },
  };
}
