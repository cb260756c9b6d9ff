import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { LogEntry, LogKindName } from '@backbeat/common/admin/site';
import type { FileLogs } from '../../logging/file-logs.ts';

/** How many daily files a list reads back (about a month). */
const FILES_READ = 31;

/** The line a person reads first: the message, the subject, or the task and its outcome. */
function summaryOf(data: Record<string, unknown>, raw: string): string {
  const pick = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : null);
  const task = pick('task');
  if (task)
    return `${task}: ${pick('status') ?? ''}${pick('message') ? ` (${pick('message')})` : ''}`;
  const subject = pick('subject');
  if (subject) return `${pick('to') ?? ''}: ${subject}`;
  return (pick('message') ?? pick('msg') ?? raw).slice(0, 300);
}

export type LogsService = ReturnType<typeof createLogsService>;

/** The admin log viewer (issue 13): the files the server writes, newest entry first. */
export function createLogsService(fileLogs: Pick<FileLogs, 'files'>) {
  return {
    async list(kind: LogKindName, options: { page: number; perPage: number; query?: string }) {
      const needle = options.query?.toLowerCase();
      const entries: LogEntry[] = [];
      for (const file of (await fileLogs.files(kind)).slice(0, FILES_READ)) {
        const lines = (await readFile(file, 'utf8').catch(() => '')).split('\n');
        for (let index = lines.length - 1; index >= 0; index--) {
          const raw = lines[index]!.trim();
          if (!raw || (needle && !raw.toLowerCase().includes(needle))) continue;
          let data: Record<string, unknown>;
          try {
            const parsed: unknown = JSON.parse(raw);
            data =
              parsed && typeof parsed === 'object' && !Array.isArray(parsed)
                ? (parsed as Record<string, unknown>)
                : { message: raw };
          } catch {
            data = { message: raw };
          }
          entries.push({
            id: `${basename(file)}:${index + 1}`,
            time: typeof data.time === 'string' ? data.time : null,
            summary: summaryOf(data, raw),
            data,
          });
        }
      }
      const start = (options.page - 1) * options.perPage;
      const data = entries.slice(start, start + options.perPage);
      return {
        data,
        current_page: options.page,
        per_page: options.perPage,
        total: entries.length,
        last_page: Math.max(1, Math.ceil(entries.length / options.perPage)),
        from: data.length ? start + 1 : null,
        to: data.length ? start + data.length : null,
      };
    },
  };
}
