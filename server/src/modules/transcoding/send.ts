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
  const opened = await services.transcoding.open(source, target, options.offsetSeconds ?? 0);
  await sendTranscode(request, reply, opened, target, services.transcodeCache, options);
  return true;
}

/**
 * Sends a transcode: from the cache with ranges and validators like any stored file, or,
 * while ffmpeg makes it, as its bytes come (its length is not known yet, so the first play
 * is a whole answer without ranges; the next is served from the cache).
 */
export async function sendTranscode(
  request: FastifyRequest,
  reply: FastifyReply,
  opened: Awaited<ReturnType<TranscodingService['open']>>,
  target: TranscodeTarget,
  cache: TranscodeCache,
  options: { cacheControl: string; headers?: Record<string, string> },
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
    ...request.server.securityHeaders,
    'content-security-policy': STORED_FILE_CSP,
    ...options.headers,
  });
  if (request.method === 'HEAD') {
    raw.end();
    return;
  }
  try {
    for await (const chunk of opened.live.read()) {
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
    request.log.warn({ err: error }, 'transcode failed');
    raw.destroy();
  }
}
