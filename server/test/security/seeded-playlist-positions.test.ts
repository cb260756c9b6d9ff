import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaylistDetails } from '@backbeat/common';
import { up as renumberFromOne } from '../../src/db/migrations/0009_playlist_positions_from_one.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedSmallCatalog } from '../helpers/catalog.ts';
import { openBrowser } from '../helpers/client.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSmallCatalog(t.app);
});
afterAll(() => t.close());

describe('the demo catalog’s playlists', () => {
  it('number their tracks 1..n, as the playlist code keeps them', async () => {
    const rows = await t.app.services.database.db
      .selectFrom('playlist_tracks')
      .select(['playlist_id', 'position'])
      .orderBy('playlist_id')
      .orderBy('position')
      .execute();
    const byPlaylist = new Map<number, number[]>();
    for (const row of rows) {
      byPlaylist.set(row.playlist_id, [...(byPlaylist.get(row.playlist_id) ?? []), row.position]);
    }
    expect(byPlaylist.size).toBeGreaterThan(0);
    for (const positions of byPlaylist.values()) {
      expect(positions).toEqual(positions.map((_, index) => index + 1));
    }

    // And a listener sees each playlist whole, in that order.
    const browser = await openBrowser(t.app);
    const [playlistId, positions] = [...byPlaylist.entries()][0]!;
    const shown = (await browser.get(`/api/v1/playlists/${playlistId}`)).json() as {
      playlist: PlaylistDetails;
    };
    expect(shown.playlist.tracks).toHaveLength(positions.length);
  });

  it('are renumbered from 1 in a database seeded before the fix; others stay as they are', async () => {
    const db = t.app.services.database.db;
    const [seeded, edited] = await db
      .selectFrom('playlist_tracks')
      .select('playlist_id')
      .distinct()
      .orderBy('playlist_id')
      .limit(2)
      .execute();
    const positionsOf = async (playlistId: number) =>
      (
        await db
          .selectFrom('playlist_tracks')
          .select('position')
          .where('playlist_id', '=', playlistId)
          .orderBy('position')
          .execute()
      ).map((row) => row.position);
    // As the old seed left it: 0..n-1.
    await db
      .updateTable('playlist_tracks')
      .set((eb) => ({ position: eb('position', '-', 1) }))
      .where('playlist_id', '=', seeded!.playlist_id)
      .execute();
    const editedBefore = await positionsOf(edited!.playlist_id);

    await renumberFromOne(db as unknown as Kysely<unknown>);

    const seededAfter = await positionsOf(seeded!.playlist_id);
    expect(seededAfter).toEqual(seededAfter.map((_, index) => index + 1));
    expect(await positionsOf(edited!.playlist_id)).toEqual(editedBefore);
  });
});
