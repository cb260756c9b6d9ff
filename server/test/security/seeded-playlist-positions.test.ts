import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaylistDetails } from '@backbeat/common';
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
});
