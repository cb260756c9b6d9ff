import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/http-error.ts';
import { STORED_FILE_CSP } from '../http/security-headers.ts';
import { decideRange } from './range.ts';
import { writeHeadVisibly, type SendOptions } from './send-stored-file.ts';

/**
 * A file whose final size is known while its bytes are still being made (a demo track being
 * encoded). Readers get any range at once: bytes already made are sent, and the rest follow
 * as they arrive.
 */
export class GrowingFile {
  private readonly bytes: Buffer;
  private filled = 0;
  private ended = false;
  private failure: unknown = null;
  private readonly waiting = new Set<() => void>();
  /** Responses reading it right now. */
  readers = 0;

  constructor(
    readonly size: number,
    /** Called when a response starts or stops reading it. */
    private readonly onReaders: () => void = () => {},
  ) {
    this.bytes = Buffer.alloc(size);
  }

  /** Every byte, once the file is complete. */
  contents(): Buffer {
    if (!this.ended || this.failure) throw new Error('file is not complete');
    return this.bytes;
  }

  get available(): number {
    return this.filled;
  }

  append(chunk: Buffer): void {
    const room = Math.min(chunk.length, this.size - this.filled);
    chunk.copy(this.bytes, this.filled, 0, room);
    this.filled += room;
    this.wake();
  }

  /** No more bytes will come; readers still short of theirs fail. */
  end(failure: unknown = null): void {
    this.ended = true;
    this.failure = failure ?? (this.filled < this.size ? new Error('file ended short') : null);
    this.wake();
  }

  /** Bytes `start..end` (inclusive) as they become available. */
  async *read(start: number, end: number): AsyncGenerator<Buffer> {
    this.readers++;
    this.onReaders();
    try {
      let position = start;
      while (position <= end) {
        if (this.filled > position) {
          const upTo = Math.min(this.filled, end + 1);
          yield this.bytes.subarray(position, upTo);
          position = upTo;
        } else if (this.ended) {
          throw this.failure ?? new Error('file ended short');
        } else {
          await new Promise<void>((resolve) => this.waiting.add(resolve));
        }
      }
    } finally {
      this.readers--;
      this.onReaders();
    }
  }

  private wake() {
    const resolvers = [...this.waiting];
    this.waiting.clear();
    for (const resolve of resolvers) resolve();
  }
}

/**
 * Sends a growing file with its full length and one-range support, like a stored file but
 * without validators: its ETag would differ from the stored file's once it is written, so
 * a browser's `If-Range` would then restart the download.
 */
export async function sendGrowingFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: GrowingFile,
  options: SendOptions,
): Promise<void> {
  const decision = decideRange(request.headers.range, file.size);
  if (decision.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${file.size}`);
    throw new HttpError(416, 'The requested range is not available.');
  }
  const range = decision.kind === 'partial' ? decision : { start: 0, end: file.size - 1 };
  const headers: Record<string, string> = {
    'content-type': options.contentType,
    'accept-ranges': 'bytes',
    'cache-control': options.cacheControl,
    // Written to the raw socket, so the onSend hook never adds these (the same as a stored
    // file's: a demo track's first play must not differ from its later ones).
    ...request.server.securityHeaders,
    'content-security-policy': STORED_FILE_CSP,
    ...options.headers,
    'content-length': String(range.end - range.start + 1),
  };
  if (decision.kind === 'partial')
    headers['content-range'] = `bytes ${range.start}-${range.end}/${file.size}`;

  reply.hijack();
  const raw = reply.raw;
  writeHeadVisibly(raw, decision.kind === 'partial' ? 206 : 200, headers);
  if (request.method === 'HEAD') {
    raw.end();
    return;
  }
  try {
    for await (const chunk of file.read(range.start, range.end)) {
      if (raw.destroyed) return;
      // Respect the socket's buffer: a slow listener must not make us queue the whole file.
      if (!raw.write(chunk))
        await new Promise((resolve) => {
          raw.once('drain', resolve);
          raw.once('close', resolve);
        });
    }
    raw.end();
  } catch (error) {
    request.log.warn({ err: error }, 'growing file failed');
    raw.destroy();
  }
}
