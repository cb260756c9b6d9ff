import { pipeline } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../http/http-error.ts';
import { STORED_FILE_CSP } from '../http/security-headers.ts';
import { FileRange } from './file-range.ts';
import { decideRange } from './range.ts';
import type { Storage, StoredFileInfo } from './storage.ts';

export interface SendOptions {
  contentType: string;
  cacheControl: string;
  headers?: Record<string, string>;
  /** The file's size and date when the caller has just looked them up (one stat fewer). */
  known?: StoredFileInfo;
}

/**
 * Sends a stored file with one-range support, validators and 304s. The body goes straight
 * to the raw response through the storage's large read buffer: Fastify's stream handling
 * halves throughput on this hot path (DESIGN §4).
 */
/**
 * Writes the status and headers of a hijacked reply through setHeader first, so hooks that run
 * after it (the /metrics counters of audio bytes) can read them back with getHeader; headers
 * given to writeHead alone are sent without being kept.
 */
export function writeHeadVisibly(
  raw: FastifyReply['raw'],
  status: number,
  headers: Record<string, string>,
): void {
  for (const [name, value] of Object.entries(headers)) raw.setHeader(name, value);
  raw.writeHead(status);
}

export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  options: SendOptions,
): Promise<void> {
  const info = options.known ?? (await storage.stat(key));
  if (!info) throw notFound();
  const etag = `"${info.size.toString(16)}-${Math.floor(info.modifiedAt.getTime() / 1000).toString(16)}"`;
  const common: Record<string, string> = {
    'content-type': options.contentType,
    'accept-ranges': 'bytes',
    etag,
    'last-modified': info.modifiedAt.toUTCString(),
    'cache-control': options.cacheControl,
    // Written to the raw socket, so the onSend hook never adds these.
    ...request.server.securityHeaders,
    'content-security-policy': STORED_FILE_CSP,
    ...options.headers,
  };

  if (request.headers['if-none-match'] === etag) {
    reply.hijack();
    reply.raw.writeHead(304, common).end();
    return;
  }
  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
  const decision = decideRange(rangeHeader, info.size);
  if (decision.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${info.size}`);
    throw new HttpError(416, 'The requested range is not available.');
  }

  const range = decision.kind === 'partial' ? decision : undefined;
  const length = range ? range.end - range.start + 1 : info.size;
  const headers: Record<string, string> = { ...common, 'content-length': String(length) };
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${info.size}`;

  reply.hijack();
  const raw = reply.raw;
  writeHeadVisibly(raw, range ? 206 : 200, headers);
  if (request.method === 'HEAD' || length === 0) {
    raw.end();
    return;
  }
  const source = storage.read(key, range);
  // A listener who seeks closes the connection mid-file; that is not a server error.
  const settled = (error?: NodeJS.ErrnoException | null) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      request.log.warn({ err: error, key }, 'stream failed');
    }
  };
  // A local file goes out through reused buffers; any other storage's stream is piped.
  if (source instanceof FileRange) source.sendTo(raw, length, settled);
  else pipeline(source, raw, settled);
}
