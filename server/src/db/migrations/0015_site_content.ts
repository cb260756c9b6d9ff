import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/*
 * Custom pages (spec 2 §3: id, slug, title, body, plus SEO fields), with the privacy policy
 * and terms of service the footer links to. Migrations are frozen history: the seeded text
 * lives here, not in module code.
 */

const PRIVACY_POLICY = `<h2>Privacy policy</h2>
<p>This site keeps the account details you give it (name, email address, password hash) and what you do on it (plays, likes, playlists, uploads) so that it can work for you.</p>
<p>Cookies keep you signed in and remember your preferences, such as your theme and language. Nothing is sold to anyone.</p>
<p>You can change your details or delete your account at any time from your account settings. For any other question, use the contact page.</p>`;

const TERMS_OF_SERVICE = `<h2>Terms of service</h2>
<p>By using this site you agree to use it lawfully and to upload only what you have the right to share.</p>
<p>Uploads that break these terms or the law may be removed, and accounts that repeatedly do so may be suspended.</p>
<p>The site is provided as it is, without warranty. These terms may change; the current version is always on this page.</p>`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await t
    .withId(db.schema.createTable('custom_pages'))
    .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    // Sanitised HTML (sanitised again when it is shown).
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('meta_title', 'varchar(255)')
    .addColumn('meta_description', 'varchar(500)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  await (db as Kysely<{ custom_pages: Record<string, unknown> }>)
    .insertInto('custom_pages')
    .values([
      {
        slug: 'privacy-policy',
        title: 'Privacy policy',
        body: PRIVACY_POLICY,
        meta_title: null,
        meta_description: 'How this site handles your data.',
        created_at: now,
        updated_at: now,
      },
      {
        slug: 'terms-of-service',
        title: 'Terms of service',
        body: TERMS_OF_SERVICE,
        meta_title: null,
        meta_description: 'The rules for using this site.',
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('custom_pages').ifExists().execute();
}
