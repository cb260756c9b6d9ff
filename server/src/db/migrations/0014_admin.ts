import type { Kysely } from 'kysely';

/** The admin area (issue 12): why an account was suspended, shown to admins beside the ban. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('ban_reason', 'varchar(500)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('ban_reason').execute();
}
