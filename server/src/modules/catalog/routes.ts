import {
  getAlbum,
  getArtist,
  getArtistAlbums,
  getArtistTracks,
  getTag,
  getTagAlbums,
  getTagTracks,
  getTrack,
  getTrackLyrics,
  listGenres,
  logTrackPlay,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { paginate } from '../../lib/pagination.ts';
import { cachedAnswer, viewerOf } from './cached-answer.ts';

export { viewerOf };

const MORE_BY_ARTIST = 10;
const GENRE_LIST_LIMIT = 100;

export const catalogRoutes: RoutesPlugin = async (app) => {
  const { catalog } = app.services;

  registerEndpoint(app, getTrack, async (request, reply) =>
    cachedAnswer(request, reply, `track:${request.params.id}`, async (viewer) => {
      const track = await catalog.track(request.params.id, viewer);
      if (!track) return null;
      return {
        track,
        more_by_artist: await catalog.moreByArtists(track, viewer, MORE_BY_ARTIST),
      };
    }),
  );

  registerEndpoint(app, getTrackLyrics, async (request) => ({
    lyric: await catalog.lyric(request.params.id, viewerOf(request)),
  }));

  /** The player reports each play once it starts; stream requests are not counted. */
  registerEndpoint(app, logTrackPlay, async (request) => {
    const viewer = viewerOf(request);
    await catalog.assertTrackVisible(request.params.id, viewer);
    const playId = await app.services.plays.log(request.params.id, {
      userId: viewer.userId,
      listener: request.session?.id ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      source: request.body.source,
    });
    return { logged: true as const, play_id: playId };
  });

  registerEndpoint(app, getAlbum, async (request, reply) =>
    cachedAnswer(request, reply, `album:${request.params.id}`, async (viewer) => {
      const album = await catalog.album(request.params.id, viewer);
      return album ? { album } : null;
    }),
  );

  registerEndpoint(app, getArtist, async (request, reply) =>
    cachedAnswer(request, reply, `artist:${request.params.id}`, (viewer) =>
      catalog.artistPage(request.params.id, viewer),
    ),
  );

  registerEndpoint(app, getArtistTracks, async (request) => ({
    pagination: await catalog.existingArtistTracks(
      request.params.id,
      viewerOf(request),
      request.query,
    ),
  }));

  registerEndpoint(app, getArtistAlbums, async (request) => ({
    pagination: await catalog.existingArtistAlbums(
      request.params.id,
      viewerOf(request),
      request.query,
    ),
  }));

  registerEndpoint(app, listGenres, async () => {
    const genres = await catalog.genres(GENRE_LIST_LIMIT);
    return { pagination: paginate(genres, 1, GENRE_LIST_LIMIT, genres.length) };
  });

  registerEndpoint(app, getTag, async (request) => ({
    tag: await catalog.getTag(request.params.name),
  }));

  registerEndpoint(app, getTagTracks, async (request) => {
    const tag = await catalog.getTag(request.params.name);
    return { pagination: await catalog.tagTracks(tag.id, viewerOf(request), request.query) };
  });

  registerEndpoint(app, getTagAlbums, async (request) => {
    const tag = await catalog.getTag(request.params.name);
    return { pagination: await catalog.tagAlbums(tag.id, viewerOf(request), request.query) };
  });
};
