import { SUBSONIC_ERRORS } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAlbum, createArtist, createTrack, reindexCatalog } from '../helpers/catalog.ts';
import { createUser } from '../helpers/factories.ts';
import { subsonicClientFrom } from '../helpers/subsonic-client.ts';
import { conformance, subsonicXml } from '../helpers/subsonic-conformance.ts';

/**
 * Subsonic's first search, `/rest/search` (issue 38): songs by any field, narrowed by artist,
 * album and title, newer than a moment, paged, with `totalHits` counting every match the
 * listener may see. Each JSON answer validates against the OpenSubsonic description (its
 * songs as `Child`, which the description's `SearchResult` leaves open) and its XML form
 * carries the same data.
 */
let test: TestApp;
let rest: ReturnType<typeof conformance>;
const keys = { listener: '', owner: '' };
let as: keyof typeof keys = 'listener';

/** Made-up words, so nothing else in the catalog matches them. */
const VESPERS = 25;
const OLD = '2020-01-01T00:00:00.000Z';

beforeAll(async () => {
  test = await createTestApp();
  const listener = await createUser(test.app, { name: 'Listener' });
  const owner = await createUser(test.app, { name: 'Owner' });
  keys.listener = (await test.app.services.accessTokens.create(listener.id, 't')).plainTextToken;
  keys.owner = (await test.app.services.accessTokens.create(owner.id, 't')).plainTextToken;
  rest = conformance(test.app, () => keys[as]);

  const zephyra = await createArtist(test.app, { name: 'Zephyra Quell' });
  const orbis = await createArtist(test.app, { name: 'Orbis Tamber' });
  // An album named with a word of the other artist's name: artist and album must not mix.
  const tides = await createAlbum(test.app, { name: 'Lantern Tides', artistIds: [zephyra.id] });
  const sessions = await createAlbum(test.app, { name: 'Quell Sessions', artistIds: [orbis.id] });
  const on = (albumId: number, artistId: number) => ({ albumId, artistIds: [artistId] });
  await createTrack(test.app, { name: 'Harbor Lights', ...on(tides.id, zephyra.id) });
  const tidal = await createTrack(test.app, { name: 'Tidal Glass', ...on(tides.id, zephyra.id) });
  await createTrack(test.app, { name: 'Harbor Song', ...on(sessions.id, orbis.id) });
  await createTrack(test.app, { name: 'Zephyra Waltz', ...on(sessions.id, orbis.id) });
  for (let n = 1; n <= VESPERS; n++) {
    await createTrack(test.app, { name: `Vesper ${n}`, artistIds: [orbis.id], popularity: n });
  }
  await createTrack(test.app, {
    name: 'Vesper Hidden',
    artistIds: [orbis.id],
    ownerId: owner.id,
    isPublic: false,
  });
  await test.app.services.database.db
    .updateTable('tracks')
    .set({ created_at: OLD })
    .where('id', '=', tidal.id)
    .execute();
  await reindexCatalog(test.app);
});
afterAll(async () => {
  await test?.close();
});

interface Song {
  id: string;
  title: string;
  artist?: string;
  album?: string;
  created?: string;
}
interface SearchResult {
  offset: number;
  totalHits: number;
  match: Song[];
}

/** One checked call (JSON against the description, XML against the JSON), as `who`. */
async function search(
  params: Record<string, string | number>,
  who: keyof typeof keys = 'listener',
): Promise<SearchResult> {
  as = who;
  try {
    const answer = await rest.checked('search', params);
    expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
    const result = answer.searchResult as SearchResult;
    for (const song of result.match) {
      expect(rest.validator.problemsAs('Child', song), song.title).toEqual([]);
    }
    return result;
  } finally {
    as = 'listener';
  }
}
const titles = (result: SearchResult) => result.match.map((song) => song.title).sort();

