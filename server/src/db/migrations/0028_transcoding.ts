import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * On-the-fly transcoding (issue 38.6). Profiles are what an admin lets streams be encoded to
 * (a format, a bitrate and one of the server's named encoder settings, never a command).
 * Limits cap the bitrate of one user, of one Subsonic client name (`c`) for everyone, or of
 * one user on one client, and may give a client its default profile, as Navidrome's players.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await t
    .withId(db.schema.createTable('transcoding_profiles'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull().unique())
    // opus | mp3 | aac
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('bit_rate', 'integer', (c) => c.notNull())
    // standard | vbr | voice
    .addColumn('preset', 'varchar(20)', (c) => c.notNull().defaultTo('standard'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await t
    .withId(db.schema.createTable('transcoding_limits'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('client', 'varchar(100)')
    .addColumn('max_bit_rate', 'integer')
    .addColumn('profile_id', 'integer', (c) =>
      c.references('transcoding_profiles.id').onDelete('set null'),
    )
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transcoding_limits_user_idx')
    .on('transcoding_limits')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('transcoding_limits_client_idx')
    .on('transcoding_limits')
    .column('client')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transcoding_limits').execute();
  await db.schema.dropTable('transcoding_profiles').execute();
}
