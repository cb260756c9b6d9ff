import { sql, type Kysely, type RawBuilder } from 'kysely';
import { columnTypes } from './columns.ts';

/*
 * A genre's, tag's or artist's tracks (and a genre's or tag's albums) read by index (issue 42).
 * Those lists are "most popular first, visible to the viewer": every page joined every link
 * row of the genre to its track, sorted them all by the track's popularity and counted them
 * again. At a million tracks a tag of 100k took seconds a page. Each link row now carries a
 * copy of its track's (or album's) `popularity` and `is_public`, and an index holds the list's
 * order with them: a page, at any offset, and the count walk one range of that index, and
 * only the rare non-public rows are looked up to ask whether this viewer may see them.
 *
 * The copies are kept by triggers, not by the writers: `is_public` decides who sees a track,
 * and a copy one writer forgot to refresh would list a private track to everyone. A trigger
 * runs in the writing statement's transaction whoever writes. A migration keeps its own lists
 * (frozen history).
 */
const LINKS = [
  { table: 'track_artists', owner: 'tracks', column: 'track_id', key: 'artist_id' },
  { table: 'track_genres', owner: 'tracks', column: 'track_id', key: 'genre_id' },
  { table: 'track_tags', owner: 'tracks', column: 'track_id', key: 'tag_id' },
  { table: 'album_genres', owner: 'albums', column: 'album_id', key: 'genre_id' },
  { table: 'album_tags', owner: 'albums', column: 'album_id', key: 'tag_id' },
] as const;

/**
 * PostgreSQL: the name orders' indexes also carry `name` itself. Its index-only scans cannot
 * compute `lower(name)` from an index on that expression, so a deep getAlbumList2 page by
 * name read 80,000 albums from the table (105 ms at a million tracks; by sort, 130 ms).
 * SQLite reads the indexed expression from the index already.
 */
const NAME_INDEXES = [
  ['albums_by_name_idx', 'albums', sql`lower(name), id, is_public, owner_id, access_folder_id`],
  [
    'albums_by_artist_idx',
    'albums',
    sql`artist_sort, lower(name), id, is_public, owner_id, access_folder_id`,
  ],
  ['artists_by_name_idx', 'artists', sql`lower(name), id, access_folder_id`],
] as const;

/**
 * Artists by popularity with the id that breaks its ties, as the similar artists read them
 * (the most popular few hundred). On the index of popularity alone, PostgreSQL read all
 * 4,107 artists of the top popularity at a million tracks, each from the table, to sort them
 * by id (22 ms in EXPLAIN ANALYZE; the bench's artist page p99 was 19 ms against a goal of
 * 10). SQLite's index of popularity ends in the rowid already.
 */
const ARTISTS_BY_POPULARITY = 'artists_by_popularity_idx';

