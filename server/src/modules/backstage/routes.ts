import type { FastifyRequest } from 'fastify';
import { hasPermission, PERMISSIONS, type User } from '@backbeat/common';
import {
  approveBackstageRequest,
  createBackstageAlbum,
  createBackstageRequest,
  createBackstageTrack,
  createDrafts,
  deleteBackstageAlbum,
  deleteBackstageTrack,
  downloadTrack,
  denyBackstageRequest,
  createBackstageArtist,
  getAdminBackstageRequest,
  getBackstageAlbum,
  getBackstageArtist,
  getBackstageRequest,
  getBackstageTrack,
  listAdminBackstageRequests,
  listArtistOptions,
  listMyAlbums,
  listMyArtists,
  listMyTracks,
  publishBackstageAlbum,
  publishBackstageTrack,
  reorderBackstageAlbum,
  updateBackstageAlbum,
  updateBackstageArtist,
  updateBackstageTrack,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { forbidden, unauthenticated } from '../../lib/domain-errors.ts';
import { sendGrowingFile } from '../../storage/growing-file.ts';
import { sendStoredFile } from '../../storage/send-stored-file.ts';
import { artworkRoutes } from './artwork-routes.ts';

const userOf = (request: FastifyRequest): User => request.user!;

/**
 * The admin queue needs admin.access besides its own permission (spec §6), both checked
 * before the body is validated, so an outsider learns nothing from a 422.
 */
async function requireAdminAccess(request: FastifyRequest) {
  const viewer = { user: request.user, guestPermissions: [] };
  const own = request.routeOptions.config.access;
  if (!request.user) throw unauthenticated();
  if (
    !hasPermission(viewer, PERMISSIONS.adminAccess) ||
    (own && own !== 'auth' && own !== 'public' && !hasPermission(viewer, own))
  ) {
    throw forbidden();
  }
}

/** Backstage: requests, the admin queue, and the editors of tracks, albums and artists. */
export const backstageRoutes: RoutesPlugin = async (app) => {
  const { backstageRequests: requests, backstageMusic: music } = app.services;
  const admin = { preValidation: requireAdminAccess };
  await app.register(artworkRoutes);

  registerEndpoint(app, createBackstageRequest, async (request) => ({
    request: await requests.create(userOf(request), request.body),
  }));
  registerEndpoint(app, getBackstageRequest, async (request) => ({
    request: await requests.mine(userOf(request), request.params.id),
  }));
  registerEndpoint(
    app,
    listAdminBackstageRequests,
    async (request) => ({ pagination: await requests.list(userOf(request), request.query) }),
    admin,
  );
  registerEndpoint(
    app,
    getAdminBackstageRequest,
    async (request) => ({ request: await requests.show(userOf(request), request.params.id) }),
    admin,
  );
  registerEndpoint(
    app,
    approveBackstageRequest,
    async (request) => ({ request: await requests.approve(userOf(request), request.params.id) }),
    admin,
  );
  registerEndpoint(
    app,
    denyBackstageRequest,
    async (request) => ({
      request: await requests.deny(userOf(request), request.params.id, request.body.reason),
    }),
    admin,
  );

  registerEndpoint(app, listArtistOptions, async (request) => ({
    artists: await music.artistOptions(request.query.query),
  }));
  registerEndpoint(app, listMyArtists, async (request) => ({
    artists: await music.myArtists(userOf(request)),
  }));
  registerEndpoint(app, getBackstageArtist, async (request) => ({
    artist: await music.getArtist(userOf(request), request.params.id),
  }));
  registerEndpoint(app, createBackstageArtist, async (request) => ({
    artist: await music.createArtist(userOf(request), request.body),
  }));
  registerEndpoint(app, updateBackstageArtist, async (request) => ({
    artist: await music.updateArtist(userOf(request), request.params.id, request.body),
  }));

  registerEndpoint(app, listMyTracks, async (request) => ({
    pagination: await music.listTracks(userOf(request), request.query),
  }));
  registerEndpoint(app, createDrafts, async (request) => ({
    tracks: await music.createDrafts(userOf(request), request.body.file_entry_ids),
  }));
  registerEndpoint(app, createBackstageTrack, async (request) => ({
    track: await music.createTrack(userOf(request), request.body),
  }));
  registerEndpoint(app, getBackstageTrack, async (request) => ({
    track: await music.getTrack(userOf(request), request.params.id),
  }));
  registerEndpoint(app, updateBackstageTrack, async (request) => ({
    track: await music.updateTrack(userOf(request), request.params.id, request.body),
  }));
  registerEndpoint(app, publishBackstageTrack, async (request) => ({
    track: await music.publishTrack(userOf(request), request.params.id),
  }));
  registerEndpoint(app, deleteBackstageTrack, async (request) => {
    await music.deleteTrack(userOf(request), request.params.id);
    return { deleted: true as const };
  });

  registerEndpoint(app, downloadTrack, async (request, reply) => {
    const siteAllows = await app.services.settings.get('player.enable_download');
    const file = await music.download(userOf(request), request.params.id, siteAllows);
    const safeName = `${file.name.replace(/[^\w.\- ]+/g, '_')}.${file.mime.includes('mpeg') ? 'mp3' : 'audio'}`;
    const options = {
      contentType: file.mime,
      cacheControl: 'private, max-age=0',
      headers: { 'content-disposition': `attachment; filename="${safeName}"` },
    };
    // A demo track never played yet is sent while it is made, as its stream is.
    const rendering = await app.services.streaming
      .audio(request.params.id, { userId: request.user?.id ?? null })
      .then((audio) => audio.rendering)
      .catch(() => null);
    if (rendering) await sendGrowingFile(request, reply, rendering, options);
    else await sendStoredFile(request, reply, app.services.storage, file.path, options);
    return reply;
  });

  registerEndpoint(app, listMyAlbums, async (request) => ({
    pagination: await music.listAlbums(userOf(request), request.query),
  }));
  registerEndpoint(app, createBackstageAlbum, async (request) => ({
    album: await music.createAlbum(userOf(request), request.body),
  }));
  registerEndpoint(app, getBackstageAlbum, async (request) => ({
    album: await music.getAlbum(userOf(request), request.params.id),
  }));
  registerEndpoint(app, updateBackstageAlbum, async (request) => ({
    album: await music.updateAlbum(userOf(request), request.params.id, request.body),
  }));
  registerEndpoint(app, reorderBackstageAlbum, async (request) => ({
    album: await music.reorderAlbum(userOf(request), request.params.id, request.body.track_ids),
  }));
  registerEndpoint(app, publishBackstageAlbum, async (request) => ({
    album: await music.publishAlbum(userOf(request), request.params.id),
  }));
  registerEndpoint(app, deleteBackstageAlbum, async (request) => {
    await music.deleteAlbum(userOf(request), request.params.id);
    return { deleted: true as const };
  });
};
