import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackstageAlbumDetails, BackstageTrack, FileEntry } from '@backbeat/common';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { taggedMp3 } from '../helpers/audio.ts';
import { createArtist } from '../helpers/catalog.ts';
import { signedInUploader } from '../helpers/uploads.ts';

/*
 * Issue 36.1: the cover embedded in an uploaded file pre-filled the editor as
 * `api/v1/file-entries/N` (a private entry, no leading slash): saving answered 422 and,
 * once saved another way, listeners got 404 and guests 401 on it. It is now public artwork
 * at the same kind of address an editor's upload gets, accepted on save and seen by all.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('artwork embedded in an uploaded file', () => {
  it('pre-fills a path the editor saves as is, and the published album shows it to everyone', async () => {
    const owner = await signedInUploader(t.app);
    const artist = await createArtist(t.app, { name: 'The Testers' });
    await t.database.db
      .insertInto('artist_members')
      .values({ artist_id: artist.id, user_id: owner.id, created_at: new Date().toISOString() })
      .execute();
    const form = new FormData();
    form.append('file', new Blob([await taggedMp3(2)]), 'night-drive.mp3');
    const uploaded = await owner.browser.upload('/api/v1/file-entries', form);
    expect(uploaded.statusCode).toBe(201);
    const entry = uploaded.json<{ fileEntry: FileEntry }>().fileEntry;
    await t.app.services.jobs.idle();

    const drafts = await owner.browser.post('/api/v1/backstage/drafts', {
      file_entry_ids: [entry.id],
    });
    expect(drafts.statusCode, drafts.body).toBe(201);
    const [track] = drafts.json<{ tracks: BackstageTrack[] }>().tracks;
    const albumId = track!.album!.id;
    const editor = await owner.browser.get(`/api/v1/backstage/albums/${albumId}`);
    const image = editor.json<{ album: BackstageAlbumDetails }>().album.image;
    expect(image).toMatch(/^\/storage\/public\/artwork\/[\w-]+\.webp$/);
    expect(track!.image).toBe(image);

    // What the editor sends back on Save, and then Publish album.
    const saved = await owner.browser.put(`/api/v1/backstage/albums/${albumId}`, {
      name: 'Test Album',
      image,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const saveTrack = await owner.browser.put(`/api/v1/backstage/tracks/${track!.id}`, {
      image: track!.image,
    });
    expect(saveTrack.statusCode, saveTrack.body).toBe(200);
    const published = await owner.browser.post(`/api/v1/backstage/albums/${albumId}/publish`);
    expect(published.statusCode, published.body).toBe(200);

    const listener = await signedInUser(t.app);
    const guest = await guestBrowser(t.app);
    for (const browser of [listener.browser, guest]) {
      const album = await browser.get(`/api/v1/albums/${albumId}`);
      expect(album.statusCode).toBe(200);
      const shown = album.json<{ album: { image: string } }>().album.image;
      expect(shown).toBe(image);
      const cover = await browser.get(shown);
      expect(cover.statusCode).toBe(200);
      expect(cover.headers['content-type']).toBe('image/webp');
      expect(cover.headers['cache-control']).toBe('public, max-age=604800');
    }
  });
});
