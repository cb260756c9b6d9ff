import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import { MIGRATION_NAMES, migrateToLatest, migrateUpTo } from '../src/db/migrations/index.ts';
import { hashPassword } from '../src/lib/password.ts';
import { seed } from '../src/seed/index.ts';
import { openBrowser } from './helpers/client.ts';
import { createTestDatabase } from './helpers/database.ts';

/*
 * Upgrades (issue 39.4) from the oldest migrations still in the tree: a site whose database
 * 0001_foundation to 0005_library made (the first set holding accounts, settings, the catalog,
 * playlists, plays and likes; uploads came with 0010, so the release fixture of upgrade.test.ts
 * covers those), its rows written as that schema had them, is upgraded the way a start
 * upgrades it (every later migration, then the start-up seed) with nothing lost. On SQLite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */

const OLDEST_SET_END = '0005_library';
const LISTENER = { email: 'oldest@upgrade.test', password: 'oldest listener password' };
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** One row written with plain SQL (the columns of that time, not today's code); its id. */
async function insert(db: Db, table: string, row: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(row);
  const { rows } = await sql<{ id: number }>`insert into ${sql.table(table)} (${sql.join(
    columns.map((column) => sql.ref(column)),
  )}) values (${sql.join(Object.values(row))}) returning id`.execute(db);
  return Number(rows[0]!.id);
}

async function insertLink(db: Db, table: string, row: Record<string, unknown>) {
  await sql`insert into ${sql.table(table)} (${sql.join(
    Object.keys(row).map((column) => sql.ref(column)),
  )}) values (${sql.join(Object.values(row))})`.execute(db);
}

/** A listener's site as the oldest migrations left it; the ids it made. */
async function writeOldestSite(db: Db) {
  const at = '2026-01-15T10:00:00.000Z';
  const stamps = { created_at: at, updated_at: at };
  const userId = await insert(db, 'users', {
    email: LISTENER.email,
    password: await hashPassword(LISTENER.password),
    name: 'Oldest Listener',
    ...stamps,
  });
  // The listeners' role, as that version's first start made it, and its member.
  const roleId = await insert(db, 'roles', { name: 'users', is_default: 1, ...stamps });
  await insertLink(db, 'user_roles', { user_id: userId, role_id: roleId, created_at: at });
  for (const name of ['music.view', 'music.play', 'playlists.create']) {
    const permissionId = await insert(db, 'permissions', { name, group: name.split('.')[0] });
    await insertLink(db, 'permission_grants', {
      permission_id: permissionId,
      grantee_type: 'role',
      grantee_id: roleId,
    });
  }
  await insertLink(db, 'settings', {
    name: 'branding.site_name',
    value: JSON.stringify('Oldest Radio'),
    updated_at: at,
  });
  const artistId = await insert(db, 'artists', { name: 'First Artist', ...stamps });
  const albumId = await insert(db, 'albums', { name: 'First Album', ...stamps });
  await insertLink(db, 'album_artists', { album_id: albumId, artist_id: artistId, position: 0 });
  const trackIds: number[] = [];
  for (const [index, name] of ['Opening', 'Middle', 'Closing'].entries()) {
    const id = await insert(db, 'tracks', {
      name,
      number: index + 1,
      duration: 180_000,
      album_id: albumId,
      ...stamps,
    });
    await insertLink(db, 'track_artists', { track_id: id, artist_id: artistId, position: 0 });
    trackIds.push(id);
  }
  const playlistId = await insert(db, 'playlists', {
    name: 'Kept Since The Start',
    owner_id: userId,
    ...stamps,
  });
  // Positions counted from 0 then (0009 renumbers them from 1): Closing, then Opening.
  for (const [position, trackId] of [trackIds[2], trackIds[0]].entries()) {
    await insertLink(db, 'playlist_tracks', {
      playlist_id: playlistId,
      track_id: trackId,
      position,
      created_at: at,
    });
  }
  await insertLink(db, 'likes', {
    user_id: userId,
    likeable_type: 'tracks',
    likeable_id: trackIds[1],
    created_at: at,
  });
  for (const trackId of [trackIds[0], trackIds[1]]) {
    await insert(db, 'track_plays', { track_id: trackId, user_id: userId, played_at: at });
  }
  return { userId, playlistId, trackIds };
}

describe('upgrading a site made by the oldest migrations in the tree', () => {
  it('keeps its account, settings, catalog, playlist (in order), likes and plays', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'backbeat-oldest-'));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    const database = await createTestDatabase(directory);
    cleanups.push(() => database.drop());

    const oldest = database.open();
    await migrateUpTo(oldest.db, OLDEST_SET_END);
    const made = await writeOldestSite(oldest.db);
    await oldest.destroy();

    const handle = database.open();
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        APP_KEY: randomBytes(32).toString('base64url'),
        STORAGE_PATH: directory,
        WEB_DIST_PATH: join(directory, 'web-dist'),
        LOG_LEVEL: 'silent',
      },
      { database: database.config },
    );
    const applied = await migrateToLatest(handle.db);
    expect(applied).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(OLDEST_SET_END) + 1));
    const app = await buildApp({ config, database: handle, logger: false });
    cleanups.push(async () => {
      await app.close();
      await handle.destroy();
    });
    await seed(app.services, config);

    expect(await app.services.settings.get('branding.site_name')).toBe('Oldest Radio');
    const listener = await openBrowser(app);
    const boot = await listener.login(LISTENER.email, LISTENER.password);
    expect(boot.user?.id).toBe(made.userId);

    const playlist = await listener.get(`/api/v1/playlists/${made.playlistId}`);
    expect(playlist.statusCode).toBe(200);
    const entries = await handle.db
      .selectFrom('playlist_tracks')
      .select(['track_id', 'position'])
      .where('playlist_id', '=', made.playlistId)
      .orderBy('position')
      .execute();
    expect(entries).toEqual([
      { track_id: made.trackIds[2], position: 1 },
      { track_id: made.trackIds[0], position: 2 },
    ]);

    const liked = await listener.get('/api/v1/library/tracks');
    expect(liked.statusCode).toBe(200);
    expect(liked.body).toContain('"Middle"');
    const plays = await handle.db
      .selectFrom('track_plays')
      .select('track_id')
      .where('user_id', '=', made.userId)
      .orderBy('track_id')
      .execute();
    expect(plays.map((play) => play.track_id)).toEqual([made.trackIds[0], made.trackIds[1]]);
    const album = await listener.get(
      `/api/v1/albums/${await albumOf(handle.db, made.trackIds[0]!)}`,
    );
    expect(album.statusCode).toBe(200);
    expect(album.body).toContain('"First Album"');
  });
});

async function albumOf(db: Db, trackId: number) {
  const row = await db
    .selectFrom('tracks')
    .select('album_id')
    .where('id', '=', trackId)
    .executeTakeFirstOrThrow();
  return row.album_id;
}
