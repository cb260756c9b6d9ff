import { TRANSCODE_OUTPUT } from '@backbeat/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STORED_FILE_CSP } from '../../http/security-headers.ts';
import { sendStoredFile } from '../../storage/send-stored-file.ts';
import type { TranscodeCache } from './cache.ts';
import type { TranscodeTarget } from './ffmpeg-args.ts';
import type { Storage, StoredFileInfo } from '../../storage/storage.ts';
import type { StreamRequest, TranscodingService } from './service.ts';

/**
 * Answers with the transcode a request asks for, when it asks for one: false when the
 * original file is what it gets (the caller sends that as ever). `timeOffset` (seconds)
 * starts the transcode there.
 */
export async function sendTranscoded(
  services: { transcoding: TranscodingService; transcodeCache: TranscodeCache; storage: Storage },
  request: FastifyRequest,
  reply: FastifyReply,
  audio: { path: string; mime: string; durationMs: number; stored?: StoredFileInfo | undefined },
  options: {
    request: StreamRequest;
    offsetSeconds?: number;
    /** Subsonic's `estimateContentLength`: a first transcode declares its likely length. */
    estimateContentLength?: boolean;
    cacheControl: string;
    headers?: Record<string, string>;
  },
): Promise<boolean> {
  const stored = audio.stored ?? (await services.storage.stat(audio.path));
  // A missing file: the caller's send answers not found.
  if (!stored) return false;
  const source = { ...audio, stored };
  const target = await services.transcoding.plan(options.request, source);
  if (!target) return false;
  const offsetSeconds = options.offsetSeconds ?? 0;
  const opened = await services.transcoding.open(source, target, offsetSeconds);
  const estimatedLength = options.estimateContentLength
    ? estimateTranscodeLength(audio.durationMs, offsetSeconds, target.bitRate)
    : undefined;
  await sendTranscode(request, reply, opened, target, services.transcodeCache, {
    ...options,
    ...(estimatedLength ? { estimatedLength } : {}),
  });
  return true;
}

/**
 * The bytes a transcode of `durationMs` (from `offsetSeconds` on) is likely to take at
 * `bitRate` kbit/s. Counted with 1024 bits to the kilobit, as Navidrome does: the 2.4 % over
 * the encoder's own rate covers its container's overhead, so the real transcode rarely exceeds
 * the declared length (where it does, the answer stops at it). Null with no known duration.
 */
export function estimateTranscodeLength(
  durationMs: number,
  offsetSeconds: number,
  bitRate: number,
): number | null {
  const seconds = durationMs / 1000 - offsetSeconds;
  if (!(seconds > 0)) return null;
  return Math.ceil((seconds * bitRate * 1024) / 8);
}

/**
 * Sends a transcode: from the cache with ranges and validators like any stored file, or,
 * while ffmpeg makes it, as its bytes come (its length is not known yet, so the first play
 * is a whole answer without ranges; the next is served from the cache). A first play asked
 * with a Range is answered whole from the start, `Accept-Ranges: none`, as Navidrome does:
 * a client that seeks before the transcode is cached uses `timeOffset`.
 *
 * With `estimatedLength` (Subsonic's `estimateContentLength`, for clients that show progress
 * or need a length to play), a first play declares that length, and sends exactly that many
 * bytes: the bytes past it are not sent, and a transcode that comes out shorter is followed
 * by zeros. Navidrome's server instead closes the connection early, which HTTP stacks such
 * as ExoPlayer's and URLSession's report as an error at the end of the track; MP3 and Ogg
 * readers skip the zeros while looking for the next frame, so they play to the end cleanly.
 */
export async function sendTranscode(
  request: FastifyRequest,
  reply: FastifyReply,
  opened: Awaited<ReturnType<TranscodingService['open']>>,
  target: TranscodeTarget,
  cache: TranscodeCache,
  options: { cacheControl: string; estimatedLength?: number; headers?: Record<string, string> },
): Promise<void> {
  const contentType = TRANSCODE_OUTPUT[target.format].contentType;
  if ('cached' in opened) {
    await sendStoredFile(request, reply, cache.files, opened.cached.key, {
      contentType,
      cacheControl: options.cacheControl,
      known: opened.cached.info,
      ...(options.headers ? { headers: options.headers } : {}),
    });
    return;
  }
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': contentType,
    'accept-ranges': 'none',
    'cache-control': options.cacheControl,
    ...(options.estimatedLength ? { 'content-length': String(options.estimatedLength) } : {}),
    ...request.server.securityHeaders,
    'content-security-policy': STORED_FILE_CSP,
    ...options.headers,
  });
  if (request.method === 'HEAD') {
    raw.end();
    return;
  }
  let room = options.estimatedLength ?? Infinity;
  try {
    for await (const whole of opened.live.read()) {
      if (raw.destroyed) return;
      const chunk = whole.length > room ? whole.subarray(0, room) : whole;
      room -= chunk.length;
      // Respect the socket's buffer: a slow listener must not make us queue the whole file.
      if (!raw.write(chunk))
        await new Promise((resolve) => {
          raw.once('drain', resolve);
          raw.once('close', resolve);
        });
      if (room === 0) break;
    }
    if (room > 0 && room !== Infinity && !raw.destroyed) raw.end(Buffer.alloc(room));
    else raw.end();
  } catch (error) {
    request.log.warn({ err: error }, 'transcode failed');
    raw.destroy();
  }
}
