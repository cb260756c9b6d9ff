import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '@backbeat/common';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser } from './helpers/client.ts';
import {
  createAlbum,
  createArtist,
  createTag,
  createTrack,
  reindexCatalog,
} from './helpers/catalog.ts';
import { createUser } from './helpers/factories.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  const amelie = await createArtist(t.app, { name: 'Amélie Sørensen', popularity: 80 });
  const other = await createArtist(t.app, { name: 'Ambient Orchard', popularity: 5 });
  const album = await createAlbum(t.app, { name: 'Café Lumière', artistIds: [amelie.id] });
  await createTrack(t.app, {
    name: 'Midnight Café',
    artistIds: [amelie.id],
    albumId: album.id,
    popularity: 90,
  });
  await createTrack(t.app, { name: 'Midnight Drive', artistIds: [other.id], popularity: 1 });
  await createTrack(t.app, { name: 'Morning', artistIds: [other.id] });
  owner = await createUser(t.app, { name: 'Zoë Listener' });
  await createTrack(t.app, { name: 'Midnight Secret', ownerId: owner.id, isPublic: false });
  await createTag(t.app, 'Night Drive');
  await reindexCatalog(t.app);
});
afterAll(() => t.close());

async function search(query: string, extra = '', login?: { email: string; password: string }) {
  const browser = await openBrowser(t.app);
  if (login) await browser.login(login.email, login.password);
  const response = await browser.get(`/api/v1/search?query=${encodeURIComponent(query)}${extra}`);
  return {
    status: response.statusCode,
    body: response.json() as { results: SearchResults; errors?: object },
  };
}

describe(`GET search (${process.env.TEST_DATABASE_URL ? 'PostgreSQL full-text' : 'SQLite FTS5'})`, () => {
  it('matches prefixes regardless of case and accents', async () => {
    const { body } = await search('AMEL');
    expect(body.results.artists.map((a) => a.name)).toEqual(['Amélie Sørensen']);
    expect((await search('sorensen')).body.results.artists).toHaveLength(1);
    expect((await search('cafe lum')).body.results.albums.map((a) => a.name)).toEqual([
      'Café Lumière',
    ]);
  });

  it('ranks by relevance and popularity, and finds tracks by their artist name', async () => {
    const { body } = await search('midnight');
    expect(body.results.tracks.map((x) => x.name)).toEqual(['Midnight Café', 'Midnight Drive']);
    const byArtist = await search('amelie');
    expect(byArtist.body.results.tracks.map((x) => x.name)).toEqual(['Midnight Café']);
  });

  it('requires every word', async () => {
    expect((await search('midnight drive')).body.results.tracks.map((x) => x.name)).toEqual([
      'Midnight Drive',
    ]);
  });

  it('finds tags and users, and only the asked-for types', async () => {
    const { body } = await search('nigh', '&types=tags');
    expect(body.results.tags.map((x) => x.name)).toEqual(['night drive']);
    expect(body.results.tracks).toEqual([]);
    expect((await search('zoë', '&types=users')).body.results.users).toEqual([
      { id: owner.id, name: 'Zoë Listener', image: null },
    ]);
  });

  it('shows a private track to its owner only', async () => {
    const names = (r: { body: { results: SearchResults } }) =>
      r.body.results.tracks.map((x) => x.name);
    expect(names(await search('secret'))).toEqual([]);
    expect(names(await search('secret', '', owner))).toEqual(['Midnight Secret']);
  });

  it('treats query syntax as plain words', async () => {
    for (const query of ['"mid*', 'NOT midnight', 'mid:* & |', 'kind:artist', '()']) {
      expect((await search(query)).status).toBe(200);
    }
  });

  it.each([
    ['', 'query'],
    ['   ', 'query'],
    ['x'.repeat(101), 'query'],
  ])('refuses the query %j with 422', async (query, field) => {
    const { status, body } = await search(query);
    expect(status).toBe(422);
    expect(body.errors).toHaveProperty(field);
  });

  it('refuses unknown result types and page sizes', async () => {
    const unknown = await search('mid', '&types=tracks,planets');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty('types');
    expect((await search('mid', '&perPage=51')).status).toBe(422);
  });

  it('follows popularity when the index is rebuilt, listing each track once', async () => {
    const setPopularity = (name: string, popularity: number) =>
      t.database.db.updateTable('tracks').set({ popularity }).where('name', '=', name).execute();
    await setPopularity('Midnight Drive', 500);
    await setPopularity('Midnight Café', 0);
    await reindexCatalog(t.app);
    // Answers are cached for a few seconds per query, so each step asks with other words.
    const { body } = await search('midnigh');
    expect(body.results.tracks.map((x) => x.name)).toEqual(['Midnight Drive', 'Midnight Café']);

    await setPopularity('Midnight Drive', 1);
    await setPopularity('Midnight Café', 90);
    await reindexCatalog(t.app);
    expect((await search('midni')).body.results.tracks.map((x) => x.name)).toEqual([
      'Midnight Café',
      'Midnight Drive',
    ]);
  });
});
