import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * The personal library: what each listener likes (tracks, albums, artists), whom they follow
 * (users, artists), what they repost (tracks, albums), timed comments on tracks, and playlists that belong to a workspace (NULL: the creator's personal one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('likes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // `tracks`, `albums` or `artists`: the rows are removed with their item by the catalog.
    .addColumn('likeable_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('likeable_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['user_id', 'likeable_type', 'likeable_id'])
    .execute();
  // A listener's library lists one kind newest first.
  await db.schema
    .createIndex('likes_user_type_created_idx')
    .on('likes')
    .columns(['user_id', 'likeable_type', 'created_at'])
    .execute();
  // Who likes an item (counts, clean-up when an item is deleted).
  await db.schema
    .createIndex('likes_item_idx')
    .on('likes')
    .columns(['likeable_type', 'likeable_id'])
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    // `users`, `artists` or `playlists`.
    .addColumn('followable_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('followable_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followable_type', 'followable_id'])
    .execute();
  // Followers of a user or artist, newest first.
  await db.schema
    .createIndex('follows_followed_idx')
    .on('follows')
    .columns(['followable_type', 'followable_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('reposts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // `tracks` or `albums`.
    .addColumn('repostable_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('repostable_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('reposts_pk', ['user_id', 'repostable_type', 'repostable_id'])
    .execute();
  await db.schema
    .createIndex('reposts_user_created_idx')
    .on('reposts')
    .columns(['user_id', 'created_at'])
    .execute();

  await t
    .withId(db.schema.createTable('comments'))
    .addColumn('track_id', 'integer', (c) =>
      c.notNull().references('tracks.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Replies are one level deep: a reply's parent is always a top-level comment.
    .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    // Playback position in milliseconds the comment is about (a marker on the waveform).
    .addColumn('position', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_track_idx')
    .on('comments')
    .columns(['track_id', 'parent_id', 'created_at'])
    .execute();
  await db.schema.createIndex('comments_parent_idx').on('comments').column('parent_id').execute();

  await addWorkspaceColumn(db, 'playlists');
  await db.schema.createIndex('playlists_owner_idx').on('playlists').column('owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('playlists_owner_idx').ifExists().execute();
  await db.schema.dropIndex('playlists_workspace_idx').ifExists().execute();
  await db.schema.alterTable('playlists').dropColumn('workspace_id').execute();
  await db.schema.dropTable('comments').ifExists().execute();
  await db.schema.dropTable('reposts').ifExists().execute();
  await db.schema.dropTable('follows').ifExists().execute();
  await db.schema.dropTable('likes').ifExists().execute();
}

/**
 * The nullable workspace_id column of the workspace convention, with its index. A copy, not
 * an import: a migration is frozen history and must not change when module code does.
 */
async function addWorkspaceColumn(db: Kysely<unknown>, table: string): Promise<void> {
  await db.schema
    .alterTable(table)
    .addColumn('workspace_id', 'integer', (c) => c.references('workspaces.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex(`${table}_workspace_idx`).on(table).column('workspace_id').execute();
}
