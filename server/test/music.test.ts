import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, RadioStation } from '@backbeat/common';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser } from './helpers/client.ts';
import { seedSmallCatalog } from './helpers/catalog.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSmallCatalog(t.app);
});
afterAll(() => t.close());

const get = async (url: string) => (await openBrowser(t.app)).get(url);

describe('GET channel/{slugOrId}', () => {
  it('answers the home channel with its child channels filled', async () => {
    const response = await get('/api/v1/channel/discover');
    expect(response.statusCode).toBe(200);
    const { channel } = response.json() as { channel: Channel };
    expect(channel.content.type).toBe('channels');
    const children = channel.content.data as Channel[];
    expect(children.map((c) => c.slug)).toEqual([
      'trending',
      'new-releases',
      'popular-artists',
      'popular-tracks',
      'popular-albums',
      'playlists',
      'genres',
    ]);
    for (const child of children) expect(child.content.data.length).toBeGreaterThan(0);
    expect(children.find((c) => c.slug === 'popular-tracks')?.layout).toBe('trackTable');
  });

  it('narrows the genre channel by the genre in the address', async () => {
    const genres = (await get('/api/v1/genres')).json() as {
      pagination: { data: { name: string }[] };
    };
    const name = genres.pagination.data.find((g) => g.name === 'chillout')!.name;
    const response = await get(`/api/v1/channel/genre?restriction=${name}`);
    const { channel } = response.json() as { channel: Channel };
    expect(channel.name).toBe('Chillout');
    expect(channel.restriction).toMatchObject({ type: 'genre', value: 'chillout' });
    expect((channel.content.data as Channel[]).map((c) => c.name)).toContain(
      'Popular Chillout tracks',
    );
  });

  it('answers 404 for an unknown channel or genre and 422 for bad input', async () => {
    expect((await get('/api/v1/channel/nope')).statusCode).toBe(404);
    expect((await get('/api/v1/channel/genre')).statusCode).toBe(404);
    expect((await get('/api/v1/channel/genre?restriction=polka')).statusCode).toBe(404);
    const bad = await get(`/api/v1/channel/genre?restriction=${'x'.repeat(101)}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { restriction: [expect.any(String)] } });
  });

  it('finds a channel by id too', async () => {
    const { channel } = (await get('/api/v1/channel/discover')).json() as { channel: Channel };
    expect((await get(`/api/v1/channel/${channel.id}`)).json()).toMatchObject({
      channel: { slug: 'discover' },
    });
  });
});

describe('GET radio/{seedType}/{seedId}', () => {
  it.each(['artist', 'track', 'genre'])(
    'builds a %s station from the local catalog',
    async (type) => {
      const response = await get(`/api/v1/radio/${type}/1`);
      expect(response.statusCode).toBe(200);
      const { station } = response.json() as { station: RadioStation };
      expect(station.seed).toMatchObject({ type, id: 1, name: expect.any(String) });
      expect(station.tracks.length).toBeGreaterThan(3);
      expect(new Set(station.tracks.map((x) => x.id)).size).toBe(station.tracks.length);
      if (type === 'track') expect(station.tracks[0]!.id).toBe(1);
    },
  );

  it('answers 404 for an unknown seed and 422 for a bad type or id', async () => {
    expect((await get('/api/v1/radio/artist/99999')).statusCode).toBe(404);
    const badType = await get('/api/v1/radio/planet/1');
    expect(badType.statusCode).toBe(422);
    expect(badType.json()).toMatchObject({ errors: { seedType: [expect.any(String)] } });
    expect((await get('/api/v1/radio/track/abc')).statusCode).toBe(422);
  });
});

describe('POST tracks/{id}/plays', () => {
  it('logs a play with the user, device, platform and browser, and counts it', async () => {
    const browser = await openBrowser(t.app);
    await browser.login(t.admin.email, t.admin.password);
    const before = (await t.app.services.catalog.tracks([2]))[0]!.plays;
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const response = await browser.post(
      '/api/v1/tracks/2/plays',
      { source: 'radio' },
      { 'user-agent': iphone },
    );
    expect(response.json()).toEqual({ logged: true, play_id: expect.any(Number) });
    const { db } = t.app.services.database;
    const play = await db
      .selectFrom('track_plays')
      .selectAll()
      .where('track_id', '=', 2)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(play).toMatchObject({
      device: 'mobile',
      platform: 'iOS',
      browser: 'Mobile Safari',
      country: null,
      source: 'radio',
      listener: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(play.user_id).toEqual(expect.any(Number));
    expect((await t.app.services.catalog.tracks([2]))[0]!.plays).toBe(before + 1);
  });

  it('lets guests log plays, and refuses bad input, unknown tracks and missing XSRF', async () => {
    const browser = await openBrowser(t.app);
    expect((await browser.post('/api/v1/tracks/3/plays', {})).statusCode).toBe(200);
    const bad = await browser.post('/api/v1/tracks/3/plays', { source: 'tv' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { source: [expect.any(String)] } });
    expect((await browser.post('/api/v1/tracks/99999/plays', {})).statusCode).toBe(404);
    const noToken = await browser.request({
      method: 'POST',
      url: '/api/v1/tracks/3/plays',
      payload: {},
      xsrf: false,
    });
    expect(noToken.statusCode).toBe(419);
  });
});

describe('GET playlists/{id}', () => {
  it('answers a playlist with its tracks, 404 when missing and 422 for a bad id', async () => {
    const response = await get('/api/v1/playlists/1');
    expect(response.json()).toMatchObject({
      playlist: { id: 1, name: 'Late Night Drive', owner: null },
    });
    expect((await get('/api/v1/playlists/999')).statusCode).toBe(404);
    expect((await get('/api/v1/playlists/x')).statusCode).toBe(422);
  });
});
