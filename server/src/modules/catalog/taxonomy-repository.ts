import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import {
  LINK_OWNER_COLUMN,
  type GenreLinkTable,
  type TagLinkTable,
} from '../../db/catalog-schema.ts';
import { compiledByIds, inIds } from '../../db/id-list.ts';
import { taxonomyVisible } from './visibility.ts';

/** Genre, tag and lyrics reads of the catalog repository. */
export function createTaxonomyQueries(db: Db, dialect: Dialect) {
  /** The genres of each owner, most popular first (compiled once per link table). */
  const genresQuery = (table: GenreLinkTable) =>
    compiledByIds(db, dialect, (ownerIds) => {
      const ownerColumn = LINK_OWNER_COLUMN[table];
      return db
        .selectFrom(`${table} as link` as 'artist_genres')
        .innerJoin('genres', 'genres.id', 'link.genre_id' as 'artist_genres.genre_id')
        .select([
          sql<number>`${sql.ref(`link.${ownerColumn}`)}`.as('owner'),
          'genres.id',
          'genres.name',
          'genres.display_name',
          'genres.image',
        ])
        .where(inIds(dialect, `link.${ownerColumn}`, ownerIds))
        .orderBy('genres.popularity', 'desc');
    });
  const readGenres = {
    artist_genres: genresQuery('artist_genres'),
    track_genres: genresQuery('track_genres'),
    album_genres: genresQuery('album_genres'),
  };
  /** The tags of each owner by name (compiled once per link table). */
  const tagsQuery = (table: TagLinkTable) =>
    compiledByIds(db, dialect, (ownerIds) => {
      const ownerColumn = LINK_OWNER_COLUMN[table];
      return db
        .selectFrom(`${table} as link` as 'track_tags')
        .innerJoin('tags', 'tags.id', 'link.tag_id' as 'track_tags.tag_id')
        .select([
          sql<number>`${sql.ref(`link.${ownerColumn}`)}`.as('owner'),
          'tags.id',
          'tags.name',
          'tags.display_name',
        ])
        .where(inIds(dialect, `link.${ownerColumn}`, ownerIds))
        .orderBy('tags.name');
    });
  const readTags = { track_tags: tagsQuery('track_tags'), album_tags: tagsQuery('album_tags') };
  return {
    async genresOf(table: GenreLinkTable, ownerIds: readonly number[]) {
      if (!ownerIds.length) return [];
      return readGenres[table](ownerIds);
    },

    async tagsOf(table: TagLinkTable, ownerIds: readonly number[]) {
      if (!ownerIds.length) return [];
      return readTags[table](ownerIds);
    },

    /** The most popular genres, leaving out those that exist only through hidden music. */
    async genres(limit: number, viewerId = 0) {
      return db
        .selectFrom('genres')
        .select(['id', 'name', 'display_name', 'image'])
        .where(taxonomyVisible('genres', viewerId))
        .orderBy('popularity', 'desc')
        .orderBy('name')
        .limit(limit)
        .execute();
    },

    async genreByName(name: string) {
      return db
        .selectFrom('genres')
        .select(['id', 'name', 'display_name', 'image'])
        .where('name', '=', name.toLowerCase())
        .executeTakeFirst();
    },

    async genreById(id: number) {
      return db
        .selectFrom('genres')
        .select(['id', 'name', 'display_name', 'image'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async tagByName(name: string) {
      return db
        .selectFrom('tags')
        .select(['id', 'name', 'display_name'])
        .where('name', '=', name.toLowerCase())
        .executeTakeFirst();
    },

    async tagsByIds(ids: readonly number[], viewerId = 0) {
      if (!ids.length) return [];
      return db
        .selectFrom('tags')
        .select(['id', 'name', 'display_name'])
        .where(inIds(dialect, 'tags.id', ids))
        .where(taxonomyVisible('tags', viewerId))
        .execute();
    },

    async lyricOf(trackId: number) {
      return db
        .selectFrom('lyrics')
        .select(['track_id', 'text', 'is_synced'])
        .where('track_id', '=', trackId)
        .executeTakeFirst();
    },
  };
}
