import { sql, type Kysely } from 'kysely';

/**
 * Issue 36.4: the default SEO descriptions named a playlist's owner, a profile's user and a
 * channel's description unconditionally, so an editorial playlist read "a playlist by  on
 * Backbeat". Sites that stored those defaults (seeded, or saved from the appearance editor)
 * take the new ones, which leave out what a page does not have; templates an admin wrote stay.
 * The texts are copied here, not imported: migrations are frozen history.
 */
const REPLACED: Record<string, [before: string, after: string]> = {
  'seo.playlist.description': [
    'Listen to {{playlist_name}}, a playlist by {{owner_name}} on {{site_name}}.',
    'Listen to {{playlist_name}}, a playlist{{#owner_name}} by {{owner_name}}{{/owner_name}} on {{site_name}}.',
  ],
  'seo.channel.description': [
    '{{channel_description}}',
    '{{#channel_description}}{{channel_description}}{{/channel_description}}{{^channel_description}}Listen to {{channel_name}} on {{site_name}}.{{/channel_description}}',
  ],
  'seo.user.description': [
    'Tracks, albums and playlists by {{user_name}} on {{site_name}}.',
    '{{#user_description}}{{user_description}}{{/user_description}}{{^user_description}}Tracks, albums and playlists by {{user_name}} on {{site_name}}.{{/user_description}}',
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, [before, after]] of Object.entries(REPLACED)) {
    await sql`UPDATE settings SET value = ${JSON.stringify(after)}
      WHERE name = ${name} AND value = ${JSON.stringify(before)}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The new templates read the same wherever the old ones had their values.
}
