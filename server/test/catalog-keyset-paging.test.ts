import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCatalogBrowseRepository,
  type CatalogBrowseRepository,
} from '../src/modules/catalog/browse-repository.ts';
import type { AlbumListQuery } from '../src/modules/catalog/list-orders.ts';
import { createCatalogBrowse } from '../src/modules/catalog/browse-service.ts';
import type { Viewer } from '../src/modules/catalog/service.ts';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createUser } from './helpers/factories.ts';
import { plansOf, queryRecorder, sortsRows } from './helpers/query-plans.ts';

/*
 * Issue 42: a library client syncs the whole library by paging search3 with an empty query
 * (songOffset, albumOffset, artistOffset up to the end). It sends offsets, never cursors, so
 * the browse service remembers where each page ended (catalog/page-cursors.ts) and reads the
 * next page after that row's sort key, at the same cost however deep. Here: the pages of
 * such a sync are the plain OFFSET order's, each page after the first is read by key off an
 * index (no OFFSET, no sort), and writes between pages skip or repeat nothing.
 */

const ARTISTS = 45;
const ALBUMS = 90;
const TRACKS = 260;
let t: TestApp;
let ownerId: number;
const created = new Date(Date.UTC(2024, 0, 1)).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  const writes = t.app.services.catalogWrites;
  ownerId = (await createUser(t.app)).id;
  const artistIds: number[] = [];
  for (let i = 0; i < ARTISTS; i++) {
    // Names that repeat and differ in case: the id breaks the ties.
    artistIds.push(
      await writes.insertArtist({
        name: `${i % 2 ? 'a' : 'A'}rtist ${String((i * 17) % 20).padStart(2, '0')}`,
        image: null,
        description: null,
        verified: 0,
        links: '[]',
        plays: 0,
        popularity: 0,
        created_at: created,
        updated_at: created,
      }),
    );
  }
  const albumIds: number[] = [];
  for (let i = 0; i < ALBUMS; i++) {
    const isPublic = i % 7 !== 3;
    const id = await writes.insertAlbum({
      name: `${i % 2 ? 'a' : 'A'}lbum ${String((i * 37) % 40).padStart(3, '0')}`,
      release_date: `${1990 + ((i * 7) % 20)}-01-01`,
      image: null,
      type: 'album',
      description: null,
      owner_id: isPublic ? null : ownerId,
      is_public: isPublic ? 1 : 0,
      plays: (i * 13) % 9,
      popularity: (i * 5) % 4,
      created_at: new Date(Date.UTC(2024, 0, 1 + ((i * 11) % 30))).toISOString(),
      updated_at: created,
    });
    albumIds.push(id);
  }
  // Some albums credit two artists (the alphabetically first one sorts), a few none ('').
  await writes.insertMany(
    'album_artists',
    albumIds.flatMap((album_id, i) =>
      i % 11 === 5
        ? []
        : [
            { album_id, artist_id: artistIds[i % ARTISTS]!, position: 0 },
            ...(i % 3
              ? []
              : [{ album_id, artist_id: artistIds[(i * 7 + 3) % ARTISTS]!, position: 1 }]),
          ],
    ),
  );
  // Likes through the library, as listeners make them: 0 to 3 an album, ties broken by
  // popularity, then id. The owner also likes private albums of theirs.
  const likers = [ownerId];
  for (let k = 0; k < 2; k++) likers.push((await createUser(t.app)).id);
  for (const [i, id] of albumIds.entries()) {
    for (const [k, userId] of likers.entries()) {
      if ((i + k * 3) % (k + 2) === 0 && (i % 7 !== 3 || userId === ownerId)) {
        await t.app.services.library.like(userId, 'albums', id);
      }
    }
  }
  for (let i = 0; i < TRACKS; i++) await addTrack(i % 9 !== 4, albumIds[i % ALBUMS]!);
  if (t.database.dialect === 'postgres') await sql`analyze`.execute(t.database.db);
});

afterAll(async () => {
  await t?.close();
});

async function addArtist(name: string) {
  return t.app.services.catalogWrites.insertArtist({
    name,
    image: null,
    description: null,
    verified: 0,
    links: '[]',
    plays: 0,
    popularity: 0,
    created_at: created,
    updated_at: created,
  });
}

async function addTrack(isPublic: boolean, albumId: number | null = null) {
  return t.app.services.catalogWrites.insertTrack({
    name: 'Track',
    number: 1,
    duration: 1000,
    album_id: albumId,
    image: null,
    description: null,
    owner_id: isPublic ? null : ownerId,
    is_public: isPublic ? 1 : 0,
    audio_path: null,
    audio_mime: null,
    waveform: '[]',
    plays: 0,
    popularity: 0,
    created_at: created,
    updated_at: created,
  });
}

/**
 * A browse service whose repository reports each page read (whether it started after a key)
 * and records its SQL, as the server's would run it.
 */
