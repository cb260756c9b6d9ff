import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaylistDetails, PublicUser, TrackComment } from '@backbeat/common';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createArtist, createTrack } from '../helpers/catalog.ts';

/**
 * Descriptions and comments are plain text: what was typed is stored and served back exactly,
 * and the pages show it as text. A tag stripper would be the weak point (one pass turns
 * `<<b>script>` into `<script>`), so none may come back: the hostile corpus must round-trip
 * byte for byte, never half-removed into working markup.
 */
const CORPUS = [
  '<<b>script>alert(1)<</b>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  'Bye & 1 < 2 > 0 "quoted" \'single\'',
];

let t: TestApp;
let trackId: number;

beforeAll(async () => {
  t = await createTestApp();
  const artist = await createArtist(t.app);
  trackId = (await createTrack(t.app, { artistIds: [artist.id] })).id;
});
afterAll(() => t.close());

describe.each(CORPUS)('the text %j', (text) => {
  it('is kept as typed in a profile description', async () => {
    const { browser, id } = await signedInUser(t.app);
    expect((await browser.put('/api/v1/users/me/profile', { description: text })).statusCode).toBe(
      200,
    );
    const visitor = await guestBrowser(t.app);
    const user = ((await visitor.get(`/api/v1/users/${id}`)).json() as { user: PublicUser }).user;
    expect(user.description).toBe(text);
  });

  it('is kept as typed in a playlist description', async () => {
    const { browser } = await signedInUser(t.app);
    const created = await browser.post('/api/v1/playlists', { name: 'Corpus', description: text });
    expect(created.statusCode).toBe(201);
    const { id } = (created.json() as { playlist: PlaylistDetails }).playlist;
    const shown = (await browser.get(`/api/v1/playlists/${id}`)).json() as {
      playlist: PlaylistDetails;
    };
    expect(shown.playlist.description).toBe(text);
  });

  it('is kept as typed in a comment', async () => {
    const { browser } = await signedInUser(t.app);
    const posted = await browser.post(`/api/v1/tracks/${trackId}/comments`, { body: text });
    expect(posted.statusCode).toBe(201);
    expect((posted.json() as { comment: TrackComment }).comment.body).toBe(text);
  });
});
