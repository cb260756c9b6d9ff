import { expect } from 'vitest';
import { addDays, isoDay, type Insights } from '@backbeat/common';
import { signedInUser } from './accounts.ts';
import type { TestApp } from './app.ts';
import { createAlbum, createArtist, createTrack } from './catalog.ts';
import type { Browser } from './client.ts';

export const today = isoDay(new Date());
export const yesterday = addDays(today, -1);
/** The last seven days, today included. */
export const lastWeek = `from=${addDays(today, -6)}&to=${today}`;

export const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** An artist owned by its own user, with an album of two tracks and a lone single. */
export async function artistWithMusic(t: TestApp) {
  const owner = await signedInUser(t.app);
  const artist = await createArtist(t.app);
  await t.database.db
    .updateTable('artists')
    .set({ owner_id: owner.id })
    .where('id', '=', artist.id)
    .execute();
  const album = await createAlbum(t.app, { artistIds: [artist.id] });
  const first = await createTrack(t.app, { artistIds: [artist.id], albumId: album.id });
  const second = await createTrack(t.app, { artistIds: [artist.id], albumId: album.id });
  const single = await createTrack(t.app, { artistIds: [artist.id] });
  return { owner, artist, album, first, second, single };
}

/** Plays a track as the player does, and reports its length when given. */
export async function play(
  browser: Browser,
  trackId: number,
  source: string,
  listened?: { ms: number; completed?: boolean },
): Promise<number> {
  const response = await browser.post(`/api/v1/tracks/${trackId}/plays`, { source });
  expect(response.statusCode).toBe(200);
  const { play_id } = response.json() as { play_id: number };
  if (listened) {
    const update = await browser.put(`/api/v1/plays/${play_id}`, {
      listened_ms: listened.ms,
      completed: listened.completed ?? false,
    });
    expect(update.statusCode).toBe(200);
  }
  return play_id;
}

export async function insightsOf(browser: Browser, path: string, query = lastWeek) {
  const response = await browser.get(`/api/v1/${path}/insights?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { insights: Insights }).insights;
}
