// A small HTTP/1.1 load client on raw keep-alive sockets. autocannon records whole
// milliseconds (a cache hit shows as "p99 0 ms") and parses every body; this one times each
// answer with performance.now(), counts body bytes without copying them unless asked, and
// costs little enough per request that the bare Node ceiling, not the client, is the limit.
import { connect, type Socket } from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  bytes: number;
  body?: Buffer;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection; one request at a time (no pipelining, as browsers ask). */
export class RawConnection {
  private head: Buffer | null = null;
  private remaining = 0;
  private chunked = false;
  private chunkTail = Buffer.alloc(0);
  private answer: Answer | null = null;
  private parts: Buffer[] | null = null;
  private settle: ((answer: Answer) => void) | null = null;
  private fail: ((error: Error) => void) | null = null;

  private constructor(
    private readonly socket: Socket,
    private readonly host: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.fail?.(error));
    socket.on('close', () => this.fail?.(new Error('connection closed mid-answer')));
  }

  static open(port: number, host = '127.0.0.1'): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, host, () => resolve(new RawConnection(socket, host)));
      socket.once('error', reject);
    });
  }

  /** GET `path`; `headerLines` are extra "name: value\r\n" lines. */
  get(path: string, headerLines = '', keepBody = false): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.settle = resolve;
      this.fail = reject;
      this.head = Buffer.alloc(0);
      this.answer = null;
      this.parts = keepBody ? [] : null;
      this.socket.write(`GET ${path} HTTP/1.1\r\nhost: ${this.host}\r\n${headerLines}\r\n`);
    });
  }

  close(): void {
    this.fail = null;
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    if (this.head !== null) {
      const head = Buffer.concat([this.head, chunk]);
      const end = head.indexOf(HEAD_END);
      if (end < 0) {
        this.head = head;
        return;
      }
      this.head = null;
      const lines = head.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      this.answer = { status: Number(lines[0]!.split(' ')[1]), headers, bytes: 0 };
      this.chunked = /chunked/i.test(headers['transfer-encoding'] ?? '');
      this.remaining = Number(headers['content-length'] ?? 0);
      this.chunkTail = Buffer.alloc(0);
      chunk = head.subarray(end + 4);
      if (!this.chunked && this.remaining === 0) return this.done();
    }
    if (!this.answer) return;
    this.answer.bytes += chunk.length;
    this.parts?.push(chunk);
    if (this.chunked) {
      // Only the end matters: the last chunk is "0\r\n\r\n" (no trailers from our servers).
      this.chunkTail = Buffer.concat([this.chunkTail, chunk]).subarray(-7);
      if (this.chunkTail.toString('latin1').endsWith('\r\n0\r\n\r\n') || this.isBareEnd()) {
        this.done();
      }
      return;
    }
    this.remaining -= chunk.length;
    if (this.remaining <= 0) this.done();
  }

  private isBareEnd(): boolean {
    return this.answer!.bytes === 5 && this.chunkTail.toString('latin1') === '0\r\n\r\n';
  }

  private done(): void {
    const answer = this.answer!;
    if (this.parts) answer.body = Buffer.concat(this.parts);
    this.answer = null;
    this.parts = null;
    const settle = this.settle;
    this.settle = null;
    this.fail = null;
    settle?.(answer);
  }
}

export const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

export interface LoadFigures {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  bytes: number;
  /** Each answer's time (ms) and the run's length (s), to merge runs taken in slices. */
  times: number[];
  seconds: number;
}

/** One set of figures from runs taken in turns with another server's (see measureRows). */
export function mergeRuns(runs: LoadFigures[]): LoadFigures {
  const times = runs.flatMap((run) => run.times);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rps: times.length / seconds,
    requests: times.length,
    bytes: runs.reduce((sum, run) => sum + run.bytes, 0),
    times,
    seconds,
  };
}

export interface LoadOptions {
  port: number;
  connections: number;
  headers?: Record<string, string>;
  /** Hot: the first path again and again for `durationMs`. Cold: every path once, in order. */
  paths: string[];
  durationMs?: number;
  /** Keep each distinct path's answer (status, headers, body) for the bare ceiling. */
  keep?: Map<string, Answer>;
}

/** Runs the load; throws on any answer that is not 2xx. */
export async function loadRun(options: LoadOptions): Promise<LoadFigures> {
  const lines = headerLines(options.headers ?? {});
  const hot = options.durationMs !== undefined;
  const connections = await Promise.all(
    Array.from({ length: options.connections }, () => RawConnection.open(options.port)),
  );
  const times: number[] = [];
  let next = 0;
  let bytes = 0;
  const started = performance.now();
  const until = started + (options.durationMs ?? 0);
  try {
    await Promise.all(
      connections.map(async (connection) => {
        for (;;) {
          let path: string;
          if (hot) {
            if (performance.now() >= until) return;
            path = options.paths[0]!;
          } else {
            if (next >= options.paths.length) return;
            path = options.paths[next++]!;
          }
          const keep = options.keep !== undefined && !options.keep.has(path);
          const sent = performance.now();
          const answer = await connection.get(path, lines, keep);
          times.push(performance.now() - sent);
          bytes += answer.bytes;
          if (answer.status < 200 || answer.status > 299) {
            throw new Error(`GET ${path}: ${answer.status}`);
          }
          if (keep) options.keep!.set(path, answer);
        }
      }),
    );
  } finally {
    for (const connection of connections) connection.close();
  }
  const elapsed = (performance.now() - started) / 1000;
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rps: times.length / elapsed,
    requests: times.length,
    bytes,
    times,
    seconds: elapsed,
  };
}
