import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { SEO_SETTING_DEFAULTS } from '@backbeat/common';
import type { DatabaseHandle } from '../src/db/database.ts';
import * as foundation from '../src/db/migrations/0001_foundation.ts';
import { migrateToLatest, migrateUpTo } from '../src/db/migrations/index.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

const TABLES = [
  'users',
  'roles',
  'permissions',
  'permission_grants',
  'user_roles',
  'settings',
  'sessions',
  'themes',
  'localizations',
];

let cleanup: (() => Promise<void>) | undefined;

afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function emptyDatabase(): Promise<{ handle: DatabaseHandle; testDatabase: TestDatabase }> {
  const directory = await mkdtemp(join(tmpdir(), 'backbeat-migrate-'));
  const testDatabase = await createTestDatabase(directory);
  const handle = testDatabase.open();
  cleanup = async () => {
    await handle.destroy();
    await testDatabase.drop();
    await rm(directory, { recursive: true, force: true });
  };
  return { handle, testDatabase };
}

describe(`migrations (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('migrate an empty database, and a second run is a no-op', async () => {
    const { handle, testDatabase } = await emptyDatabase();
    expect(handle.dialect).toBe(testDatabase.config.driver);

    const applied = await migrateToLatest(handle.db);
    expect(applied[0]).toBe('0001_foundation');
    expect(applied).toEqual([...applied].sort());
    expect(await migrateToLatest(handle.db)).toEqual([]);

    const tables = (await handle.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(TABLES));
  });

  it('a database one migration behind takes the missing one', async () => {
    const { handle } = await emptyDatabase();
    const earlier = await migrateUpTo(handle.db, '0023_seo_templates_without_owner');
    expect(earlier.at(-1)).toBe('0023_seo_templates_without_owner');
    const missing = await migrateToLatest(handle.db);
    // The next one first, then whatever later migrations the tree holds, in order.
    expect(missing[0]).toBe('0024_pricing_in_menus');
    expect(missing).toEqual([...missing].sort());
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it('a stored default SEO description that named a missing owner takes the new one', async () => {
    const { handle } = await emptyDatabase();
    await migrateUpTo(handle.db, '0022_search_index_per_kind');
    const oldPlaylist =
      'Listen to {{playlist_name}}, a playlist by {{owner_name}} on {{site_name}}.';
    const own = 'My own words about {{user_name}}';
    const now = new Date().toISOString();
    await handle.db
      .insertInto('settings')
      .values([
        { name: 'seo.playlist.description', value: JSON.stringify(oldPlaylist), updated_at: now },
        { name: 'seo.user.description', value: JSON.stringify(own), updated_at: now },
      ])
      .execute();
    await migrateToLatest(handle.db);
    const rows = await handle.db.selectFrom('settings').select(['name', 'value']).execute();
    const stored = Object.fromEntries(rows.map((row) => [row.name, JSON.parse(row.value)]));
    expect(stored['seo.playlist.description']).toBe(
      SEO_SETTING_DEFAULTS['seo.playlist.description'],
    );
    // What an admin wrote is theirs.
    expect(stored['seo.user.description']).toBe(own);
  });

  it('stored menus gain the Plans item in the sidebar and footer, once', async () => {
    const { handle } = await emptyDatabase();
    await migrateUpTo(handle.db, '0023_seo_templates_without_owner');
    const menus = [
      {
        id: 'primary',
        name: 'Primary',
        positions: ['sidebar-primary'],
        items: [{ id: 'home', action: '/' }],
      },
      { id: 'footer', name: 'Footer', positions: ['footer'], items: [] },
      { id: 'mine', name: 'Mine', positions: ['mobile-bottom'], items: [] },
    ];
    const now = new Date().toISOString();
    await handle.db
      .insertInto('settings')
      .values({ name: 'menus', value: JSON.stringify(menus), updated_at: now })
      .execute();
    await migrateToLatest(handle.db);
    const row = await handle.db
      .selectFrom('settings')
      .select('value')
      .where('name', '=', 'menus')
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(row.value) as {
      id: string;
      items: { id: string; action: string }[];
    }[];
    const actions = Object.fromEntries(
      stored.map((menu) => [menu.id, menu.items.map((i) => i.action)]),
    );
    // (0032 then adds the radio stations link after Home, see its case below.)
    expect(actions).toEqual({
      primary: ['/', '/radio-stations', '/pricing'],
      footer: ['/pricing'],
      mine: [],
    });
  });

  it('library files whose tracks lack the 0030 fields are marked to be read again, the others not; stored menus gain the radio link once', async () => {
    const { handle } = await emptyDatabase();
    await migrateUpTo(handle.db, '0031_library_analysis');
    const now = new Date().toISOString();
    const db = handle.db;
    // Menus an admin saved: the sidebar without the radio link, the tab bar with it already.
    const ownRadioTab = {
      id: 'my-radio',
      type: 'route',
      label: 'Tune in',
      action: '/radio-stations',
    };
    const savedMenus = [
      {
        id: 'primary',
        name: 'Primary',
        positions: ['sidebar-primary'],
        items: [
          { id: 'home', type: 'route', label: 'Home', action: '/' },
          { id: 'search', type: 'route', label: 'Find', action: '/search' },
          { id: 'pricing', type: 'route', label: 'Plans', action: '/pricing' },
        ],
      },
      {
        id: 'mobile',
        name: 'Mobile bottom',
        positions: ['mobile-bottom'],
        items: [{ id: 'm-home', type: 'route', label: 'Home', action: '/' }, ownRadioTab],
      },
      { id: 'footer', name: 'Footer', positions: ['footer'], items: [] },
    ];
    await db
      .insertInto('settings')
      .values({ name: 'menus', value: JSON.stringify(savedMenus), updated_at: now })
      .execute();
    const folder = await db
      .insertInto('library_folders')
      .values({ path: '/music', name: 'Music', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const track = (name: string, fileSize: number | null) =>
      db
        .insertInto('tracks')
        .values({
          name,
          duration: 1000,
          is_public: 0,
          waveform: '[]',
          plays: 0,
          popularity: 0,
          status: 'published',
          file_size: fileSize,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const before = await track('Read before 0030', null);
    const since = await track('Read since 0030', 4096);
    for (const [path, trackId] of [
      ['old.flac', before.id],
      ['new.flac', since.id],
      ['failed.flac', null],
    ] as const) {
      await db
        .insertInto('library_files')
        .values({
          folder_id: folder.id,
          relative_path: path,
          size: 4096,
          mtime_ms: 1,
          track_id: trackId,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await migrateToLatest(db);
    const rows = await db
      .selectFrom('library_files')
      .select(['relative_path', 'tags_version', 'lyrics_stamp'])
      .orderBy('relative_path')
      .execute();
    expect(
      rows.map((row) => [row.relative_path, Number(row.tags_version), row.lyrics_stamp]),
    ).toEqual([
      ['failed.flac', 0, null],
      ['new.flac', 1, null],
      ['old.flac', 0, null],
    ]);

    const menus = JSON.parse(
      (
        await db
          .selectFrom('settings')
          .select('value')
          .where('name', '=', 'menus')
          .executeTakeFirstOrThrow()
      ).value,
    ) as typeof savedMenus;
    // The sidebar takes it where the default menus have it (after Search); the rest as saved.
    expect(menus[0]!.items).toEqual([
      savedMenus[0]!.items[0],
      savedMenus[0]!.items[1],
      {
        id: 'radio-stations',
        type: 'route',
        label: 'Radio stations',
        icon: 'radio',
        action: '/radio-stations',
      },
      savedMenus[0]!.items[2],
    ]);
    expect(menus.slice(1)).toEqual(savedMenus.slice(1));
  });

  it('albums of an older database take their first artist name and like count (0035)', async () => {
    const { handle } = await emptyDatabase();
    await migrateUpTo(handle.db, '0034_keyset_indexes');
    const db = handle.db;
    const now = new Date().toISOString();
    const artist = (name: string) =>
      db
        .insertInto('artists')
        .values({
          ...{ name, image: null, description: null, verified: 0, links: '[]', plays: 0 },
          ...{ popularity: 0, created_at: now, updated_at: now },
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const album = (name: string) =>
      db
        .insertInto('albums')
        .values({
          ...{ name, release_date: null, image: null, type: 'album', description: null },
          ...{ owner_id: null, is_public: 1, plays: 0, popularity: 0 },
          ...{ created_at: now, updated_at: now },
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const [zed, able] = [await artist('Zed'), await artist('Able')];
    const [both, alone] = [await album('Both'), await album('Alone')];
    await db
      .insertInto('album_artists')
      .values([
        { album_id: both.id, artist_id: zed.id, position: 0 },
        { album_id: both.id, artist_id: able.id, position: 1 },
      ])
      .execute();
    for (const email of ['a@backbeat.test', 'b@backbeat.test']) {
      const user = await db
        .insertInto('users')
        .values({ email, password: null, name: 'U', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('likes')
        .values({
          user_id: user.id,
          likeable_type: 'albums',
          likeable_id: both.id,
          created_at: now,
        })
        .execute();
    }

    expect(await migrateToLatest(handle.db)).toContain('0035_album_sort_keys');
    const rows = await db
      .selectFrom('albums')
      .select(['id', 'artist_sort', 'like_count'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => ({ ...row, like_count: Number(row.like_count) }))).toEqual([
      { id: both.id, artist_sort: 'able', like_count: 2 },
      { id: alone.id, artist_sort: '', like_count: 0 },
    ]);
  });

  it("link rows of an older database take their track's and album's list keys (0036)", async () => {
    const { handle } = await emptyDatabase();
    await migrateUpTo(handle.db, '0035_album_sort_keys');
    const db = handle.db;
    const now = new Date().toISOString();
    const stamps = { created_at: now, updated_at: now };
    const artist = await db
      .insertInto('artists')
      .values({
        ...{ name: 'Able', image: null, description: null, verified: 0, links: '[]' },
        ...{ plays: 0, popularity: 0, ...stamps },
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const album = await db
      .insertInto('albums')
      .values({
        ...{ name: 'Album', release_date: null, image: null, type: 'album', description: null },
        ...{ owner_id: null, is_public: 1, plays: 0, popularity: 7, ...stamps },
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const track = (popularity: number, isPublic: number) =>
      db
        .insertInto('tracks')
        .values({
          ...{ name: 'T', number: 1, duration: 1000, album_id: album.id, image: null },
          ...{ description: null, owner_id: null, is_public: isPublic, audio_path: null },
          ...{ audio_mime: null, waveform: '[]', plays: 0, popularity, ...stamps },
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const [loud, hidden] = [await track(40, 1), await track(3, 0)];
    const genre = await db
      .insertInto('genres')
      .values({ name: 'rock', display_name: 'Rock', image: null, popularity: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tag = await db
      .insertInto('tags')
      .values({ name: 'live', display_name: 'Live', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const { id } of [loud, hidden]) {
      await db
        .insertInto('track_artists')
        .values({ track_id: id, artist_id: artist.id, position: 0 })
        .execute();
      await db.insertInto('track_genres').values({ track_id: id, genre_id: genre.id }).execute();
      await db.insertInto('track_tags').values({ track_id: id, tag_id: tag.id }).execute();
    }
    await db
      .insertInto('album_genres')
      .values({ album_id: album.id, genre_id: genre.id })
      .execute();
    await db.insertInto('album_tags').values({ album_id: album.id, tag_id: tag.id }).execute();

    expect(await migrateToLatest(handle.db)).toContain('0036_link_list_keys');
    const copies = async (table: 'track_artists' | 'track_genres' | 'track_tags') =>
      (
        await db
          .selectFrom(table as 'track_tags')
          .select(['track_id', 'popularity', 'is_public'])
          .orderBy('track_id')
          .execute()
      ).map((row) => ({ ...row, is_public: Number(row.is_public) }));
    const expected = [
      { track_id: loud.id, popularity: 40, is_public: 1 },
      { track_id: hidden.id, popularity: 3, is_public: 0 },
    ];
    for (const table of ['track_artists', 'track_genres', 'track_tags'] as const) {
      expect(await copies(table)).toEqual(expected);
    }
    for (const table of ['album_genres', 'album_tags'] as const) {
      const [row] = await db
        .selectFrom(table as 'album_tags')
        .select(['popularity', 'is_public'])
        .execute();
      expect({ ...row, is_public: Number(row!.is_public) }).toEqual({
        popularity: 7,
        is_public: 1,
      });
    }
    // From now on the triggers keep them: a change of the track reaches its link rows.
    await db
      .updateTable('tracks')
      .set({ popularity: 41, is_public: 0 })
      .where('id', '=', loud.id)
      .execute();
    expect((await copies('track_tags'))[0]).toEqual({
      track_id: loud.id,
      popularity: 41,
      is_public: 0,
    });
  });

  it("a database Kysely's Migrator migrated (releases before issue 35) takes the rest", async () => {
    const { handle } = await emptyDatabase();
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: () => Promise.resolve({ '0001_foundation': foundation }) },
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const applied = await migrateToLatest(handle.db);
    expect(applied[0]).toBe('0002_accounts');
    expect(applied).not.toContain('0001_foundation');
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it('create tables that read back what was written', async () => {
    const { handle } = await emptyDatabase();
    await migrateToLatest(handle.db);
    const now = new Date().toISOString();
    const { id } = await handle.db
      .insertInto('users')
      .values({
        email: 'a@backbeat.test',
        password: null,
        name: 'A',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await handle.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'a@backbeat.test', created_at: now, banned_at: null });
  });
});
