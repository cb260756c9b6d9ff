import { appendFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The log files the admin log viewer reads; one file a day per kind. */
export type LogKind = 'error' | 'schedule' | 'outgoing-email';

export interface FileLogs {
  write(kind: LogKind, record: Record<string, unknown>): Promise<void>;
  /** Absolute path of the newest file of a kind, or null when there is none. */
  latest(kind: LogKind): Promise<string | null>;
  /** Absolute paths of every file of a kind, newest first. */
  files(kind: LogKind): Promise<string[]>;
  directory: string;
}

export function createFileLogs(storagePath: string): FileLogs {
  const directory = join(storagePath, 'logs');
  let ensured: Promise<unknown> | null = null;

  async function files(kind: LogKind): Promise<string[]> {
    const names = await readdir(directory).catch(() => [] as string[]);
    const pattern = new RegExp(`^${kind}-\\d{4}-\\d{2}-\\d{2}\\.log$`);
    return names
      .filter((f) => pattern.test(f))
      .sort()
      .reverse()
      .map((f) => join(directory, f));
  }

  return {
    directory,
    files,
    /**
     * Best effort, never rejects: callers log from error paths and background work, where a
     * rejection would go unhandled and stop the process. A folder removed meanwhile (an admin
     * clearing the logs) is made again.
     */
    async write(kind, record) {
      const day = new Date().toISOString().slice(0, 10);
      const line = JSON.stringify({ time: new Date().toISOString(), ...record });
      const file = join(directory, `${kind}-${day}.log`);
      try {
        ensured ??= mkdir(directory, { recursive: true });
        await ensured;
        await appendFile(file, `${line}\n`);
      } catch {
        ensured = null;
        try {
          await mkdir(directory, { recursive: true });
          await appendFile(file, `${line}\n`);
        } catch (error) {
          console.warn(`The ${kind} log could not be written: ${(error as Error).message}`);
        }
      }
    },
    async latest(kind) {
      return (await files(kind))[0] ?? null;
    },
  };
}
