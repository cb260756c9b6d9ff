import type { Db } from '../../db/database.ts';
import {
  LINK_OWNER_COLUMN,
  type GenreLinkTable,
  type TagLinkTable,
} from '../../db/catalog-schema.ts';
import { createAlbumSortKeyWrites } from './sort-keys-repository.ts';

/** A track's or album's artists (in order), genres and tags, replaced as a whole. */
export function createCatalogLinkWrites(db: Db) {
  const sortKeys = createAlbumSortKeyWrites(db);
  return {
    async setArtists(table: 'track_artists' | 'album_artists', id: number, artistIds: number[]) {
      const column = table === 'track_artists' ? 'track_id' : 'album_id';
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom(table as 'track_artists')
          .where(column as 'track_id', '=', id)
          .execute();
        if (artistIds.length) {
          await trx
            .insertInto(table as 'track_artists')
            .values(
              artistIds.map((artist_id, position) => ({ [column]: id, artist_id, position })) as {
                track_id: number;
                artist_id: number;
                position: number;
              }[],
            )
            .execute();
        }
        // The album's place in `alphabeticalByArtist` moves with its artists.
        if (table === 'album_artists') await sortKeys.refreshArtistSort([id], trx);
      });
    },
    /** Links genres by name, creating the ones that do not exist yet. */
    async setGenres(table: GenreLinkTable, id: number, names: string[], now: string) {
      const column = LINK_OWNER_COLUMN[table];
      await db.transaction().execute(async (trx) => {
        const genreIds: number[] = [];
        for (const name of names) {
          const found = await trx
            .selectFrom('genres')
            .select('id')
            .where('name', '=', name)
            .executeTakeFirst();
          genreIds.push(
            found?.id ??
              (
                await trx
                  .insertInto('genres')
                  .values({ name, display_name: name, image: null, popularity: 0, created_at: now })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id,
          );
        }
        await trx
          .deleteFrom(table as 'track_genres')
          .where(column as 'track_id', '=', id)
          .execute();
        if (genreIds.length) {
          await trx
            .insertInto(table as 'track_genres')
            .values(
              genreIds.map(
                (genre_id) =>
                  ({ [column]: id, genre_id }) as { track_id: number; genre_id: number },
              ),
            )
            .execute();
        }
      });
    },
    async setTags(table: TagLinkTable, id: number, names: string[], now: string) {
      const column = LINK_OWNER_COLUMN[table];
      await db.transaction().execute(async (trx) => {
        const tagIds: number[] = [];
        for (const name of names) {
          const found = await trx
            .selectFrom('tags')
            .select('id')
            .where('name', '=', name)
            .executeTakeFirst();
          tagIds.push(
            found?.id ??
              (
                await trx
                  .insertInto('tags')
                  .values({ name, display_name: name, created_at: now })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id,
          );
        }
        await trx
          .deleteFrom(table as 'track_tags')
          .where(column as 'track_id', '=', id)
          .execute();
        if (tagIds.length) {
          await trx
            .insertInto(table as 'track_tags')
            .values(
              tagIds.map(
                (tag_id) => ({ [column]: id, tag_id }) as { track_id: number; tag_id: number },
              ),
            )
            .execute();
        }
      });
    },
  };
}
