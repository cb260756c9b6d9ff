import { streamTrack } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { notFound } from '../../http/http-error.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { isSafeKey } from '../../storage/storage.ts';
import { sendGrowingFile } from '../../storage/growing-file.ts';
import { sendStoredFile } from '../../storage/send-stored-file.ts';
import { sendTranscoded } from '../transcoding/send.ts';

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

export const streamingRoutes: RoutesPlugin = async (app) => {
  /** The hot path: one indexed lookup, then the file piped with a large buffer (DESIGN §4). */
  registerEndpoint(app, streamTrack, async (request, reply) => {
    const userId = request.user?.id ?? null;
    const audio = await app.services.streaming.audio(request.params.id, { userId });
    const { format, maxBitRate } = request.query;
    // The web player's streaming quality (issue 38.6): the same transcodes as /rest's stream.
    if ((format || maxBitRate) && !audio.rendering) {
      const sent = await sendTranscoded(app.services, request, reply, audio, {
        request: { format, maxBitRate, userId: userId ?? 0, client: null },
        cacheControl: 'private, max-age=86400',
      });
      if (sent) return;
    }
    const options = {
      contentType: audio.mime,
      // Private tracks and plan-gated plays must not sit in shared caches.
      cacheControl: 'private, max-age=86400',
      known: audio.stored,
    };
    // A demo track on its first play: sent while it is being encoded.
    if (audio.rendering) await sendGrowingFile(request, reply, audio.rendering, options);
    else await sendStoredFile(request, reply, app.services.storage, audio.path, options);
  });

  /** Public files (artwork); immutable names, no session needed. */
  app.get('/storage/public/*', { config: { session: false } }, async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    const key = `public/${rest}`;
    const extension = rest.split('.').pop()?.toLowerCase() ?? '';
    const contentType = CONTENT_TYPES[extension];
    if (!contentType || !isSafeKey(key)) throw notFound();
    await sendStoredFile(request, reply, app.services.storage, key, {
      contentType,
      cacheControl: 'public, max-age=604800',
    });
  });
};