function observedBrowse() {
  const recorder = queryRecorder();
  const repository = createCatalogBrowseRepository(
    t.database.db.withPlugin(recorder.plugin),
    t.database.dialect,
  );
  const reads: { list: string; keyed: boolean }[] = [];
  const observed: CatalogBrowseRepository = {
    ...repository,
    trackIdsPage: (offset, size, viewerId, folder, afterId) => {
      reads.push({ list: 'tracks', keyed: afterId !== undefined });
      return repository.trackIdsPage(offset, size, viewerId, folder, afterId);
    },
    albumPage: (query, viewerId, folder, after) => {
      reads.push({ list: query.order, keyed: after !== undefined });
      return repository.albumPage(query, viewerId, folder, after);
    },
    artistPage: (offset, size, viewerId, folder, after) => {
      reads.push({ list: 'artists', keyed: after !== undefined });
      return repository.artistPage(offset, size, viewerId, folder, after);
    },
  };
  const browse = createCatalogBrowse({ repository: observed, catalog: t.app.services.catalog });
  return { browse, reads, recorder, repository };
}

type Browse = ReturnType<typeof observedBrowse>['browse'];
const viewerOf = (userId: number): Viewer => ({ userId: userId || null });

/** The lists of a sync, each read page by page through the offsets a client sends. */
const LISTS: Record<
  string,
  (browse: Browse, offset: number, size: number, viewer: number) => Promise<number[]>
> = {
  tracks: async (browse, offset, size, viewer) =>
    (await browse.tracksPage(offset, size, viewerOf(viewer))).map((track) => track.id),
  artists: async (browse, offset, size, viewer) =>
    (await browse.artistsPage(offset, size, viewerOf(viewer))).map((artist) => artist.id),
  ...Object.fromEntries(
    (
      [
        'alphabeticalByName',
        'newest',
        'frequent',
        'byYear',
        'alphabeticalByArtist',
        'highest',
      ] as const
    ).map((order) => [
      order,
      async (browse: Browse, offset: number, size: number, viewer: number) =>
        (await browse.albumList(albumQuery(order, offset, size), viewerOf(viewer))).map(
          (album) => album.id,
        ),
    ]),
  ),
};

const albumQuery = (order: AlbumListQuery['order'], offset: number, size: number) => ({
  order,
  offset,
  size,
  ...(order === 'byYear' ? { fromYear: 2005, toYear: 1993 } : {}),
});

/** Pages of `size` from offset 0 until a short one, as a syncing client asks them. */
async function sync(
  list: string,
  browse: Browse,
  size: number,
  viewer: number,
  between?: (page: number) => Promise<void>,
) {
  const pages: number[][] = [];
  for (let offset = 0; ; offset += size) {
    const page = await LISTS[list]!(browse, offset, size, viewer);
    pages.push(page);
    if (page.length < size) return pages;
    await between?.(pages.length);
  }
}

/** The whole list in one plain read (OFFSET 0), the order a sync must reproduce. */
async function plainOrder(list: string, viewer: number) {
  return LISTS[list]!(observedBrowse().browse, 0, 10_000, viewer);
}

