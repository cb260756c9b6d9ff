import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlbumDetails, Artist, Track, TrackDetails } from '@backbeat/common';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser } from './helpers/client.ts';
import {
  createAlbum,
  createArtist,
  createGenre,
  createTag,
  createTrack,
  reindexCatalog,
} from './helpers/catalog.ts';
import { createUser } from './helpers/factories.ts';

let t: TestApp;
let artist: { id: number; name: string };
let rival: { id: number; name: string };
let album: { id: number };
let tracks: { id: number; name: string }[];
let owner: Awaited<ReturnType<typeof createUser>>;
let privateTrack: { id: number };
let privateAlbum: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  const genre = await createGenre(t.app, 'Synthwave');
  const tag = await createTag(t.app, 'Night Drive');
  artist = await createArtist(t.app, { name: 'Neon Harbor', genreIds: [genre.id], popularity: 50 });
  rival = await createArtist(t.app, { name: 'Retro Youth', genreIds: [genre.id] });
  album = await createAlbum(t.app, { name: 'Chrome Nights', artistIds: [artist.id] });
  tracks = [];
  for (const [index, name] of ['Overture', 'Highway', 'Finale'].entries()) {
    tracks.push(
      await createTrack(t.app, {
        name,
        number: index + 1,
        albumId: album.id,
        artistIds: [artist.id],
        genreIds: [genre.id],
        tagIds: [tag.id],
        popularity: 30 - index,
        lyrics:
          index === 0 ? { text: '[00:01.00]Hello\n[00:03.50]World', synced: true } : undefined,
      }),
    );
  }
  owner = await createUser(t.app);
  privateAlbum = await createAlbum(t.app, {
    artistIds: [artist.id],
    ownerId: owner.id,
    isPublic: false,
  });
  privateTrack = await createTrack(t.app, {
    name: 'Secret Demo',
    artistIds: [artist.id],
    albumId: privateAlbum.id,
    ownerId: owner.id,
    isPublic: false,
  });
  await createTrack(t.app, { name: 'Rival Song', artistIds: [rival.id], genreIds: [genre.id] });
  await reindexCatalog(t.app);
});
afterAll(() => t.close());

const guest = () => openBrowser(t.app);
async function asOwner() {
  const browser = await openBrowser(t.app);
  await browser.login(owner.email, owner.password);
  return browser;
}

