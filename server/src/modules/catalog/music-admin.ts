import type { FastifyInstance } from 'fastify';
import {
  albumsResource,
  artistsResource,
  lyricsResource,
  tracksResource,
} from '@backbeat/common/admin/content';
import { validationFailed } from '../../lib/domain-errors.ts';
import { defineResource } from '../../resources/define-resource.ts';
import type { ResourceRow } from '../../resources/repository.ts';
import { createCatalogAdminRepository } from './admin-repository.ts';

/*
 * Admin tracks, albums and artists lists (spec 2 §2; editors come from backstage) and lyrics:
 * search, filter, sort and delete. Deleting an album takes its tracks; deleting an artist takes
 * the albums and tracks credited to them alone. The confirmation says so, with counts.
 */

const flag = (value: unknown) => value === 1 || value === true;

function catalogAdmin(app: FastifyInstance) {
  const repo = createCatalogAdminRepository(app.services.database.db);
  // The rows themselves go through the catalog's write model (issue 37).
  const writes = app.services.catalogWrites;
  const forget = async () => {
    app.services.catalogResponses.clear();
    app.services.channels.clearCache();
  };
  /** Tracks go with their search entries and everything tied to them. */
  async function deleteTracks(ids: number[]) {
    await app.services.search.remove('track', ids);
    const albums = await repo.albumIdsOfTracks(ids);
    await repo.removeTraces('track', ids);
    const deleted = await writes.deleteRows('tracks', ids);
    // The albums that keep tracks level by what is left of them.
    await writes.refreshAlbumGains(albums);
    return deleted;
  }
  async function deleteAlbums(ids: number[]) {
    await deleteTracks(await repo.trackIdsOfAlbums(ids));
    await app.services.search.remove('album', ids);
    // Their likes go here with the albums themselves: no `like_count` is left to recount.
    await repo.removeTraces('album', ids);
    return writes.deleteRows('albums', ids);
  }
  async function deleteArtists(ids: number[]) {
    await repo.removeTraces('artist', ids);
    return writes.deleteRows('artists', ids);
  }
  const trackImpact = async (trackIds: number[]) => {
    const impact = await repo.trackImpact(trackIds);
    return [
      { what: ':count comment|:count comments', count: impact.comments },
      { what: ':count playlist entry|:count playlist entries', count: impact.playlistEntries },
      { what: ':count like|:count likes', count: impact.likes },
    ];
  };
  const nonEmpty = (items: { what: string; count: number }[]) => items.filter((i) => i.count > 0);
  return { repo, forget, deleteTracks, deleteAlbums, deleteArtists, trackImpact, nonEmpty };
}

export const tracksAdminRoutes = defineResource(tracksResource, {
  table: 'tracks',
  columns: [
    'id',
    'name',
    'image',
    'duration',
    'plays',
    'is_public',
    'created_at',
    'album_id',
    'owner_id',
  ],
  search: ['name'],
  filters: {
    public: (value) => (eb) => eb('is_public', '=', value === 'yes' ? 1 : 0),
    has_album: (value) => (eb) => eb('album_id', value === 'yes' ? 'is not' : 'is', null),
    artist: (artistId) => (eb) =>
      eb(
        'id',
        'in',
        eb
          .selectFrom('track_artists' as never)
          .select('track_id' as never)
          .where('artist_id' as never, '=', artistId as never) as never,
      ),
  },
  hooks: (app) => {
    const admin = catalogAdmin(app);
    return {
      async present(rows: ResourceRow[]) {
        const ids = rows.map((row) => row.id);
        const [artists, albums, owners] = await Promise.all([
          admin.repo.artistsOfTracks(ids),
          admin.repo.names('albums', rows.map((row) => Number(row.album_id)).filter(Boolean)),
          admin.repo.names('users', rows.map((row) => Number(row.owner_id)).filter(Boolean)),
        ]);
        return rows.map((row) => ({
          ...row,
          is_public: flag(row.is_public),
          artists: artists.get(row.id) ?? [],
          album: albums.get(Number(row.album_id)) ?? null,
          owner: owners.get(Number(row.owner_id)) ?? null,
        }));
      },
      delete: admin.deleteTracks,
      impact: async (ids: number[]) => admin.nonEmpty(await admin.trackImpact(ids)),
      afterChange: admin.forget,
    };
  },
});

