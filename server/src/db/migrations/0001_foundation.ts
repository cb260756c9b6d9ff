import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await t
    .withId(db.schema.createTable('users'))
    .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('password', 'varchar(255)')
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(255)')
    .addColumn('last_name', 'varchar(255)')
    .addColumn('image', 'text')
    .addColumn('email_verified_at', t.timestamp)
    .addColumn('banned_at', t.timestamp)
    .addColumn('language', 'varchar(10)')
    .addColumn('country', 'varchar(10)')
    .addColumn('timezone', 'varchar(64)')
    .addColumn('two_factor_secret', 'text')
    .addColumn('two_factor_recovery_codes', 'text')
    .addColumn('two_factor_confirmed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await t
    .withId(db.schema.createTable('roles'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('is_default', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('is_guest', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await t
    .withId(db.schema.createTable('permissions'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('group', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('restrictions', t.json, (c) => c.notNull().defaultTo('[]'))
    .execute();

  await db.schema
    .createTable('permission_grants')
    .addColumn('permission_id', 'integer', (c) =>
      c.notNull().references('permissions.id').onDelete('cascade'),
    )
    .addColumn('grantee_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('grantee_id', 'integer', (c) => c.notNull())
    .addColumn('restrictions', t.json, (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('permission_grants_pk', [
      'grantee_type',
      'grantee_id',
      'permission_id',
    ])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('name', 'varchar(150)', (c) => c.primaryKey())
    .addColumn('value', t.json, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('ip_address', 'varchar(45)')
    .addColumn('user_agent', 'text')
    .addColumn('payload', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('remember', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('last_activity', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await t
    .withId(db.schema.createTable('themes'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_dark', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('default_light', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('default_dark', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('values', t.json, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await t
    .withId(db.schema.createTable('localizations'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('language', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('lines', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'localizations',
    'themes',
    'sessions',
    'settings',
    'user_roles',
    'permission_grants',
    'permissions',
    'roles',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