describe('GET tracks/{id}', () => {
  it('answers the track with artists, album, genres, tags, waveform and more by the artist', async () => {
    const response = await (await guest()).get(`/api/v1/tracks/${tracks[0]!.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { track: TrackDetails; more_by_artist: Track[] };
    expect(body.track).toMatchObject({
      name: 'Overture',
      artists: [{ id: artist.id, name: 'Neon Harbor' }],
      album: { id: album.id, name: 'Chrome Nights' },
      genres: [{ name: 'synthwave', display_name: 'Synthwave' }],
      tags: [{ name: 'night drive' }],
      waveform: [0.5, 1, 0.25],
      has_lyrics: true,
      is_public: true,
    });
    expect(body.more_by_artist.map((x) => x.name)).toEqual(['Highway', 'Finale']);
  });

  it.each(['abc', '0', '-3', '1.5'])('refuses the id %s with 422 and a field error', async (id) => {
    const response = await (await guest()).get(`/api/v1/tracks/${id}`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { id: [expect.any(String)] } });
  });

  it('answers 404 for a missing track', async () => {
    expect((await (await guest()).get('/api/v1/tracks/999999')).statusCode).toBe(404);
  });

  it('hides a private track from everyone but its owner', async () => {
    expect((await (await guest()).get(`/api/v1/tracks/${privateTrack.id}`)).statusCode).toBe(404);
    const stranger = await createUser(t.app);
    const other = await openBrowser(t.app);
    await other.login(stranger.email, stranger.password);
    expect((await other.get(`/api/v1/tracks/${privateTrack.id}`)).statusCode).toBe(404);
    expect((await (await asOwner()).get(`/api/v1/tracks/${privateTrack.id}`)).statusCode).toBe(200);
  });
});

describe('GET tracks/{id}/lyrics', () => {
  it('answers synced lyrics as stored', async () => {
    const response = await (await guest()).get(`/api/v1/tracks/${tracks[0]!.id}/lyrics`);
    expect(response.json()).toEqual({
      lyric: { track_id: tracks[0]!.id, text: '[00:01.00]Hello\n[00:03.50]World', is_synced: true },
    });
  });

  it('answers 404 without lyrics and 422 for a bad id', async () => {
    const browser = await guest();
    expect((await browser.get(`/api/v1/tracks/${tracks[1]!.id}/lyrics`)).statusCode).toBe(404);
    expect((await browser.get('/api/v1/tracks/x/lyrics')).statusCode).toBe(422);
  });
});

describe('GET albums/{id}', () => {
  it('answers the album with its tracks in order', async () => {
    const response = await (await guest()).get(`/api/v1/albums/${album.id}`);
    const body = response.json() as { album: AlbumDetails };
    expect(body.album).toMatchObject({ name: 'Chrome Nights', tracks_count: 3, type: 'album' });
    expect(body.album.tracks.map((x) => x.number)).toEqual([1, 2, 3]);
    expect(body.album.artists).toEqual([{ id: artist.id, name: 'Neon Harbor', image: null }]);
  });

  it("gives each track its encoder delay and padding and the album's gapless mark (gapless playback)", async () => {
    const info = {
      sample_rate: 44_100,
      encoder_delay: 576,
      encoder_padding: 1_104,
      total_samples: 88_200,
    };
    await t.app.services.catalogWrites.setGapless(tracks[1]!.id, info);
    await t.app.services.catalogWrites.setAlbumGapless(album.id, true);
    t.app.services.catalogResponses.clear();
    const body = (await (await guest()).get(`/api/v1/albums/${album.id}`)).json() as {
      album: AlbumDetails;
    };
    expect(body.album.tracks.map((x) => x.gapless ?? null)).toEqual([null, info, null]);
    expect(body.album.tracks.every((x) => x.album?.gapless === true)).toBe(true);
    await t.app.services.catalogWrites.setAlbumGapless(album.id, false);
    await t.app.services.catalogWrites.setGapless(tracks[1]!.id, null);
    t.app.services.catalogResponses.clear();
  });

  it('hides a private album from others, shows it to its owner, and refuses bad ids', async () => {
    expect((await (await guest()).get(`/api/v1/albums/${privateAlbum.id}`)).statusCode).toBe(404);
    const mine = await (await asOwner()).get(`/api/v1/albums/${privateAlbum.id}`);
    expect((mine.json() as { album: AlbumDetails }).album.tracks.map((x) => x.name)).toEqual([
      'Secret Demo',
    ]);
    expect((await (await guest()).get('/api/v1/albums/nope')).statusCode).toBe(422);
  });
});

describe('shared answers', () => {
  it('gzips a large answer for clients that accept it, byte for byte the same JSON', async () => {
    const url = `/api/v1/artists/${artist.id}`;
    const plain = await t.app.inject({ method: 'GET', url });
    const zipped = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.payload);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});

describe('GET artists/{id}', () => {
  it('answers the artist page: popular tracks, albums and similar artists', async () => {
    const response = await (await guest()).get(`/api/v1/artists/${artist.id}`);
    const body = response.json() as {
      artist: Artist;
      top_tracks: Track[];
      albums: { id: number }[];
      similar: Artist[];
    };
    expect(body.artist).toMatchObject({ name: 'Neon Harbor', genres: [{ name: 'synthwave' }] });
    expect(body.top_tracks.map((x) => x.name)).toEqual(['Overture', 'Highway', 'Finale']);
    expect(body.albums.map((a) => a.id)).toEqual([album.id]);
    expect(body.similar.map((a) => a.name)).toEqual(['Retro Youth']);
  });

  it('pages the artist tracks and albums, with the private ones only for their owner', async () => {
    const browser = await guest();
    const page = await browser.get(`/api/v1/artists/${artist.id}/tracks?perPage=2&page=2`);
    expect(page.json()).toMatchObject({
      pagination: { current_page: 2, per_page: 2, total: 3, last_page: 2, from: 3, to: 3 },
    });
    const mine = await (await asOwner()).get(`/api/v1/artists/${artist.id}/albums`);
    expect(mine.json()).toMatchObject({ pagination: { total: 2 } });
  });

  it('validates the page query and the id', async () => {
    const browser = await guest();
    const bad = await browser.get(`/api/v1/artists/${artist.id}/tracks?perPage=500&page=0`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys((bad.json() as { errors: object }).errors).sort()).toEqual([
      'page',
      'perPage',
    ]);
    expect((await browser.get('/api/v1/artists/999999/tracks')).statusCode).toBe(404);
    expect((await browser.get('/api/v1/artists/1x')).statusCode).toBe(422);
  });
});

describe('genres and tags', () => {
  it('lists genres and answers a tag with its tracks and albums', async () => {
    const browser = await guest();
    expect((await browser.get('/api/v1/genres')).json()).toMatchObject({
      pagination: { data: [{ name: 'synthwave' }] },
    });
    expect((await browser.get('/api/v1/tags/Night%20Drive')).json()).toMatchObject({
      tag: { name: 'night drive' },
    });
    const tagTracks = await browser.get('/api/v1/tags/night%20drive/tracks?perPage=2');
    expect(tagTracks.json()).toMatchObject({
      pagination: { total: 3, data: [{ name: 'Overture' }, {}] },
    });
    expect((await browser.get('/api/v1/tags/night%20drive/albums')).json()).toMatchObject({
      pagination: { total: 0 },
    });
  });

  it('answers 404 for an unknown tag and 422 for an overlong one', async () => {
    const browser = await guest();
    expect((await browser.get('/api/v1/tags/no-such-tag/tracks')).statusCode).toBe(404);
    const long = await browser.get(`/api/v1/tags/${'x'.repeat(90)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ errors: { name: [expect.any(String)] } });
  });
});

describe('guests without music.view', () => {
  it('must log in to browse', async () => {
    const guests = await t.app.services.roles.findRoleByName('guests');
    const { db } = t.app.services.database;
    const permission = await db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'music.view')
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('permission_grants')
      .where('grantee_type', '=', 'role')
      .where('grantee_id', '=', guests!.id)
      .where('permission_id', '=', permission.id)
      .execute();
    t.app.services.guestRole.clear();
    try {
      expect((await (await guest()).get(`/api/v1/albums/${album.id}`)).statusCode).toBe(401);
      expect((await (await asOwner()).get(`/api/v1/albums/${album.id}`)).statusCode).toBe(200);
    } finally {
      await db
        .insertInto('permission_grants')
        .values({
          permission_id: permission.id,
          grantee_type: 'role',
          grantee_id: guests!.id,
          restrictions: '[]',
        })
        .execute();
      t.app.services.guestRole.clear();
    }
  });
});
