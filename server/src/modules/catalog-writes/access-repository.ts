import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Which tracks, albums and artists exist only through a restricted library folder (issue 18):
 * a track whose file is in one; an album nobody owns whose every track is in the same one; an
 * artist nobody owns whose every track (their own and their albums') is in the same one.
 */
export function createCatalogAccessWrites(db: Db) {
  /** The restricted folder all these tracks are in, or null (none, or several sources). */
  const onlyFolder = sql<
    number | null
  >`(case when count(*) > 0 and count(f.id) = count(*) and min(f.id) = max(f.id) then min(f.id) end)`;
  const restrictedFolder = sql`left join library_folders f on f.id = t.library_folder_id and f.access = 'chosen'`;

  return {
    async restrictedFolders(table: 'tracks' | 'albums', ids: readonly number[]) {
      if (!ids.length) return new Map<number, number>();
      const list = sql.join(ids.map((id) => sql`${id}`));
      const { rows } =
        table === 'tracks'
          ? await sql<{
              id: number;
              folder: number | null;
            }>`select t.id, f.id as folder from tracks t ${restrictedFolder} where t.id in (${list})`.execute(
              db,
            )
          : await sql<{
              id: number;
              folder: number | null;
            }>`select a.id, (select ${onlyFolder} from tracks t ${restrictedFolder} where t.album_id = a.id) as folder from albums a where a.id in (${list}) and a.owner_id is null`.execute(
              db,
            );
      return new Map(
        rows.flatMap((row) => (row.folder == null ? [] : [[Number(row.id), Number(row.folder)]])),
      );
    },

    /**
     * Marks these artists with the restricted folder they exist only through (or none). Their
     * tracks are found as one list of ids (their own, and their albums'), each read by key:
     * as `t.id in (…) or t.album_id in (…)` PostgreSQL scanned every track for every artist,
     * 13 s a call at a million tracks (an import of 10,000 files took 289 s, SQLite 9 s).
     */
    async syncArtistAccess(artistIds: readonly number[]) {
      if (!artistIds.length) return;
      const list = sql.join([...new Set(artistIds)].map((id) => sql`${id}`));
      const { rows } = await sql<{ id: number; folder: number | null; current: number | null }>`
        select a.id, a.access_folder_id as current, case when a.owner_id is null then (
          select ${onlyFolder} from tracks t ${restrictedFolder}
          where t.id in (
            select track_artists.track_id from track_artists where track_artists.artist_id = a.id
            union
            select album_tracks.id from album_artists
              inner join tracks album_tracks on album_tracks.album_id = album_artists.album_id
              where album_artists.artist_id = a.id)
        ) end as folder
        from artists a where a.id in (${list})`.execute(db);
      for (const row of rows) {
        const folder = row.folder == null ? null : Number(row.folder);
        const current = row.current == null ? null : Number(row.current);
        if (folder === current) continue;
        await db
          .updateTable('artists')
          .set({ access_folder_id: folder })
          .where('id', '=', Number(row.id))
          .execute();
      }
    },

    /** The artists of these tracks and of their albums. */
    async artistsOfTracks(trackIds: readonly number[]): Promise<number[]> {
      if (!trackIds.length) return [];
      const list = sql.join(trackIds.map((id) => sql`${id}`));
      const { rows } = await sql<{ id: number }>`
        select artist_id as id from track_artists where track_id in (${list})
        union select album_artists.artist_id as id from album_artists
          inner join tracks on tracks.album_id = album_artists.album_id where tracks.id in (${list})`.execute(
        db,
      );
      return rows.map((row) => Number(row.id));
    },
  };
}