const OWNERS = ['tracks', 'albums'] as const;
const linksOf = (owner: (typeof OWNERS)[number]) => LINKS.filter((link) => link.owner === owner);

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  for (const link of LINKS) {
    await db.schema
      .alterTable(link.table)
      .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(link.table)
      .addColumn('is_public', types.flag, (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update ${sql.table(link.table)} set popularity = ${sql.ref(`${link.owner}.popularity`)}, is_public = ${sql.ref(`${link.owner}.is_public`)} from ${sql.table(link.owner)} where ${sql.ref(`${link.owner}.id`)} = ${sql.ref(`${link.table}.${link.column}`)}`.execute(
      db,
    );
    await db.schema
      .createIndex(`${link.table}_by_popularity_idx`)
      .on(link.table)
      .expression(sql`${sql.ref(link.key)}, popularity desc, ${sql.ref(link.column)}, is_public`)
      .execute();
  }
  await db.schema
    .createIndex(ARTISTS_BY_POPULARITY)
    .on('artists')
    .expression(sql`popularity desc, id desc`)
    .execute();
  if (types.postgres) {
    await postgresTriggers(db);
    await nameIndexes(db, sql` include (name)`);
  } else {
    await sqliteTriggers(db);
  }
}

async function nameIndexes(db: Kysely<unknown>, include: RawBuilder<unknown>): Promise<void> {
  for (const [name, table, columns] of NAME_INDEXES) {
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on ${sql.table(table)} (${columns})${include}`.execute(
      db,
    );
  }
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const owner of OWNERS) {
    const copies = linksOf(owner).map(
      (link) =>
        sql`update ${sql.table(link.table)} set popularity = new.popularity, is_public = new.is_public where ${sql.ref(link.column)} = new.id;`,
    );
    await sql`create trigger ${sql.id(`${owner}_link_copies`)} after update of popularity, is_public on ${sql.table(owner)}
      when old.popularity is not new.popularity or old.is_public is not new.is_public
      begin ${sql.join(copies, sql` `)} end`.execute(db);
  }
  for (const link of LINKS) {
    await sql`create trigger ${sql.id(`${link.table}_copies`)} after insert on ${sql.table(link.table)}
      begin
        update ${sql.table(link.table)}
        set popularity = coalesce((select popularity from ${sql.table(link.owner)} where id = new.${sql.ref(link.column)}), 0),
          is_public = coalesce((select is_public from ${sql.table(link.owner)} where id = new.${sql.ref(link.column)}), 0)
        where ${sql.ref(link.column)} = new.${sql.ref(link.column)} and ${sql.ref(link.key)} = new.${sql.ref(link.key)};
      end`.execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  for (const owner of OWNERS) {
    const copies = linksOf(owner).map(
      (link) =>
        sql`update ${sql.table(link.table)} set popularity = new.popularity, is_public = new.is_public where ${sql.ref(link.column)} = new.id;`,
    );
    await sql`create function ${sql.id(`${owner}_link_copies`)}() returns trigger language plpgsql as $$
      begin ${sql.join(copies, sql` `)} return null; end $$`.execute(db);
    await sql`create trigger ${sql.id(`${owner}_link_copies`)} after update of popularity, is_public on ${sql.table(owner)}
      for each row when (old.popularity is distinct from new.popularity or old.is_public is distinct from new.is_public)
      execute function ${sql.id(`${owner}_link_copies`)}()`.execute(db);
  }
  for (const link of LINKS) {
    await sql`create function ${sql.id(`${link.table}_copies`)}() returns trigger language plpgsql as $$
      begin
        new.popularity := coalesce((select popularity from ${sql.table(link.owner)} where id = new.${sql.ref(link.column)}), 0);
        new.is_public := coalesce((select is_public from ${sql.table(link.owner)} where id = new.${sql.ref(link.column)}), 0);
        return new;
      end $$`.execute(db);
    await sql`create trigger ${sql.id(`${link.table}_copies`)} before insert on ${sql.table(link.table)}
      for each row execute function ${sql.id(`${link.table}_copies`)}()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { postgres } = columnTypes(db);
  if (postgres) await nameIndexes(db, sql``);
  await db.schema.dropIndex(ARTISTS_BY_POPULARITY).ifExists().execute();
  const triggers = [
    ...OWNERS.map((owner) => [`${owner}_link_copies`, owner] as const),
    ...LINKS.map((link) => [`${link.table}_copies`, link.table] as const),
  ];
  for (const [trigger, on] of triggers) {
    if (postgres) {
      await sql`drop trigger if exists ${sql.id(trigger)} on ${sql.table(on)}`.execute(db);
      await sql`drop function if exists ${sql.id(trigger)}()`.execute(db);
    } else {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
  }
  for (const link of LINKS) {
    await db.schema.dropIndex(`${link.table}_by_popularity_idx`).ifExists().execute();
    await db.schema.alterTable(link.table).dropColumn('is_public').execute();
    await db.schema.alterTable(link.table).dropColumn('popularity').execute();
  }
}
