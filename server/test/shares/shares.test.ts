import type { PublicShare, Share } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAlbum, createArtist, createTrack } from '../helpers/catalog.ts';

/**
 * Share links (issue 38, item 2): the owner creates, lists, changes and deletes them; anyone
 * with the link sees and plays what it shares until it expires, and nothing else.
 */
let test: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let album: { id: number };
let albumTracks: { id: number; audio: Buffer }[];
let loose: { id: number; audio: Buffer };
let privateTrack: { id: number };

const audio = (byte: number) => Buffer.alloc(6000, byte);

beforeAll(async () => {
  test = await createTestApp();
  owner = await signedInUser(test.app, { name: 'Ola Owner' });
  const artist = await createArtist(test.app, { name: 'Shared Artist' });
  album = await createAlbum(test.app, { name: 'Shared Album', artistIds: [artist.id] });
  albumTracks = [];
  for (const number of [1, 2]) {
    const bytes = audio(number);
    const track = await createTrack(test.app, {
      name: `Shared ${number}`,
      albumId: album.id,
      number,
      artistIds: [artist.id],
      audio: bytes,
    });
    albumTracks.push({ id: track.id, audio: bytes });
  }
  const bytes = audio(9);
  loose = { id: (await createTrack(test.app, { name: 'Loose', audio: bytes })).id, audio: bytes };
  const stranger = await signedInUser(test.app);
  privateTrack = await createTrack(test.app, { ownerId: stranger.id, isPublic: false });
});
afterAll(async () => {
  await test?.close();
});

async function create(payload: Record<string, unknown>) {
  const response = await owner.browser.post('/api/v1/shares', payload);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { share: Share }).share;
}

async function expire(id: number) {
  await test.app.services.database.db
    .updateTable('shares')
    .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
    .where('id', '=', id)
    .execute();
}

describe('share links', () => {
  it('shares an album as a public page a guest opens and plays, counting visits', async () => {
    const share = await create({
      items: [{ type: 'album', id: album.id }],
      description: 'For the road',
    });
    expect(share).toMatchObject({
      title: 'Shared Album',
      track_count: 2,
      description: 'For the road',
      expires_at: null,
      visit_count: 0,
    });
    expect(share.path).toBe(`/share/${share.token}`);
    expect(share.token).toMatch(/^[\w-]{16}$/);

    const guest = await guestBrowser(test.app);
    const opened = await guest.get(`/api/v1/shared/${share.token}`);
    expect(opened.statusCode).toBe(200);
    const page = (opened.json() as { share: PublicShare }).share;
    expect(page).toMatchObject({
      title: 'Shared Album',
      description: 'For the road',
      owner: { name: 'Ola Owner' },
      expired: false,
    });
    expect(page.tracks.map((t) => t.id)).toEqual(albumTracks.map((t) => t.id));

    const stream = await guest.get(
      `/api/v1/shared/${share.token}/tracks/${albumTracks[1]!.id}/stream`,
    );
    expect(stream.statusCode).toBe(200);
    expect(stream.rawPayload).toEqual(albumTracks[1]!.audio);
    const ranged = await guest.get(
      `/api/v1/shared/${share.token}/tracks/${albumTracks[0]!.id}/stream`,
      { range: 'bytes=10-19' },
    );
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload).toEqual(albumTracks[0]!.audio.subarray(10, 20));

    await guest.get(`/api/v1/shared/${share.token}`);
    const listed = (await owner.browser.get('/api/v1/shares')).json() as { shares: Share[] };
    const counted = listed.shares.find((s) => s.id === share.id)!;
    expect(counted.visit_count).toBe(2);
    expect(counted.last_visited_at).not.toBeNull();
  });

  it('streams only the tracks it shares', async () => {
    const share = await create({ items: [{ type: 'track', id: loose.id }] });
    const guest = await guestBrowser(test.app);
    const own = await guest.get(`/api/v1/shared/${share.token}/tracks/${loose.id}/stream`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload).toEqual(loose.audio);
    const other = await guest.get(
      `/api/v1/shared/${share.token}/tracks/${albumTracks[0]!.id}/stream`,
    );
    expect(other.statusCode).toBe(404);
    expect(
      (await guest.get(`/api/v1/shared/nope-not-a-share/tracks/${loose.id}/stream`)).statusCode,
    ).toBe(404);
  });

  it('shows an expired share without tracks and refuses its streams', async () => {
    const share = await create({
      items: [{ type: 'track', id: loose.id }],
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(share.expires_at).not.toBeNull();
    await expire(share.id);
    const guest = await guestBrowser(test.app);
    const page = (await guest.get(`/api/v1/shared/${share.token}`)).json() as {
      share: PublicShare;
    };
    expect(page.share.expired).toBe(true);
    expect(page.share.tracks).toEqual([]);
    const stream = await guest.get(`/api/v1/shared/${share.token}/tracks/${loose.id}/stream`);
    expect(stream.statusCode).toBe(404);
  });

  it('refuses what the owner may not see, a past expiry and an empty share', async () => {
    const hidden = await owner.browser.post('/api/v1/shares', {
      items: [{ type: 'track', id: privateTrack.id }],
    });
    expect(hidden.statusCode).toBe(404);
    const past = await owner.browser.post('/api/v1/shares', {
      items: [{ type: 'track', id: loose.id }],
      expires_at: '2001-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({
      errors: { expires_at: ['The expiry must be in the future.'] },
    });
    const empty = await owner.browser.post('/api/v1/shares', { items: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toHaveProperty('errors.items');
    const guest = await guestBrowser(test.app);
    expect(
      (await guest.post('/api/v1/shares', { items: [{ type: 'track', id: loose.id }] })).statusCode,
    ).toBe(401);
  });

  it('lets only its owner change or delete a share; a deleted link is gone', async () => {
    const share = await create({ items: [{ type: 'track', id: loose.id }] });
    const other = await signedInUser(test.app);
    expect(
      (await other.browser.put(`/api/v1/shares/${share.id}`, { description: 'x' })).statusCode,
    ).toBe(404);
    expect((await other.browser.delete(`/api/v1/shares/${share.id}`)).statusCode).toBe(404);
    expect(
      ((await other.browser.get('/api/v1/shares')).json() as { shares: Share[] }).shares,
    ).toEqual([]);

    const changed = await owner.browser.put(`/api/v1/shares/${share.id}`, {
      description: 'Changed',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as { share: Share }).share.description).toBe('Changed');

    expect((await owner.browser.delete(`/api/v1/shares/${share.id}`)).statusCode).toBe(200);
    const guest = await guestBrowser(test.app);
    expect((await guest.get(`/api/v1/shared/${share.token}`)).statusCode).toBe(404);
  });
});
