import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/** Catalog: artists, albums, tracks, genres, tags, lyrics, playlists, plays, channels, search. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const owner = (c: ColumnDefinitionBuilder) => c.references('users.id').onDelete('set null');

  await t
    .withId(db.schema.createTable('artists'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('description', 'text')
    .addColumn('verified', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('links', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('plays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('owner_id', 'integer', owner)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('artists_popularity_idx')
    .on('artists')
    .column('popularity')
    .execute();

  await t
    .withId(db.schema.createTable('albums'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('release_date', 'varchar(10)')
    .addColumn('image', 'text')
    .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('album'))
    .addColumn('description', 'text')
    .addColumn('owner_id', 'integer', owner)
    .addColumn('is_public', t.flag, (c) => c.notNull().defaultTo(1))
    .addColumn('plays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('albums_public_popularity_idx')
    .on('albums')
    .columns(['is_public', 'popularity'])
    .execute();
  await db.schema
    .createIndex('albums_public_release_idx')
    .on('albums')
    .columns(['is_public', 'release_date'])
    .execute();

  await db.schema
    .createTable('album_artists')
    .addColumn('album_id', 'integer', (c) =>
      c.notNull().references('albums.id').onDelete('cascade'),
    )
    .addColumn('artist_id', 'integer', (c) =>
      c.notNull().references('artists.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('album_artists_pk', ['album_id', 'artist_id'])
    .execute();
  await db.schema
    .createIndex('album_artists_artist_idx')
    .on('album_artists')
    .column('artist_id')
    .execute();

  await t
    .withId(db.schema.createTable('tracks'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('number', 'integer')
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('album_id', 'integer', (c) => c.references('albums.id').onDelete('set null'))
    .addColumn('image', 'text')
    .addColumn('description', 'text')
    .addColumn('owner_id', 'integer', owner)
    .addColumn('is_public', t.flag, (c) => c.notNull().defaultTo(1))
    .addColumn('audio_path', 'text')
    .addColumn('audio_mime', 'varchar(100)')
    .addColumn('waveform', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('plays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tracks_album_number_idx')
    .on('tracks')
    .columns(['album_id', 'number'])
    .execute();
  await db.schema
    .createIndex('tracks_public_popularity_idx')
    .on('tracks')
    .columns(['is_public', 'popularity'])
    .execute();
  await db.schema.createIndex('tracks_owner_idx').on('tracks').column('owner_id').execute();

  await db.schema
    .createTable('track_artists')
    .addColumn('track_id', 'integer', (c) =>
      c.notNull().references('tracks.id').onDelete('cascade'),
    )
    .addColumn('artist_id', 'integer', (c) =>
      c.notNull().references('artists.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('track_artists_pk', ['track_id', 'artist_id'])
    .execute();
  await db.schema
    .createIndex('track_artists_artist_idx')
    .on('track_artists')
    .column('artist_id')
    .execute();

  await t
    .withId(db.schema.createTable('genres'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await t
    .withId(db.schema.createTable('tags'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  const joins = [
    ['artist_genres', 'artist_id', 'artists', 'genre_id', 'genres'],
    ['album_genres', 'album_id', 'albums', 'genre_id', 'genres'],
    ['track_genres', 'track_id', 'tracks', 'genre_id', 'genres'],
    ['track_tags', 'track_id', 'tracks', 'tag_id', 'tags'],
    ['album_tags', 'album_id', 'albums', 'tag_id', 'tags'],
  ] as const;
  for (const [table, left, leftTable, right, rightTable] of joins) {
    await db.schema
      .createTable(table)
      .addColumn(left, 'integer', (c) =>
        c.notNull().references(`${leftTable}.id`).onDelete('cascade'),
      )
      .addColumn(right, 'integer', (c) =>
        c.notNull().references(`${rightTable}.id`).onDelete('cascade'),
      )
      .addPrimaryKeyConstraint(`${table}_pk`, [left, right])
      .execute();
    await db.schema.createIndex(`${table}_${right}_idx`).on(table).columns([right, left]).execute();
  }

  await t
    .withId(db.schema.createTable('lyrics'))
    .addColumn('track_id', 'integer', (c) =>
      c.notNull().unique().references('tracks.id').onDelete('cascade'),
    )
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('is_synced', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await t
    .withId(db.schema.createTable('playlists'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('image', 'text')
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('is_public', t.flag, (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('playlist_tracks')
    .addColumn('playlist_id', 'integer', (c) =>
      c.notNull().references('playlists.id').onDelete('cascade'),
    )
    .addColumn('track_id', 'integer', (c) =>
      c.notNull().references('tracks.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_tracks_pk', ['playlist_id', 'track_id'])
    .execute();
  await db.schema
    .createIndex('playlist_tracks_position_idx')
    .on('playlist_tracks')
    .columns(['playlist_id', 'position'])
    .execute();

  await t
    .withId(db.schema.createTable('track_plays'))
    .addColumn('track_id', 'integer', (c) =>
      c.notNull().references('tracks.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('listener', 'varchar(64)')
    .addColumn('played_at', t.timestamp, (c) => c.notNull())
    .addColumn('device', 'varchar(20)')
    .addColumn('platform', 'varchar(50)')
    .addColumn('browser', 'varchar(50)')
    .addColumn('country', 'varchar(2)')
    .addColumn('source', 'varchar(20)', (c) => c.notNull().defaultTo('player'))
    .execute();
  await db.schema
    .createIndex('track_plays_track_idx')
    .on('track_plays')
    .columns(['track_id', 'played_at'])
    .execute();
  await db.schema
    .createIndex('track_plays_played_idx')
    .on('track_plays')
    .column('played_at')
    .execute();
  await db.schema
    .createIndex('track_plays_user_idx')
    .on('track_plays')
    .columns(['user_id', 'played_at'])
    .execute();
  await db.schema
    .createIndex('track_plays_listener_idx')
    .on('track_plays')
    .columns(['listener', 'track_id'])
    .execute();

  await t
    .withId(db.schema.createTable('channels'))
    .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('layout', 'varchar(20)', (c) => c.notNull().defaultTo('grid'))
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('content_source', 'varchar(50)', (c) => c.notNull().defaultTo('manual'))
    .addColumn('content_limit', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('restriction', 'varchar(20)')
    .addColumn('hide_title', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('channel_items')
    .addColumn('channel_id', 'integer', (c) =>
      c.notNull().references('channels.id').onDelete('cascade'),
    )
    .addColumn('item_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('channel_items_pk', ['channel_id', 'item_type', 'item_id'])
    .execute();

  // Documents hold text already folded (lowercase, no accents) by the application, so both
  // engines need no extension: FTS5 with prefix indexes, or a weighted tsvector with GIN.
  if (t.postgres) {
    await sql`CREATE TABLE search_index (
      rowid bigint PRIMARY KEY,
      kind varchar(20) NOT NULL,
      ref_id integer NOT NULL,
      boost real NOT NULL DEFAULT 0,
      name text NOT NULL,
      extra text NOT NULL DEFAULT '',
      document tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', extra), 'B')
      ) STORED
    )`.execute(db);
    await sql`CREATE INDEX search_index_document_idx ON search_index USING gin (document)`.execute(
      db,
    );
  } else {
    await sql`CREATE VIRTUAL TABLE search_index USING fts5(
      kind, ref_id UNINDEXED, boost UNINDEXED, name, extra,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
    )`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'search_index',
    'channel_items',
    'channels',
    'track_plays',
    'playlist_tracks',
    'playlists',
    'lyrics',
    'album_tags',
    'track_tags',
    'track_genres',
    'album_genres',
    'artist_genres',
    'tags',
    'genres',
    'track_artists',
    'tracks',
    'album_artists',
    'albums',
    'artists',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
