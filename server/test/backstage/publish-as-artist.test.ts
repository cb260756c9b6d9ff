import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackstageAlbumDetails, BackstageTrack, FileEntry } from '@backbeat/common';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createArtist } from '../helpers/catalog.ts';
import type { Browser } from '../helpers/client.ts';
import { taggedMp3 } from '../helpers/tagged-audio.ts';
import { signedInUploader } from '../helpers/uploads.ts';

/*
 * Issue 35 item 6: an artist account named someone else's artist on its release and the
 * other artist's followers were told of "their" new release. Every artist named on a track
 * or album must be one the editor may act for.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

/** An uploader who is a member of a fresh artist. */
async function artistAccount(name: string) {
  const account = await signedInUploader(t.app);
  const artist = await createArtist(t.app, { name });
  await db()
    .insertInto('artist_members')
    .values({ artist_id: artist.id, user_id: account.id, created_at: new Date().toISOString() })
    .execute();
  return { ...account, artist };
}

/** Someone else's artist, with a follower who would hear of its releases. */
async function followedArtist(name: string) {
  const artist = await createArtist(t.app, { name });
  const follower = await signedInUser(t.app);
  const followed = await follower.browser.put(`/api/v1/library/follows/artists/${artist.id}`);
  expect(followed.statusCode).toBeLessThan(300);
  return { artist, follower };
}

async function upload(browser: Browser): Promise<FileEntry> {
  const form = new FormData();
  form.append('clientMime', 'audio/mpeg');
  form.append('file', new Blob([await taggedMp3({ title: 'x', artist: 'y' })]), 'x.mp3');
  const response = await browser.upload('/api/v1/file-entries', form);
  expect(response.statusCode).toBe(201);
  return response.json<{ fileEntry: FileEntry }>().fileEntry;
}

const releaseNotes = async (userId: number) =>
  (await db().selectFrom('notifications').selectAll().where('user_id', '=', userId).execute())
    .length;

const refusal = (name: string) => ({
  errors: { artist_ids: [`You may not publish as ${name}.`] },
});

describe('publishing as another artist', () => {
  it('refuses a track naming an artist the caller does not manage, and its followers hear nothing', async () => {
    const attacker = await artistAccount('Own Act');
    const victim = await followedArtist('Famous Act');
    const before = await db().selectFrom('tracks').select('id').execute();

    const created = await attacker.browser.post('/api/v1/backstage/tracks', {
      name: 'Fake single',
      artist_ids: [attacker.artist.id, victim.artist.id],
    });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toMatchObject(refusal('Famous Act'));
    expect(await db().selectFrom('tracks').select('id').execute()).toHaveLength(before.length);

    // Made under the caller's own name, then turned into the other artist's on update.
    const own = await attacker.browser.post('/api/v1/backstage/tracks', {
      name: 'Own single',
      artist_ids: [attacker.artist.id],
      file_entry_id: (await upload(attacker.browser)).id,
    });
    expect(own.statusCode).toBe(201);
    const id = own.json<{ track: BackstageTrack }>().track.id;
    const updated = await attacker.browser.put(`/api/v1/backstage/tracks/${id}`, {
      artist_ids: [attacker.artist.id, victim.artist.id],
    });
    expect(updated.statusCode).toBe(422);
    expect(updated.json()).toMatchObject(refusal('Famous Act'));

    const published = await attacker.browser.post(`/api/v1/backstage/tracks/${id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json<{ track: BackstageTrack }>().track.artists.map((a) => a.id)).toEqual([
      attacker.artist.id,
    ]);
    expect(await releaseNotes(victim.follower.id)).toBe(0);
  });

  it('refuses an album naming an artist the caller does not manage, on create and on update', async () => {
    const attacker = await artistAccount('Album Own');
    const victim = await followedArtist('Album Star');

    const created = await attacker.browser.post('/api/v1/backstage/albums', {
      name: 'Fake album',
      artist_ids: [victim.artist.id, attacker.artist.id],
    });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toMatchObject(refusal('Album Star'));

    const own = await attacker.browser.post('/api/v1/backstage/albums', {
      name: 'Own album',
      artist_ids: [attacker.artist.id],
    });
    expect(own.statusCode).toBe(201);
    const id = own.json<{ album: BackstageAlbumDetails }>().album.id;
    const updated = await attacker.browser.put(`/api/v1/backstage/albums/${id}`, {
      artist_ids: [attacker.artist.id, victim.artist.id],
    });
    expect(updated.statusCode).toBe(422);
    expect(updated.json()).toMatchObject(refusal('Album Star'));
    const album = await attacker.browser.get(`/api/v1/backstage/albums/${id}`);
    expect(album.json<{ album: BackstageAlbumDetails }>().album.artists.map((a) => a.id)).toEqual([
      attacker.artist.id,
    ]);
    expect(await releaseNotes(victim.follower.id)).toBe(0);
  });

  it('lets a member of both artists, and a catalog editor, name them together', async () => {
    const member = await artistAccount('Duo One');
    const second = await createArtist(t.app, { name: 'Duo Two' });
    await db()
      .insertInto('artist_members')
      .values({ artist_id: second.id, user_id: member.id, created_at: new Date().toISOString() })
      .execute();
    const both = await member.browser.post('/api/v1/backstage/tracks', {
      name: 'Together',
      artist_ids: [member.artist.id, second.id],
    });
    expect(both.statusCode).toBe(201);

    await t.app.services.roles.createRole({
      name: 'catalog-editors-35',
      description: 'Catalog editors',
      permissions: ['music.create', 'music.update'],
    });
    const editor = await signedInUser(t.app, { roleNames: ['catalog-editors-35'] });
    const anyone = await editor.browser.post('/api/v1/backstage/tracks', {
      name: 'Compilation cut',
      artist_ids: [member.artist.id, second.id],
    });
    expect(anyone.statusCode).toBe(201);
  });

  it('keeps a co-artist an editor put on the release when its member saves other changes', async () => {
    const member = await artistAccount('Main Act');
    const guest = await createArtist(t.app, { name: 'Featured Act' });
    const own = await member.browser.post('/api/v1/backstage/tracks', {
      name: 'Feature',
      artist_ids: [member.artist.id],
    });
    const id = own.json<{ track: BackstageTrack }>().track.id;
    await db()
      .insertInto('track_artists')
      .values({ track_id: id, artist_id: guest.id, position: 1 })
      .execute();

    const saved = await member.browser.put(`/api/v1/backstage/tracks/${id}`, {
      name: 'Feature (radio edit)',
      artist_ids: [member.artist.id, guest.id],
    });
    expect(saved.statusCode).toBe(200);
  });
});
