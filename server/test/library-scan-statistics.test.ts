import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/app.ts';
import type { Browser } from './helpers/client.ts';
import { libraryMp3, placeFile } from './helpers/library-audio.ts';
import { openLibrarySite, type LibrarySite } from './helpers/library-site.ts';

/*
 * Issue 42: a library scan that changed much of the catalog refreshes PostgreSQL's planner
 * statistics of the catalog tables when it ends (autovacuum would come much later), so the
 * next deep page or random pick is planned for the catalog's real size. SQLite keeps none.
 */

let t: TestApp;
let admin: Browser;
let root: string;
let site: LibrarySite | undefined;

beforeAll(async () => {
  site = await openLibrarySite('scan-statistics');
  ({ t, admin, root } = site);
  for (let i = 1; i <= 3; i++) {
    const tags = { title: `Song ${i}`, artist: 'Counted', album: 'Statistics', track: i };
    await placeFile(root, `Counted/0${i}.mp3`, await libraryMp3(tags, { seed: 4200 + i }));
  }
});

afterAll(async () => {
  await site?.close();
});

/** When PostgreSQL last analysed each catalog table by hand (not autovacuum). */
async function lastAnalysed(): Promise<Record<string, string | null>> {
  const { rows } = await sql<{ relname: string; last_analyze: string | null }>`
    select relname, last_analyze::text as last_analyze from pg_stat_user_tables
    where relname in ('artists', 'albums', 'tracks', 'track_artists', 'album_artists')`.execute(
    t.database.db,
  );
  return Object.fromEntries(rows.map((row) => [row.relname, row.last_analyze]));
}

describe('statistics after a scan', () => {
  it('analyses the catalog tables when a scan added a folder of music', async () => {
    const before = t.database.dialect === 'postgres' ? await lastAnalysed() : {};
    const response = await admin.post('/api/v1/admin/library-folders', { path: root });
    expect(response.statusCode, response.body).toBe(201);
    await t.app.services.jobs.idle();
    const tracks = await t.database.db
      .selectFrom('tracks')
      .select(sql<number>`count(*)`.as('n'))
      .where('library_folder_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(tracks.n)).toBe(3);

    if (t.database.dialect === 'postgres') {
      expect(Object.values(before).every((at) => at === null)).toBe(true);
      // The statistics views show what a session reported; PostgreSQL flushes them shortly.
      await expect.poll(lastAnalysed, { timeout: 10_000, interval: 200 }).toEqual({
        artists: expect.any(String),
        albums: expect.any(String),
        tracks: expect.any(String),
        track_artists: expect.any(String),
        album_artists: expect.any(String),
      });
    } else {
      // SQLite's plans are tuned without statistics: the scan leaves none behind.
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(t.database.db);
      expect(Number(rows[0]!.n)).toBe(0);
    }
  });
});
