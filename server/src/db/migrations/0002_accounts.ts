import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  // The TOTP time step last accepted, so one code is never accepted twice.
  await db.schema.alterTable('users').addColumn('two_factor_last_step', 'integer').execute();
  await db.schema.alterTable('sessions').addColumn('city', 'varchar(100)').execute();
  await db.schema.alterTable('sessions').addColumn('country', 'varchar(2)').execute();

  await db.schema
    .createTable('email_verification_codes')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await t
    .withId(db.schema.createTable('personal_access_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('last_used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('personal_access_tokens_user_idx')
    .on('personal_access_tokens')
    .column('user_id')
    .execute();

  await t
    .withId(db.schema.createTable('social_profiles'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('user_service_id', 'varchar(191)', (c) => c.notNull())
    .addColumn('username', 'varchar(191)')
    .addColumn('email', 'varchar(255)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('social_profiles_service_unique', ['service_name', 'user_service_id'])
    .addUniqueConstraint('social_profiles_user_service_unique', ['user_id', 'service_name'])
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('ip_address', 'varchar(45)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_email_idx')
    .on('login_failures')
    .columns(['email', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'login_failures',
    'social_profiles',
    'personal_access_tokens',
    'password_reset_tokens',
    'email_verification_codes',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