describe('search (v1)', () => {
  it('finds songs by title, artist or album with `any`, counting them all', async () => {
    const harbor = await search({ any: 'harbor' });
    expect(titles(harbor)).toEqual(['Harbor Lights', 'Harbor Song']);
    expect(harbor).toMatchObject({ offset: 0, totalHits: 2 });
    // "quell" is Zephyra Quell's name and the Quell Sessions album's.
    const quell = await search({ any: 'QUELL' });
    expect(titles(quell)).toEqual(['Harbor Lights', 'Harbor Song', 'Tidal Glass', 'Zephyra Waltz']);
    expect(quell.totalHits).toBe(4);
  });

  it('narrows by the artist, the album or the title alone', async () => {
    const byArtist = await search({ artist: 'quell' });
    expect(titles(byArtist)).toEqual(['Harbor Lights', 'Tidal Glass']);
    expect(byArtist.match.every((song) => song.artist === 'Zephyra Quell')).toBe(true);
    const byAlbum = await search({ album: 'quell' });
    expect(titles(byAlbum)).toEqual(['Harbor Song', 'Zephyra Waltz']);
    expect(byAlbum.match.every((song) => song.album === 'Quell Sessions')).toBe(true);
    const byTitle = await search({ title: 'zephyra' });
    expect(titles(byTitle)).toEqual(['Zephyra Waltz']);
    expect(byTitle.totalHits).toBe(1);
  });

  it('combines the fields given', async () => {
    expect(titles(await search({ artist: 'zephyra', title: 'harbor' }))).toEqual(['Harbor Lights']);
    expect(
      titles(await search({ artist: 'orbis tamber', album: 'sessions', title: 'harbor' })),
    ).toEqual(['Harbor Song']);
    expect(await search({ artist: 'orbis', album: 'lantern' })).toMatchObject({
      totalHits: 0,
      match: [],
    });
    expect(titles(await search({ any: 'harbor', album: 'lantern' }))).toEqual(['Harbor Lights']);
  });

  it('reads `any=true` (the description types it as a flag) as "these words in any field"', async () => {
    expect(titles(await search({ artist: 'quell', any: 'true' }))).toEqual(
      titles(await search({ any: 'quell' })),
    );
    expect(titles(await search({ artist: 'quell', any: 'false' }))).toEqual([
      'Harbor Lights',
      'Tidal Glass',
    ]);
  });

  it('keeps the songs added after `newerThan`', async () => {
    expect(titles(await search({ artist: 'zephyra' }))).toEqual(['Harbor Lights', 'Tidal Glass']);
    const newer = await search({ artist: 'zephyra', newerThan: Date.parse('2023-01-01') });
    expect(titles(newer)).toEqual(['Harbor Lights']);
    expect(newer.totalHits).toBe(1);
    const older = await search({ artist: 'zephyra', newerThan: Date.parse(OLD) - 1 });
    expect(older.totalHits).toBe(2);
    const tidal = older.match.find((song) => song.title === 'Tidal Glass')!;
    expect(new Date(tidal.created!).toISOString()).toBe(OLD);
  });

  it('pages by count and offset while totalHits counts every match', async () => {
    const first = await search({ any: 'vesper' });
    expect(first.match).toHaveLength(20);
    expect(first).toMatchObject({ offset: 0, totalHits: VESPERS });
    const last = await search({ any: 'vesper', count: 10, offset: 20 });
    expect(last.match).toHaveLength(VESPERS - 20);
    expect(last).toMatchObject({ offset: 20, totalHits: VESPERS });
    const pages = [];
    for (let offset = 0; offset < VESPERS; offset += 10) {
      pages.push(...(await search({ any: 'vesper', count: 10, offset })).match);
    }
    expect(new Set(pages.map((song) => song.id)).size).toBe(VESPERS);
    // The most popular first (Vesper 25 is the most played here).
    expect(first.match[0]!.title).toBe('Vesper 25');
    expect(await search({ any: 'vesper', count: 0 })).toMatchObject({
      totalHits: VESPERS,
      match: [],
    });
    expect(await search({ any: 'vesper', offset: 500 })).toMatchObject({
      offset: 500,
      totalHits: VESPERS,
      match: [],
    });
  });

  it("neither finds nor counts another user's private song; its owner does", async () => {
    expect(await search({ title: 'hidden' })).toMatchObject({ totalHits: 0, match: [] });
    const listener = await search({ any: 'vesper', count: 100 });
    expect(listener.totalHits).toBe(VESPERS);
    expect(titles(listener)).not.toContain('Vesper Hidden');
    const owner = await search({ any: 'vesper', count: 100 }, 'owner');
    expect(owner.totalHits).toBe(VESPERS + 1);
    expect(titles(owner)).toContain('Vesper Hidden');
  });

  it('answers the same in XML: offset and totalHits as attributes, songs as match elements', async () => {
    as = 'listener';
    const body = (await rest.call('search', { any: 'harbor' }, 'xml')).body;
    const xml = subsonicXml.parse(body) as {
      'subsonic-response': {
        status: string;
        searchResult: { offset: string; totalHits: string; match: { title: string }[] };
      };
    };
    expect(xml['subsonic-response'].status).toBe('ok');
    const result = xml['subsonic-response'].searchResult;
    expect(result).toMatchObject({ offset: '0', totalHits: '2' });
    expect(result.match.map((song) => song.title).sort()).toEqual(['Harbor Lights', 'Harbor Song']);
  });

  it('answers a client that reads it (subsonic-api, which has no search method of its own)', async () => {
    const api = subsonicClientFrom(test.app, '127.0.0.1', { apiKey: keys.listener });
    const answer = await api.customJSON<{ status: string; searchResult: SearchResult }>('search', {
      title: 'harbor',
      artist: 'orbis',
    });
    expect(answer.status).toBe('ok');
    expect(answer.searchResult.totalHits).toBe(1);
    expect(answer.searchResult.match[0]).toMatchObject({
      title: 'Harbor Song',
      album: 'Quell Sessions',
    });
  });

  it('finds nothing for words that hold no letters or digits', async () => {
    expect(await search({ any: '!!! ---' })).toMatchObject({ totalHits: 0, match: [] });
  });

  it('answers bad parameters with the Subsonic errors other calls give', async () => {
    const errorOf = async (params: Record<string, string>) => {
      const answer = (await rest.call('search', params)).json() as {
        'subsonic-response': { status: string; error?: { code: number; message: string } };
      };
      expect(answer['subsonic-response'].status).toBe('failed');
      expect(rest.validator.problems('search', answer)).toEqual([]);
      return answer['subsonic-response'].error;
    };
    expect(await errorOf({})).toEqual({
      code: SUBSONIC_ERRORS.missingParameter,
      message: 'Required parameter is missing: any',
    });
    expect(await errorOf({ any: '  ' })).toMatchObject({ code: SUBSONIC_ERRORS.missingParameter });
    expect(await errorOf({ any: 'harbor', count: 'ten' })).toEqual({
      code: SUBSONIC_ERRORS.generic,
      message: 'Parameter count must be a whole number',
    });
    expect(await errorOf({ any: 'harbor', offset: '1.5' })).toMatchObject({
      code: SUBSONIC_ERRORS.generic,
    });
    expect(await errorOf({ any: 'harbor', newerThan: 'yesterday' })).toEqual({
      code: SUBSONIC_ERRORS.generic,
      message: 'Parameter newerThan must be a whole number',
    });
    // A moment beyond what a date holds is the latest one, not a failure.
    expect(await search({ any: 'harbor', newerThan: '1e300' })).toMatchObject({ totalHits: 0 });
  });
});
