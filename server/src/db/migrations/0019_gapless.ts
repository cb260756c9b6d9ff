import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * Gapless playback (issue 19): a track's encoder delay and padding as the pipeline read them
 * (JSON of GaplessInfo, null when the file carries none), and an album's mark that it was
 * recorded without gaps (live sets, classical, DJ mixes): its tracks play sample-joined and
 * never crossfade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('tracks').addColumn('gapless', t.json).execute();
  await db.schema
    .alterTable('albums')
    .addColumn('gapless', t.flag, (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('albums').dropColumn('gapless').execute();
  await db.schema.alterTable('tracks').dropColumn('gapless').execute();
}