export const albumsAdminRoutes = defineResource(albumsResource, {
  table: 'albums',
  columns: ['id', 'name', 'image', 'release_date', 'plays', 'is_public', 'created_at'],
  search: ['name'],
  filters: {
    public: (value) => (eb) => eb('is_public', '=', value === 'yes' ? 1 : 0),
    artist: (artistId) => (eb) =>
      eb(
        'id',
        'in',
        eb
          .selectFrom('album_artists' as never)
          .select('album_id' as never)
          .where('artist_id' as never, '=', artistId as never) as never,
      ),
  },
  hooks: (app) => {
    const admin = catalogAdmin(app);
    return {
      async present(rows: ResourceRow[]) {
        const ids = rows.map((row) => row.id);
        const [artists, counts] = await Promise.all([
          admin.repo.artistsOfAlbums(ids),
          admin.repo.trackCounts('album_id', ids),
        ]);
        return rows.map((row) => ({
          ...row,
          is_public: flag(row.is_public),
          artists: artists.get(row.id) ?? [],
          tracks_count: counts.get(row.id) ?? 0,
        }));
      },
      delete: admin.deleteAlbums,
      async impact(ids: number[]) {
        const trackIds = await admin.repo.trackIdsOfAlbums(ids);
        return admin.nonEmpty([
          { what: ':count track|:count tracks', count: trackIds.length },
          ...(await admin.trackImpact(trackIds)),
        ]);
      },
      afterChange: admin.forget,
    };
  },
});

export const artistsAdminRoutes = defineResource(artistsResource, {
  table: 'artists',
  columns: ['id', 'name', 'image', 'verified', 'plays', 'created_at'],
  search: ['name'],
  filters: {
    verified: (value) => (eb) => eb('verified', '=', value === 'yes' ? 1 : 0),
  },
  hooks: (app) => {
    const admin = catalogAdmin(app);
    return {
      async present(rows: ResourceRow[]) {
        const counts = await admin.repo.artistCounts(rows.map((row) => row.id));
        return rows.map((row) => ({
          ...row,
          verified: flag(row.verified),
          albums_count: counts.albums.get(row.id) ?? 0,
          tracks_count: counts.tracks.get(row.id) ?? 0,
        }));
      },
      async delete(ids: number[]) {
        await admin.deleteAlbums(await admin.repo.albumsOnlyBy(ids));
        await admin.deleteTracks(await admin.repo.tracksOnlyBy(ids));
        await app.services.search.remove('artist', ids);
        return admin.deleteArtists(ids);
      },
      async impact(ids: number[]) {
        const albums = await admin.repo.albumsOnlyBy(ids);
        const tracks = [
          ...new Set([
            ...(await admin.repo.tracksOnlyBy(ids)),
            ...(await admin.repo.trackIdsOfAlbums(albums)),
          ]),
        ];
        return admin.nonEmpty([
          { what: ':count album|:count albums', count: albums.length },
          { what: ':count track|:count tracks', count: tracks.length },
          ...(await admin.trackImpact(tracks)),
        ]);
      },
      afterChange: admin.forget,
    };
  },
});

export const lyricsAdminRoutes = defineResource(lyricsResource, {
  table: 'lyrics',
  search: ['text'],
  unique: ['track_id'],
  timestamps: ['created_at', 'updated_at'],
  filters: {
    synced: (value) => (eb) => eb('is_synced', '=', value === 'yes' ? 1 : 0),
  },
  hooks: (app) => {
    const admin = catalogAdmin(app);
    const writes = app.services.catalogWrites;
    return {
      async present(rows: ResourceRow[]) {
        const tracks = await admin.repo.names(
          'tracks',
          rows.map((row) => Number(row.track_id)),
        );
        return rows.map((row) => ({
          ...row,
          is_synced: flag(row.is_synced),
          track: tracks.get(Number(row.track_id)) ?? null,
        }));
      },
      async validate(id, input) {
        if (id !== null || !('track_id' in input)) return;
        if (!(await admin.repo.trackExists(input.track_id)))
          throw validationFailed({ track_id: ['This track does not exist.'] });
        if (await writes.lyricsOfTrack(input.track_id))
          throw validationFailed({ track_id: ['The track id has already been taken.'] });
      },
      // The rows go through the catalog's write model (issue 37), not the generic repository.
      insert: (input) => writes.addLyricsRow(input),
      update: (id, input) => writes.changeLyricsRow(id, input),
      delete: (ids) => writes.deleteLyricsRows(ids),
      afterChange: admin.forget,
    };
  },
});
