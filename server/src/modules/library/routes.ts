import {
  getHistory,
  getLibraryArtists,
  getLikedAlbums,
  getLikedIds,
  getLikedTracks,
  getRepostedIds,
  getUserReposts,
  like,
  repost,
  unlike,
  unrepost,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { viewerOf } from '../catalog/cached-answer.ts';

/**
 * The signed-in listener's library. These answers are per user, so they never go through
 * the shared catalog cache; pages ask `library/likes/ids` for the liked state of what they show.
 */
export const libraryRoutes: RoutesPlugin = async (app) => {
  const { library, reposts } = app.services;

  registerEndpoint(app, getLikedIds, async (request) => ({
    likes: await library.likedIds(request.user!.id),
  }));

  registerEndpoint(app, like, async (request) => {
    const { type, id } = request.params;
    await library.like(request.user!.id, type, id);
    return { liked: true as const };
  });

  registerEndpoint(app, unlike, async (request) => {
    const { type, id } = request.params;
    await library.unlike(request.user!.id, type, id);
    return { liked: false as const };
  });

  registerEndpoint(app, getLikedTracks, async (request) => ({
    pagination: await library.likedTracks(request.user!.id, request.query),
  }));

  registerEndpoint(app, getLikedAlbums, async (request) => ({
    pagination: await library.likedAlbums(request.user!.id, request.query),
  }));

  registerEndpoint(app, getLibraryArtists, async (request) => ({
    pagination: await library.libraryArtists(request.user!.id, request.query),
  }));

  registerEndpoint(app, getHistory, async (request) => ({
    pagination: await library.history(request.user!.id, request.query),
  }));

  registerEndpoint(app, getRepostedIds, async (request) => ({
    reposts: await reposts.ids(request.user!.id),
  }));

  registerEndpoint(app, repost, async (request) => {
    const { type, id } = request.params;
    await reposts.repost(request.user!.id, type, id, true);
    return { reposted: true as const };
  });

  registerEndpoint(app, unrepost, async (request) => {
    const { type, id } = request.params;
    await reposts.repost(request.user!.id, type, id, false);
    return { reposted: false as const };
  });

  registerEndpoint(app, getUserReposts, async (request) => ({
    pagination: await reposts.ofUser(request.params.id, viewerOf(request).userId, request.query),
  }));
};
