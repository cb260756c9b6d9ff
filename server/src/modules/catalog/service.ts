import type {
  Album,
  AlbumDetails,
  Artist,
  Genre,
  Lyric,
  PageQuery,
  Pagination,
  Tag,
  Track,
  TrackDetails,
} from '@backbeat/common';
import { notFound } from '../../lib/domain-errors.ts';
import { pageWindow, paginate } from '../../lib/pagination.ts';
import {
  groupByOwner,
  inOrder,
  parseWaveform,
  presentAlbum,
  presentArtist,
  presentGenre,
  presentTag,
  presentTrack,
} from './present.ts';
import type { CatalogRepository, TrackIdFilter } from './repository.ts';
import type { TrackRow } from './rows.ts';
import { canSee } from './visibility.ts';

export type CatalogService = ReturnType<typeof createCatalogService>;

/** Who is looking: private tracks and albums show only to their owner. */
export interface Viewer {
  userId: number | null;
}
const viewerKey = (viewer: Viewer) => viewer.userId ?? 0;
const ANYONE: Viewer = { userId: null };

const TOP_TRACKS = 10;
const ARTIST_ALBUMS = 50;
const SIMILAR_ARTISTS = 8;

const OWNERSHIP_TTL_MS = 10_000;

export function createCatalogService(deps: {
  repository: CatalogRepository;
  /** A library track's waveform, made on its first ask (library folders; null for others). */
  waveformOnDemand?: (trackId: number) => Promise<number[] | null>;
}) {
  const repo = deps.repository;
  const ownership = new Map<number, { at: number; value: Promise<boolean> }>();

  /** Tracks by id in the given order, with artists and album; ids not found are skipped. */
  async function tracks(ids: readonly number[]): Promise<Track[]> {
    if (!ids.length) return [];
    const [rows, artists] = await Promise.all([repo.tracksByIds(ids), repo.trackArtists(ids)]);
    const byTrack = groupByOwner(artists);
    return inOrder(ids, rows).map((row) => presentTrack(row, byTrack.get(row.id)));
  }

  /** Rows already read, in their order, with their artists. */
  async function presentTracks(rows: readonly TrackRow[]): Promise<Track[]> {
    if (!rows.length) return [];
    const byTrack = groupByOwner(await repo.trackArtists(rows.map((row) => row.id)));
    return rows.map((row) => presentTrack(row, byTrack.get(row.id)));
  }

  async function albums(ids: readonly number[]): Promise<Album[]> {
    if (!ids.length) return [];
    const [rows, artists] = await Promise.all([repo.albumsByIds(ids), repo.albumArtists(ids)]);
    const byAlbum = groupByOwner(artists);
    return inOrder(ids, rows).map((row) => presentAlbum(row, byAlbum.get(row.id)));
  }

  /** Artists by id; those that exist only through a folder the viewer may not open are left out. */
  async function artists(ids: readonly number[], viewer: Viewer = ANYONE): Promise<Artist[]> {
    if (!ids.length) return [];
    const [rows, genres] = await Promise.all([
      repo.artistsByIds(ids, viewerKey(viewer)),
      repo.genresOf('artist_genres', ids),
    ]);
    const byArtist = groupByOwner(genres);
    return inOrder(ids, rows).map((row) =>
      presentArtist(row, (byArtist.get(row.id) ?? []).map(presentGenre)),
    );
  }

  async function visibleTracks(ids: readonly number[], viewer: Viewer): Promise<Track[]> {
    const allowed = new Set(await repo.visibleTrackIds(ids, viewerKey(viewer)));
    return tracks(ids.filter((id) => allowed.has(id)));
  }

  async function visibleAlbums(ids: readonly number[], viewer: Viewer): Promise<Album[]> {
    const allowed = new Set(await repo.visibleAlbumIds(ids, viewerKey(viewer)));
    return albums(ids.filter((id) => allowed.has(id)));
  }

  const service = {
    tracks,
    albums,
    artists,
    visibleTracks,
    visibleAlbums,

    /** Of these track ids, in their order, those the viewer sees that meet the filter. */
    async visibleTrackIdsWhere(
      ids: readonly number[],
      viewer: Viewer,
      filter: TrackIdFilter,
    ): Promise<number[]> {
      const kept = new Set(await repo.visibleTrackIdsWhere(ids, viewerKey(viewer), filter));
      return ids.filter((id) => kept.has(id));
    },

    async track(id: number, viewer: Viewer): Promise<TrackDetails | null> {
      const details = await repo.trackDetails(id);
      if (!details || !(await canSee(details, viewerKey(viewer), repo.opensFolder))) return null;
      const [[track], genres, tags] = await Promise.all([
        tracks([id]),
        repo.genresOf('track_genres', [id]),
        repo.tagsOf('track_tags', [id]),
      ]);
      if (!track) return null;
      let waveform = parseWaveform(details.waveform);
      if (!waveform.length && deps.waveformOnDemand) {
        waveform = (await deps.waveformOnDemand(id)) ?? [];
      }
      return {
        ...track,
        description: details.description,
        genres: genres.map(presentGenre),
        tags: tags.map(presentTag),
        waveform,
      };
    },

    async album(id: number, viewer: Viewer): Promise<AlbumDetails | null> {
      // The row is read once, with the visibility test: it gives the card fields and the
      // description. The tracks are read whole in one query, in album order.
      const row = await repo.visibleAlbumRow(id, viewerKey(viewer));
      if (!row) return null;
      const [artistRows, trackRows, genres, tags] = await Promise.all([
        repo.albumArtists([id]),
        repo.albumTrackRows(id, viewerKey(viewer)),
        repo.genresOf('album_genres', [id]),
        repo.tagsOf('album_tags', [id]),
      ]);
      return {
        ...presentAlbum(row, groupByOwner(artistRows).get(id)),
        tracks_count: trackRows.length,
        description: row.description ?? null,
        genres: genres.map(presentGenre),
        tags: tags.map(presentTag),
        tracks: await presentTracks(trackRows),
      };
    },

    async artistPage(id: number, viewer: Viewer) {
      const [artist] = await artists([id], viewer);
      if (!artist) return null;
      const key = viewerKey(viewer);
      const [topIds, albumIds, similarIds] = await Promise.all([
        repo.artistTrackIds(id, key, { limit: TOP_TRACKS, offset: 0 }),
        repo.artistAlbumIds(id, key, { limit: ARTIST_ALBUMS, offset: 0 }),
        repo.similarArtistIds(id, SIMILAR_ARTISTS),
      ]);
      const [topTracks, artistAlbums, similar] = await Promise.all([
        tracks(topIds),
        albums(albumIds),
        artists(similarIds, viewer),
      ]);
      return { artist, top_tracks: topTracks, albums: artistAlbums, similar };
    },

    async artistExists(id: number, viewer: Viewer = ANYONE): Promise<boolean> {
      return (await repo.artistsByIds([id], viewerKey(viewer))).length > 0;
    },
    /** An artist's tracks tab; a missing artist is not found (an empty page is not). */
    async existingArtistTracks(
      id: number,
      viewer: Viewer,
      page: PageQuery,
    ): Promise<Pagination<Track>> {
      if (!(await service.artistExists(id, viewer))) throw notFound();
      return service.artistTracks(id, viewer, page);
    },
    /** An artist's albums tab; a missing artist is not found (an empty page is not). */
    async existingArtistAlbums(
      id: number,
      viewer: Viewer,
      page: PageQuery,
    ): Promise<Pagination<Album>> {
      if (!(await service.artistExists(id, viewer))) throw notFound();
      return service.artistAlbums(id, viewer, page);
    },

    async artistTracks(id: number, viewer: Viewer, page: PageQuery): Promise<Pagination<Track>> {
      const key = viewerKey(viewer);
      const [ids, total] = await Promise.all([
        repo.artistTrackIds(id, key, pageWindow(page.page, page.perPage)),
        repo.countArtistTracks(id, key),
      ]);
      return paginate(await tracks(ids), page.page, page.perPage, total);
    },

    async artistAlbums(id: number, viewer: Viewer, page: PageQuery): Promise<Pagination<Album>> {
      const key = viewerKey(viewer);
      const [ids, total] = await Promise.all([
        repo.artistAlbumIds(id, key, pageWindow(page.page, page.perPage)),
        repo.countArtistAlbums(id, key),
      ]);
      return paginate(await albums(ids), page.page, page.perPage, total);
    },

    /** What a user uploaded, newest first: a profile's "Tracks" tab. */
    async ownerTracks(
      ownerId: number,
      viewer: Viewer,
      page: PageQuery,
    ): Promise<Pagination<Track>> {
      const key = viewerKey(viewer);
      const [ids, total] = await Promise.all([
        repo.ownedIds('tracks', ownerId, key, pageWindow(page.page, page.perPage)),
        repo.countOwned('tracks', ownerId, key),
      ]);
      return paginate(await tracks(ids), page.page, page.perPage, total);
    },

    /** The albums a user uploaded, newest first: a profile's "Albums" tab. */
    async ownerAlbums(
      ownerId: number,
      viewer: Viewer,
      page: PageQuery,
    ): Promise<Pagination<Album>> {
      const key = viewerKey(viewer);
      const [ids, total] = await Promise.all([
        repo.ownedIds('albums', ownerId, key, pageWindow(page.page, page.perPage)),
        repo.countOwned('albums', ownerId, key),
      ]);
      return paginate(await albums(ids), page.page, page.perPage, total);
    },

    async moreByArtists(track: Track, viewer: Viewer, limit: number): Promise<Track[]> {
      const first = track.artists[0];
      if (!first) return [];
      const ids = await repo.artistTrackIds(first.id, viewerKey(viewer), {
        limit: limit + 1,
        offset: 0,
      });
      return tracks(ids.filter((id) => id !== track.id).slice(0, limit));
    },

    /** A track's lyrics; a hidden track, or one without lyrics, has none to show. */
    async lyric(trackId: number, viewer: Viewer): Promise<Lyric> {
      const details = await repo.trackDetails(trackId);
      const visible = details && (await canSee(details, viewerKey(viewer), repo.opensFolder));
      const row = visible ? await repo.lyricOf(trackId) : undefined;
      if (!row) throw notFound('This track has no lyrics.');
      return { track_id: row.track_id, text: row.text, is_synced: row.is_synced === 1 };
    },

    async popularTracks(viewer: Viewer, limit: number) {
      return tracks(await repo.popularTrackIds(viewerKey(viewer), { limit, offset: 0 }));
    },
    async albumsOrdered(order: 'popular' | 'newest', viewer: Viewer, limit: number) {
      return albums(await repo.albumIdsOrdered(order, viewerKey(viewer), { limit, offset: 0 }));
    },
    async popularArtists(limit: number) {
      return artists(await repo.popularArtistIds({ limit, offset: 0 }));
    },

    async genres(limit: number): Promise<Genre[]> {
      return (await repo.genres(limit)).map(presentGenre);
    },
    async genre(name: string): Promise<Genre | null> {
      const row = await repo.genreByName(name);
      return row ? presentGenre(row) : null;
    },
    async genreById(id: number): Promise<Genre | null> {
      const row = await repo.genreById(id);
      return row ? presentGenre(row) : null;
    },
    async genreTracks(genreId: number, viewer: Viewer, limit: number, offset = 0) {
      return tracks(await repo.tracksByGenre(genreId, viewerKey(viewer), { limit, offset }));
    },
    async genreAlbums(genreId: number, viewer: Viewer, limit: number) {
      return albums(await repo.albumsByGenre(genreId, viewerKey(viewer), { limit, offset: 0 }));
    },
    async genreArtists(genreId: number, limit: number) {
      return artists(await repo.artistsByGenre(genreId, { limit, offset: 0 }));
    },

    async tag(name: string): Promise<Tag | null> {
      const row = await repo.tagByName(name);
      return row ? presentTag(row) : null;
    },
    /** The tag of that name; none is not found. */
    async getTag(name: string): Promise<Tag> {
      const tag = await service.tag(name);
      if (!tag) throw notFound();
      return tag;
    },
    async tagsByIds(ids: number[], viewer: Viewer = ANYONE): Promise<Tag[]> {
      return inOrder(ids, await repo.tagsByIds(ids, viewerKey(viewer))).map(presentTag);
    },
    async tagTracks(tagId: number, viewer: Viewer, page: PageQuery): Promise<Pagination<Track>> {
      const key = viewerKey(viewer);
      const [ids, total] = await Promise.all([
        repo.tracksByTag(tagId, key, pageWindow(page.page, page.perPage)),
        repo.countTracksByTag(tagId, key),
      ]);
      return paginate(await tracks(ids), page.page, page.perPage, total);
    },
    async tagAlbums(tagId: number, viewer: Viewer, page: PageQuery): Promise<Pagination<Album>> {
      const key = viewerKey(viewer);
      const [ids, total] = await Promise.all([
        repo.albumsByTag(tagId, key, pageWindow(page.page, page.perPage)),
        repo.countAlbumsByTag(tagId, key),
      ]);
      return paginate(await albums(ids), page.page, page.perPage, total);
    },

    /** Where a track's audio is and whether this viewer may hear it (null: not found). */
    async audioFor(trackId: number, viewer: Viewer) {
      const row = await repo.trackAudio(trackId);
      if (!row || !(await canSee(row, viewerKey(viewer), repo.opensFolder))) return null;
      return row.audio_path
        ? {
            path: row.audio_path,
            mime: row.audio_mime ?? 'audio/mpeg',
            /** Milliseconds, as catalogued (a transcode estimates the source's bitrate from it). */
            durationMs: Number(row.duration),
            isPublic: row.is_public === 1,
          }
        : null;
    },

    trackIsVisible: async (trackId: number, viewer: Viewer) =>
      (await repo.visibleTrackIds([trackId], viewerKey(viewer))).length > 0,
    /** Throws not found unless this viewer may see the track. */
    async assertTrackVisible(trackId: number, viewer: Viewer): Promise<void> {
      if (!(await service.trackIsVisible(trackId, viewer))) throw notFound();
    },
    albumIsVisible: (albumId: number, viewer: Viewer) =>
      repo.albumIsVisible(albumId, viewerKey(viewer)),

    /**
     * Whether this viewer sees the catalog as the public does (no private music of their
     * own), so shared cached answers fit them. Remembered per user for a few seconds.
     */
    async seesPublicCatalog(viewer: Viewer): Promise<boolean> {
      if (!viewer.userId) return true;
      const hit = ownership.get(viewer.userId);
      if (hit && Date.now() - hit.at < OWNERSHIP_TTL_MS) return !(await hit.value);
      const value = repo.ownsPrivateMusic(viewer.userId);
      if (ownership.size > 10_000) ownership.clear();
      ownership.set(viewer.userId, { at: Date.now(), value });
      return !(await value);
    },

    /** Who sees more than the public catalog changed (a library folder's access): ask again. */
    forgetViewers: () => ownership.clear(),

    countTracks: () => repo.countTracks(),
  };
  return service;
}
