import { PostgresAdapter, type Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * Insights (issue 11) and the admin dashboard (issue 12):
 * - each play learns how long it lasted and whether it was heard to the end;
 * - `site_visits` keeps one row per browser session and day (visitors);
 * - daily rollups, filled by a scheduled job that walks the plays by id (`play_rollup_state`
 *   holds the watermark), so no chart scans `track_plays`:
 *   `play_daily` per scope (track, album, artist, the whole site, visits) and day: plays, time
 *   listened and completions; `play_daily_listeners` a HyperLogLog sketch of its listeners;
 *   `play_daily_dimensions` the same per country, device, platform, browser and source;
 *   `play_top_listeners` per scope and logged-in listener, all time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';

  await db.schema
    .alterTable('track_plays')
    .addColumn('listened_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('track_plays')
    .addColumn('completed', t.flag, (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('play_rollup_state')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('last_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_day', 'varchar(10)')
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('play_daily')
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('scope_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('plays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('listened_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('completions', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('play_daily_pk', ['scope', 'scope_id', 'day'])
    .execute();
  // Sketches (up to 4 KB) live apart, so scans of play_daily's counts stay a few pages long.
  await db.schema
    .createTable('play_daily_listeners')
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('scope_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('sketch', binary, (c) => c.notNull())
    .addPrimaryKeyConstraint('play_daily_listeners_pk', ['scope', 'scope_id', 'day'])
    .execute();
  await db.schema
    .createIndex('play_daily_day_idx')
    .on('play_daily')
    .columns(['scope', 'day'])
    .execute();

  await db.schema
    .createTable('play_daily_dimensions')
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('scope_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('dimension', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'varchar(50)', (c) => c.notNull())
    .addColumn('plays', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('play_daily_dimensions_pk', [
      'scope',
      'scope_id',
      'day',
      'dimension',
      'value',
    ])
    .execute();

  await db.schema
    .createTable('play_top_listeners')
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('scope_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('listened_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('play_top_listeners_pk', ['scope', 'scope_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('play_top_listeners_rank_idx')
    .on('play_top_listeners')
    .columns(['scope', 'scope_id', 'plays'])
    .execute();

  await t
    .withId(db.schema.createTable('site_visits'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('visitor', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('device', 'varchar(20)')
    .addColumn('platform', 'varchar(50)')
    .addColumn('browser', 'varchar(50)')
    .addColumn('country', 'varchar(2)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('site_visits_day_visitor_unique', ['day', 'visitor'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_visits').ifExists().execute();
  await db.schema.dropTable('play_top_listeners').ifExists().execute();
  await db.schema.dropTable('play_daily_dimensions').ifExists().execute();
  await db.schema.dropTable('play_daily_listeners').ifExists().execute();
  await db.schema.dropTable('play_daily').ifExists().execute();
  await db.schema.dropTable('play_rollup_state').ifExists().execute();
  await db.schema.alterTable('track_plays').dropColumn('completed').execute();
  await db.schema.alterTable('track_plays').dropColumn('listened_ms').execute();
}
