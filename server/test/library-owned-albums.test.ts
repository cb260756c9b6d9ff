import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AlbumDetails, LibraryFolder } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createAlbum, createArtist, createTrack } from './helpers/catalog.ts';
import { openBrowser, type Browser } from './helpers/client.ts';
import { createUser } from './helpers/factories.ts';
import { libraryMp3, placeFile } from './helpers/library-audio.ts';

/*
 * Issue 36.1c: a library import (or folder scan) never changes a release an artist owns. An
 * admin's files tagged with an artist's own album name became tracks 4–6 of the artist's
 * uploaded album; library albums are now matched by owner (none) as well as by tags.
 */

let t: TestApp;
let admin: Browser;
let root: string;
const API = '/api/v1/admin/library-folders';

beforeAll(async () => {
  t = await createTestApp();
  admin = await openBrowser(t.app);
  await admin.login(t.admin.email, t.admin.password);
  root = await mkdtemp(join(tmpdir(), 'backbeat-owned-'));
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

async function albumTracks(id: number) {
  const response = await admin.get(`/api/v1/albums/${id}`);
  expect(response.statusCode).toBe(200);
  const album = (response.json() as { album: AlbumDetails }).album;
  return album.tracks.map((track) => ({ id: track.id, number: track.number }));
}

async function scan(id?: number): Promise<LibraryFolder> {
  const response = id
    ? await admin.post(`${API}/${id}/scan`)
    : await admin.post(API, { path: root });
  expect(response.statusCode, response.body).toBe(id ? 200 : 201);
  await t.app.services.jobs.idle();
  const folders = (await admin.get(API)).json() as { folders: LibraryFolder[] };
  const folderId = id ?? (response.json() as { folder: LibraryFolder }).folder.id;
  return folders.folders.find((folder) => folder.id === folderId)!;
}

async function libraryAlbumOf(folderId: number, relativePath: string) {
  const row = await t.database.db
    .selectFrom('library_files')
    .innerJoin('tracks', 'tracks.id', 'library_files.track_id')
    .select(['tracks.album_id', 'tracks.id'])
    .where('library_files.folder_id', '=', folderId)
    .where('library_files.relative_path', '=', relativePath)
    .executeTakeFirstOrThrow();
  return row;
}

describe('a library import beside an artist’s own album of the same name', () => {
  it('leaves the artist’s album as it was, on a scan and a rescan', async () => {
    const owner = await createUser(t.app);
    const artist = await createArtist(t.app, { name: 'Owned Band' });
    const album = await createAlbum(t.app, {
      name: 'Own Record',
      artistIds: [artist.id],
      ownerId: owner.id,
    });
    const own = [];
    for (const number of [1, 2, 3]) {
      own.push(
        await createTrack(t.app, {
          albumId: album.id,
          artistIds: [artist.id],
          number,
          ownerId: owner.id,
        }),
      );
    }
    const before = await albumTracks(album.id);
    expect(before).toEqual(own.map((track, index) => ({ id: track.id, number: index + 1 })));

    for (const number of [1, 2, 3]) {
      await placeFile(
        root,
        `Own Record/0${number}.mp3`,
        await libraryMp3(
          { title: `Library ${number}`, artist: 'Owned Band', album: 'Own Record', track: number },
          { seed: 700 + number },
        ),
      );
    }
    const folder = await scan();
    expect(folder.last_scan).toMatchObject({ added: 3, failed: 0 });
    expect(await albumTracks(album.id)).toEqual(before);
    const imported = await libraryAlbumOf(folder.id, 'Own Record/01.mp3');
    expect(imported.album_id).not.toBe(album.id);
    expect(await albumTracks(imported.album_id!)).toHaveLength(3);

    // A changed file is saved again one by one: it stays off the artist's album too.
    await placeFile(
      root,
      'Own Record/02.mp3',
      await libraryMp3(
        { title: 'Library 2 (Edit)', artist: 'Owned Band', album: 'Own Record', track: 2 },
        { seed: 710 },
      ),
    );
    const again = await scan(folder.id);
    expect(again.last_scan).toMatchObject({ updated: 1 });
    expect(await albumTracks(album.id)).toEqual(before);
    expect((await libraryAlbumOf(folder.id, 'Own Record/02.mp3')).album_id).toBe(imported.album_id);
    const [row] = await t.database.db
      .selectFrom('albums')
      .select(['owner_id', 'image'])
      .where('id', '=', album.id)
      .execute();
    expect(row).toEqual({ owner_id: owner.id, image: null });
  });
});
