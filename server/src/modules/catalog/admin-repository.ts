import type { Db } from '../../db/database.ts';

/*
 * The SQL of the admin catalog lists (tracks, albums, artists, lyrics): what a row shows from
 * beside its table, what else goes when rows are deleted, and the deletes themselves. Rows
 * tied by a foreign key (track artists, genres, tags, lyrics, playlist entries, plays,
 * comments) go with the database's cascade; polymorphic ones (likes, reposts, follows,
 * channel items) are removed here.
 */

type Ref = { id: number; name: string };

function groupRefs(rows: { owner: number; id: number; name: string }[], ids: readonly number[]) {
  const map = new Map<number, Ref[]>(ids.map((id) => [id, []]));
  for (const row of rows) map.get(row.owner)?.push({ id: row.id, name: row.name });
  return map;
}

export function createCatalogAdminRepository(db: Db) {
  const count = async (query: {
    executeTakeFirst(): Promise<{ total: number | string | bigint } | undefined>;
  }) => Number((await query.executeTakeFirst())?.total ?? 0);

  /** Track ids credited to these artists and to no one else. */
  async function tracksOnlyBy(artistIds: number[]): Promise<number[]> {
    const rows = await db
      .selectFrom('track_artists as ta')
      .select('ta.track_id')
      .where('ta.artist_id', 'in', artistIds)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('track_artists as other')
              .select('other.track_id')
              .whereRef('other.track_id', '=', 'ta.track_id')
              .where('other.artist_id', 'not in', artistIds),
          ),
        ),
      )
      .distinct()
      .execute();
    return rows.map((row) => row.track_id);
  }

  async function albumsOnlyBy(artistIds: number[]): Promise<number[]> {
    const rows = await db
      .selectFrom('album_artists as aa')
      .select('aa.album_id')
      .where('aa.artist_id', 'in', artistIds)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('album_artists as other')
              .select('other.album_id')
              .whereRef('other.album_id', '=', 'aa.album_id')
              .where('other.artist_id', 'not in', artistIds),
          ),
        ),
      )
      .distinct()
      .execute();
    return rows.map((row) => row.album_id);
  }

  async function trackIdsOfAlbums(albumIds: number[]): Promise<number[]> {
    if (!albumIds.length) return [];
    const rows = await db
      .selectFrom('tracks')
      .select('id')
      .where('album_id', 'in', albumIds)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The albums these tracks are on. */
  async function albumIdsOfTracks(trackIds: number[]): Promise<number[]> {
    if (!trackIds.length) return [];
    const rows = await db
      .selectFrom('tracks')
      .select('album_id')
      .distinct()
      .where('id', 'in', trackIds)
      .where('album_id', 'is not', null)
      .execute();
    return rows.map((row) => row.album_id!);
  }

  async function removeTraces(type: 'track' | 'album' | 'artist', ids: number[]) {
    if (!ids.length) return;
    const plural = `${type}s` as 'tracks' | 'albums' | 'artists';
    await db
      .deleteFrom('channel_items')
      .where('item_type', '=', type)
      .where('item_id', 'in', ids)
      .execute();
    await db
      .deleteFrom('likes')
      .where('likeable_type', '=', plural)
      .where('likeable_id', 'in', ids)
      .execute();
    if (plural !== 'artists') {
      await db
        .deleteFrom('reposts')
        .where('repostable_type', '=', plural)
        .where('repostable_id', 'in', ids)
        .execute();
    } else {
      await db
        .deleteFrom('follows')
        .where('followable_type', '=', 'artists')
        .where('followable_id', 'in', ids)
        .execute();
    }
  }

  return {
    /** What points at tracks, albums or artists without a foreign key (search, channels, likes). */
    removeTraces,
    tracksOnlyBy,
    albumsOnlyBy,
    trackIdsOfAlbums,
    albumIdsOfTracks,

    async artistsOfTracks(ids: readonly number[]) {
      if (!ids.length) return new Map<number, Ref[]>();
      const rows = await db
        .selectFrom('track_artists as ta')
        .innerJoin('artists as a', 'a.id', 'ta.artist_id')
        .select(['ta.track_id as owner', 'a.id', 'a.name'])
        .where('ta.track_id', 'in', [...ids])
        .orderBy('ta.position')
        .execute();
      return groupRefs(rows, ids);
    },

    async artistsOfAlbums(ids: readonly number[]) {
      if (!ids.length) return new Map<number, Ref[]>();
      const rows = await db
        .selectFrom('album_artists as aa')
        .innerJoin('artists as a', 'a.id', 'aa.artist_id')
        .select(['aa.album_id as owner', 'a.id', 'a.name'])
        .where('aa.album_id', 'in', [...ids])
        .orderBy('aa.position')
        .execute();
      return groupRefs(rows, ids);
    },

    async names(table: 'albums' | 'users' | 'tracks', ids: readonly number[]) {
      const wanted = [...new Set(ids)];
      if (!wanted.length) return new Map<number, Ref>();
      const rows = await db
        .selectFrom(table)
        .select(['id', 'name'])
        .where('id', 'in', wanted)
        .execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    async trackCounts(column: 'album_id', ids: readonly number[]) {
      const map = new Map<number, number>(ids.map((id) => [id, 0]));
      if (!ids.length) return map;
      const rows = await db
        .selectFrom('tracks')
        .select((eb) => [column, eb.fn.countAll<number>().as('total')])
        .where(column, 'in', [...ids])
        .groupBy(column)
        .execute();
      for (const row of rows) map.set(Number(row[column]), Number(row.total));
      return map;
    },

    async artistCounts(ids: readonly number[]) {
      const tracks = new Map<number, number>(ids.map((id) => [id, 0]));
      const albums = new Map<number, number>(ids.map((id) => [id, 0]));
      if (!ids.length) return { tracks, albums };
      const [trackRows, albumRows] = await Promise.all([
        db
          .selectFrom('track_artists')
          .select((eb) => ['artist_id', eb.fn.countAll<number>().as('total')])
          .where('artist_id', 'in', [...ids])
          .groupBy('artist_id')
          .execute(),
        db
          .selectFrom('album_artists')
          .select((eb) => ['artist_id', eb.fn.countAll<number>().as('total')])
          .where('artist_id', 'in', [...ids])
          .groupBy('artist_id')
          .execute(),
      ]);
      for (const row of trackRows) tracks.set(row.artist_id, Number(row.total));
      for (const row of albumRows) albums.set(row.artist_id, Number(row.total));
      return { tracks, albums };
    },

    /** What goes with these tracks: comments, playlist entries, likes. */
    async trackImpact(trackIds: number[]) {
      if (!trackIds.length) return { comments: 0, playlistEntries: 0, likes: 0 };
      const [comments, playlistEntries, likes] = await Promise.all([
        count(
          db
            .selectFrom('comments')
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .where('track_id', 'in', trackIds),
        ),
        count(
          db
            .selectFrom('playlist_tracks')
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .where('track_id', 'in', trackIds),
        ),
        count(
          db
            .selectFrom('likes')
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .where('likeable_type', '=', 'tracks')
            .where('likeable_id', 'in', trackIds),
        ),
      ]);
      return { comments, playlistEntries, likes };
    },

    /** How many rows a genre or tag is linked to, in one of its link tables. */
    async linkCount(
      table: 'track_genres' | 'album_genres' | 'artist_genres' | 'track_tags' | 'album_tags',
      column: 'genre_id' | 'tag_id',
      ids: number[],
    ): Promise<number> {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where(column as never, 'in', ids as never)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    async trackExists(id: number): Promise<boolean> {
      return !!(await db.selectFrom('tracks').select('id').where('id', '=', id).executeTakeFirst());
    },
  };
}

export type CatalogAdminRepository = ReturnType<typeof createCatalogAdminRepository>;
