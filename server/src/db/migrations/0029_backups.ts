import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * Backups (issue 39.3): one row per backup made by `npm run backup` or from the admin area,
 * so the admin area can list what was made, when, and what it holds. The backup itself lives
 * in the folder it names; the row is only its record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await t
    .withId(db.schema.createTable('backups'))
    .addColumn('directory', 'text', (c) => c.notNull())
    .addColumn('database', 'varchar(20)', (c) => c.notNull())
    .addColumn('database_bytes', 'bigint', (c) => c.notNull())
    .addColumn('files_included', t.flag, (c) => c.notNull())
    .addColumn('files_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('app_key_included', t.flag, (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('backups_started_idx').on('backups').column('started_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backups').ifExists().execute();
}
