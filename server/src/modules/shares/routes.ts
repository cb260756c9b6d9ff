import {
  createShare,
  deleteShare,
  listShares,
  showSharedLink,
  streamSharedTrack,
  updateShare,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { sendGrowingFile } from '../../storage/growing-file.ts';
import { sendStoredFile } from '../../storage/send-stored-file.ts';

/** Share links: the owner's list and changes, the public page's data and its audio. */
export const sharesRoutes: RoutesPlugin = async (app) => {
  const { shares, streaming, storage } = app.services;

  registerEndpoint(app, listShares, async (request) => ({
    shares: (await shares.list(request.user!.id)).map(({ share }) => share),
  }));

  registerEndpoint(app, createShare, async (request) => ({
    share: (await shares.create(request.user!.id, request.body)).share,
  }));

  registerEndpoint(app, updateShare, async (request) => ({
    share: (await shares.update(request.user!.id, request.params.id, request.body)).share,
  }));

  registerEndpoint(app, deleteShare, async (request) => {
    await shares.delete(request.user!.id, request.params.id);
    return { deleted: true as const };
  });

  registerEndpoint(app, showSharedLink, async (request, reply) => {
    // Each open is a visit: never answered from a cache.
    reply.header('Cache-Control', 'no-store');
    return { share: await shares.open(request.params.token) };
  });

  /** Streams as the owner would, for a track of a live share only (see SharesService). */
  registerEndpoint(app, streamSharedTrack, async (request, reply) => {
    const owner = await shares.streamAs(request.params.token, request.params.id);
    const audio = await streaming.audio(request.params.id, owner);
    const options = {
      contentType: audio.mime,
      cacheControl: 'private, no-cache',
      known: audio.stored,
    };
    if (audio.rendering) await sendGrowingFile(request, reply, audio.rendering, options);
    else await sendStoredFile(request, reply, storage, audio.path, options);
    return reply;
  });
};
