import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * Collaborative playlists: a flag on the playlist, and the people its owner invited to add,
 * remove and reorder its tracks. An editor row exists only while the playlist is collaborative
 * (turning it off removes them), and goes with the playlist or the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .alterTable('playlists')
    .addColumn('is_collaborative', t.flag, (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('playlist_editors')
    .addColumn('playlist_id', 'integer', (c) =>
      c.notNull().references('playlists.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_editors_pk', ['playlist_id', 'user_id'])
    .execute();
  // The playlists a listener collaborates on (their library and sidebar).
  await db.schema
    .createIndex('playlist_editors_user_idx')
    .on('playlist_editors')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('playlist_editors').ifExists().execute();
  await db.schema.alterTable('playlists').dropColumn('is_collaborative').execute();
}