describe('keyset paging of whole-library syncs', () => {
  it('lists every visible song, album and artist once, in the plain order', async () => {
    for (const list of Object.keys(LISTS)) {
      for (const viewer of [0, ownerId]) {
        const expected = await plainOrder(list, viewer);
        expect(expected.length, list).toBeGreaterThan(20);
        const { browse, reads } = observedBrowse();
        const pages = await sync(list, browse, 7, viewer);
        expect(pages.flat(), `${list} for ${viewer}`).toEqual(expected);
        // Every page after the first started after the previous page's last key.
        expect(reads.map((read) => read.keyed)).toEqual(pages.map((_, i) => i > 0));
      }
    }
  });

  it('answers a page it has no key for (another instance, random access) at its offset', async () => {
    for (const list of Object.keys(LISTS)) {
      const expected = await plainOrder(list, 0);
      const { browse, reads } = observedBrowse();
      for (const offset of [14, 3, 21, 8]) {
        expect(await LISTS[list]!(browse, offset, 7, 0)).toEqual(
          expected.slice(offset, offset + 7),
        );
      }
      // 21 follows the page at 14; the others had no page ending where they start.
      expect(reads.map((read) => read.keyed)).toEqual([false, false, true, false]);
    }
  });

  it('pages search3 with an empty query through the Subsonic API to the end of each list', async () => {
    const listener = await signedInUser(t.app, { name: 'Syncer' });
    const created = await listener.browser.post('/api/v1/account/app-passwords', {
      name: 'Sync',
    });
    const { password } = created.json() as { password: string };
    const expected = {
      song: await plainOrder('tracks', 0),
      album: await plainOrder('alphabeticalByName', 0),
      artist: await plainOrder('artists', 0),
    };
    const listed: Record<keyof typeof expected, number[]> = { song: [], album: [], artist: [] };
    const size = 7;
    for (let offset = 0; ; offset += size) {
      const query = new URLSearchParams({
        ...{ v: '1.16.1', c: 'test', f: 'json', u: listener.email, p: password, query: '' },
        ...{ songCount: `${size}`, albumCount: `${size}`, artistCount: `${size}` },
        ...{ songOffset: `${offset}`, albumOffset: `${offset}`, artistOffset: `${offset}` },
      });
      const response = await t.app.inject({ method: 'GET', url: `/rest/search3?${query}` });
      const result = (
        response.json() as {
          'subsonic-response': { searchResult3: Record<string, { id: string }[] | undefined> };
        }
      )['subsonic-response'].searchResult3;
      let full = false;
      for (const kind of ['song', 'album', 'artist'] as const) {
        const page = (result[kind] ?? []).map((item) => Number(/\d+$/.exec(item.id)![0]));
        listed[kind].push(...page);
        full ||= page.length === size;
      }
      if (!full) break;
    }
    expect(listed).toEqual(expected);
  });

  it('reads each later page off an index after the key: no OFFSET, no sort', async () => {
    const { browse, recorder, reads } = observedBrowse();
    for (const list of Object.keys(LISTS)) {
      for (const viewer of [0, ownerId]) {
        await LISTS[list]!(browse, 0, 20, viewer);
        await LISTS[list]!(browse, 20, 20, viewer);
      }
    }
    expect(reads.filter((read) => read.keyed)).toHaveLength(Object.keys(LISTS).length * 2);
    // The page reads are the queries that end in their LIMIT; the keyed ones have no OFFSET.
    const pageReads = recorder.seen.filter(({ node, queryId }) =>
      / limit (\?|\$\d+)( offset (\?|\$\d+))?$/.test(
        t.database.db.getExecutor().compileQuery(node, queryId).sql,
      ),
    );
    const sqlOf = (entry: (typeof pageReads)[number]) =>
      t.database.db.getExecutor().compileQuery(entry.node, entry.queryId).sql;
    const keyed = pageReads.filter((entry) => !/ offset /.test(sqlOf(entry)));
    expect(keyed).toHaveLength(reads.filter((read) => read.keyed).length);
    const plans = await plansOf(t.database, keyed);
    expect(plans.filter(sortsRows)).toEqual([]);
    if (t.database.dialect === 'sqlite') {
      // A range of a narrow index (SEARCH), not a walk of the table or of the whole index.
      expect(plans.filter((plan) => !/^SEARCH \w+ USING COVERING INDEX/.test(plan))).toEqual([]);
    }
  });

  it('skips and repeats nothing when songs are added and removed between pages', async () => {
    const before = await plainOrder('tracks', 0);
    const { browse } = observedBrowse();
    const removed: number[] = [];
    let added: number | undefined;
    const pages = await sync('tracks', browse, 10, 0, async (page) => {
      if (page !== 2) return;
      // A song already listed, the row the next page starts after, and one not listed yet.
      removed.push(before[3]!, before[19]!, before[40]!);
      await t.app.services.catalogWrites.deleteRows('tracks', removed);
      added = await addTrack(true);
    });
    const listed = pages.flat();
    expect(new Set(listed).size).toBe(listed.length);
    // Every song that stayed is listed once, in order, and the new one at the end.
    expect(listed).toEqual([...before.filter((id) => id !== before[40]), added]);
    // Plain OFFSET would have skipped the two songs that moved up into the served pages.
    expect(listed).toContain(before[20]);
    expect(listed).toContain(before[21]);
  });

  it('skips and repeats no album when albums are added and removed between pages', async () => {
    const before = await plainOrder('alphabeticalByName', 0);
    const { browse } = observedBrowse();
    const writes = t.app.services.catalogWrites;
    const inserted: number[] = [];
    const pages = await sync('alphabeticalByName', browse, 10, 0, async (page) => {
      if (page !== 3) return;
      await writes.deleteRows('albums', [before[5]!, before[29]!, before[50]!]);
      for (const name of ['0 first of all', 'zzz last of all']) {
        inserted.push(
          await writes.insertAlbum({
            name,
            release_date: null,
            image: null,
            type: 'album',
            description: null,
            owner_id: null,
            is_public: 1,
            plays: 0,
            popularity: 0,
            created_at: created,
            updated_at: created,
          }),
        );
      }
    });
    const listed = pages.flat();
    expect(new Set(listed).size).toBe(listed.length);
    // The album added before the place reached is not listed (OFFSET would list the 30th
    // album twice); the one after it is, once, at the end.
    expect(listed).toEqual([...before.filter((id) => id !== before[50]), inserted[1]]);
    await writes.deleteRows('albums', inserted);
  });
});

