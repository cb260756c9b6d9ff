import { sql, type Kysely } from 'kysely';

/**
 * The demo seed numbered its playlists' tracks from 0, while every playlist change keeps
 * them 1..n. Playlists that start at 0 move up by one, so databases seeded before the fix
 * match what the code expects. (Positions have no unique index, so one UPDATE is safe.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE playlist_tracks SET position = position + 1
    WHERE playlist_id IN (
      SELECT playlist_id FROM playlist_tracks GROUP BY playlist_id HAVING min(position) = 0
    )`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: 1..n is what the code has always written.
}
