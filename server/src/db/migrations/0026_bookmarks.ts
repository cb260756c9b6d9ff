import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * Subsonic bookmarks: a listener's saved position in a song (an audiobook chapter, a long mix),
 * one per user and song, with an optional comment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('bookmarks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('track_id', 'integer', (c) =>
      c.notNull().references('tracks.id').onDelete('cascade'),
    )
    .addColumn('position_ms', 'bigint', (c) => c.notNull())
    .addColumn('comment', 'varchar(500)')
    .addColumn('changed_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('changed_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'track_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bookmarks').ifExists().execute();
}
