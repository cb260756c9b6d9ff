import { spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/** How long a transcode nobody reads any more goes on, in case a listener comes back. */
const ABANDON_AFTER_MS = 2000;

/**
 * One ffmpeg making one transcode, read by any number of responses at once: each gets every
 * byte from the first as soon as it exists. The bytes also go to a file, which becomes the
 * cached copy when ffmpeg ends well. When its last reader leaves early, ffmpeg is stopped
 * (a listener skipping through tracks must not leave encoders running).
 */
export class LiveTranscode {
  private readonly chunks: Buffer[] = [];
  private ended = false;
  private failure: Error | null = null;
  private readonly waiting = new Set<() => void>();
  private readers = 0;
  private abandonTimer: NodeJS.Timeout | null = null;
  private stop: () => void = () => {};
  /** Settles when ffmpeg has ended: true when the transcode is whole. */
  readonly done: Promise<boolean>;

  constructor(options: {
    ffmpeg: string;
    args: string[];
    source: Readable;
    /** Where the bytes are written too (null: not kept). */
    file: string | null;
  }) {
    this.done = this.run(options);
  }

  private run({
    ffmpeg,
    args,
    source,
    file,
  }: {
    ffmpeg: string;
    args: string[];
    source: Readable;
    file: string | null;
  }): Promise<boolean> {
    const child = spawn(ffmpeg, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stopped = false;
    this.stop = () => {
      stopped = true;
      child.kill('SIGKILL');
      source.destroy();
    };
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (stderr.length < 2000) stderr += text;
    });
    // ffmpeg stops reading when it has what it needs, or is killed: not our error.
    child.stdin.on('error', () => {});
    source.on('error', (error) => child.stdin.destroy(error));
    source.pipe(child.stdin);
    const out: WriteStream | null = file ? createWriteStream(file) : null;
    let writeFailed = false;
    out?.on('error', () => (writeFailed = true));
    child.stdout.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      out?.write(chunk);
      this.wake();
    });
    return new Promise<boolean>((resolve) => {
      const finish = (code: number | null) => {
        const whole = code === 0 && !stopped && this.chunks.length > 0;
        this.ended = true;
        if (!whole) this.failure = new Error(stderr.trim() || `ffmpeg exited ${code}`);
        this.wake();
        if (!out) return resolve(whole);
        out.end(() => {
          if (whole && !writeFailed) return resolve(true);
          void rm(file!, { force: true }).finally(() => resolve(false));
        });
      };
      child.on('close', finish);
      child.on('error', () => finish(-1));
    });
  }

  /** Every byte from the first, as ffmpeg makes them; throws when it failed. */
  async *read(): AsyncGenerator<Buffer> {
    this.readers++;
    if (this.abandonTimer) clearTimeout(this.abandonTimer);
    this.abandonTimer = null;
    try {
      let index = 0;
      for (;;) {
        if (index < this.chunks.length) yield this.chunks[index++]!;
        else if (this.failure) throw this.failure;
        else if (this.ended) return;
        else await new Promise<void>((resolve) => this.waiting.add(resolve));
      }
    } finally {
      this.readers--;
      if (this.readers === 0 && !this.ended) {
        this.abandonTimer = setTimeout(() => {
          if (this.readers === 0) this.stop();
        }, ABANDON_AFTER_MS);
        this.abandonTimer.unref();
      }
    }
  }

  private wake() {
    const resolvers = [...this.waiting];
    this.waiting.clear();
    for (const resolve of resolvers) resolve();
  }
}