/** The orders whose keys the albums keep (migration 0035), kept by their writers. */
const KEPT = ['alphabeticalByArtist', 'highest'] as const;

/** The order written out from the source rows (album artists' names, likes). */
async function sourceOrder(order: (typeof KEPT)[number], viewer: number) {
  const visibleIds = await plainOrder('alphabeticalByName', viewer);
  const key =
    order === 'alphabeticalByArtist'
      ? sql`coalesce((select min(lower(artists.name)) from album_artists inner join artists on artists.id = album_artists.artist_id where album_artists.album_id = albums.id), ''), lower(albums.name), albums.id`
      : sql`(select count(*) from likes where likes.likeable_type = 'albums' and likes.likeable_id = albums.id) desc, albums.popularity desc, albums.id`;
  const { rows } = await sql<{
    id: number;
  }>`select albums.id from albums where albums.id in (${sql.join(
    visibleIds,
  )}) order by ${key}`.execute(t.database.db);
  return rows.map((row) => Number(row.id));
}

/** Visible albums that credit no artist. */
async function artistless(viewer: number) {
  const { rows } = await sql<{
    id: number;
  }>`select id from albums where not exists (select 1 from album_artists where album_artists.album_id = albums.id)`.execute(
    t.database.db,
  );
  const visibleIds = new Set(await plainOrder('alphabeticalByName', viewer));
  return rows.map((row) => Number(row.id)).filter((id) => visibleIds.has(id));
}

describe('album orders by first artist and by likes, kept on the albums', () => {
  it('sync to the end in the order of their source rows (artistless albums first)', async () => {
    for (const order of KEPT) {
      for (const viewer of [0, ownerId]) {
        const expected = await sourceOrder(order, viewer);
        const { browse, reads } = observedBrowse();
        const pages = await sync(order, browse, 7, viewer);
        expect(pages.flat(), `${order} for ${viewer}`).toEqual(expected);
        expect(reads.map((read) => read.keyed)).toEqual(pages.map((_, i) => i > 0));
      }
    }
    const none = await artistless(0);
    expect(none.length).toBeGreaterThan(1);
    expect((await plainOrder('alphabeticalByArtist', 0)).slice(0, none.length).sort()).toEqual(
      none.sort(),
    );
  });

  it('moves an album when it is liked, unliked, its liker deleted, its artists renamed or relinked', async () => {
    const writes = t.app.services.catalogWrites;
    const library = t.app.services.library;
    const placeOf = async (order: (typeof KEPT)[number], id: number) =>
      (await plainOrder(order, 0)).indexOf(id);
    const inSourceOrder = async () => {
      for (const order of KEPT) {
        expect(await plainOrder(order, 0), order).toEqual(await sourceOrder(order, 0));
      }
    };

    // The last album by likes has none; four listeners like it: it leads.
    const album = (await plainOrder('highest', 0)).at(-1)!;
    const fans: number[] = [];
    for (let k = 0; k < 4; k++) fans.push((await createUser(t.app)).id);
    for (const fan of fans) await library.like(fan, 'albums', album);
    expect(await placeOf('highest', album)).toBe(0);
    await inSourceOrder();
    await library.unlike(fans[0]!, 'albums', album);
    const withThree = await placeOf('highest', album);
    expect(withThree).toBeGreaterThan(0);
    await inSourceOrder();
    // A deleted account's likes go with it (foreign key): the album is recounted.
    await t.app.services.users.delete(fans[1]!);
    expect(await placeOf('highest', album)).toBeGreaterThan(withThree);
    await inSourceOrder();

    // Relinked to one artist named last: last. That artist renamed first: first of those
    // with an artist. Another artist, first by name, deleted: by the one left.
    const none = (await artistless(0)).length;
    const late = await addArtist('Zz late');
    await writes.setArtists('album_artists', album, [late]);
    expect((await plainOrder('alphabeticalByArtist', 0)).at(-1)).toBe(album);
    await inSourceOrder();
    await writes.updateArtist(late, { name: '00 early' });
    expect(await placeOf('alphabeticalByArtist', album)).toBe(none);
    await inSourceOrder();
    const first = await addArtist('000 first');
    await writes.updateArtist(late, { name: 'ZZ late' });
    await writes.setArtists('album_artists', album, [late, first]);
    expect(await placeOf('alphabeticalByArtist', album)).toBe(none);
    await writes.deleteRows('artists', [first]);
    expect((await plainOrder('alphabeticalByArtist', 0)).at(-1)).toBe(album);
    await inSourceOrder();
    // Without artists: among the artistless albums, first.
    await writes.setArtists('album_artists', album, []);
    expect(await placeOf('alphabeticalByArtist', album)).toBeLessThanOrEqual(none);
    await inSourceOrder();
  });
});
