import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEntry } from '@backbeat/common';
import { guestBrowser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createArtist } from '../helpers/catalog.ts';
import { jobsIdle, signIn, type HttpSession } from '../helpers/built-server.ts';
import type { Browser } from '../helpers/client.ts';
import { runTusUpload } from '../helpers/tus.ts';
import { sampleMp3, signedInUploader } from '../helpers/uploads.ts';

/**
 * Issue 35 item 8: a client's declared type was kept when the bytes were not recognised, so
 * HTML uploaded as `notes.txt` with `clientMime: audio/mpeg` was an "audio" entry, became a
 * published track and streamed HTML. Audio is now what the bytes say and the pipeline
 * decodes; every way of making a track of an entry refuses anything else with a 422.
 * Uploaded to the built server (issue 37.3), whose own job queue runs the media job.
 */
let t: TestApp;
let base: string;
let adminSession: HttpSession;
beforeAll(async () => {
  t = await createTestApp({ builtServer: true });
  base = t.url!;
  adminSession = await signIn(base, t.admin);
});
afterAll(async () => {
  await t?.close();
});

const NOT_AUDIO = 'The file is not audio.';
const html = Buffer.from(
  `<!doctype html><html><body><script>fetch('/api/v1/users/me')</script>${'<p>x</p>'.repeat(200)}</body></html>`,
);
/** An MPEG frame header in front of the page: byte sniffers call it MP3, nothing decodes it. */
const htmlBehindFrameHeader = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), html]);

/** An uploader who is a member of a fresh artist, so only the file can be refused. */
async function artistAccount() {
  const account = await signedInUploader(t.app, { url: base });
  const artist = await createArtist(t.app);
  await t.database.db
    .insertInto('artist_members')
    .values({ artist_id: artist.id, user_id: account.id, created_at: new Date().toISOString() })
    .execute();
  return { ...account, artist };
}

async function uploadNotes(browser: Browser, bytes: Buffer = html, name = 'notes.txt') {
  const form = new FormData();
  form.append('clientMime', 'audio/mpeg');
  form.append('file', new Blob([bytes]), name);
  const response = await browser.upload('/api/v1/file-entries', form);
  expect(response.statusCode).toBe(201);
  return response.json<{ fileEntry: FileEntry }>().fileEntry;
}

const tracksWithFile = (entryId: number) =>
  t.database.db.selectFrom('tracks').select('id').where('file_entry_id', '=', entryId).execute();

async function expectNoDraft(browser: Browser, entryId: number) {
  const drafts = await browser.post('/api/v1/backstage/drafts', { file_entry_ids: [entryId] });
  expect(drafts.statusCode).toBe(422);
  expect(drafts.json().errors).toEqual({ 'file_entry_ids.0': [NOT_AUDIO] });
  expect(await tracksWithFile(entryId)).toHaveLength(0);
}

describe('a declared audio type on bytes that are not audio', () => {
  it('is not kept on a plain multipart upload, and backstage makes no draft of it', async () => {
    const owner = await artistAccount();
    const entry = await uploadNotes(owner.browser);
    expect(entry.mime ?? '').not.toMatch(/^audio\//);
    expect(entry.media).toBeUndefined();
    await expectNoDraft(owner.browser, entry.id);
  });

  it('is not kept on a tus upload, and backstage makes no draft of it', async () => {
    const owner = await artistAccount();
    const run = await runTusUpload(base, owner.browser, html, {
      metadata: { name: 'notes.txt', clientName: 'notes.txt', clientMime: 'audio/mpeg' },
    });
    const response = await owner.browser.post('/api/v1/tus/entries', { uploadKey: run.id });
    expect(response.statusCode).toBe(201);
    const entry = response.json<{ fileEntry: FileEntry }>().fileEntry;
    expect(entry.mime ?? '').not.toMatch(/^audio\//);
    await expectNoDraft(owner.browser, entry.id);
  });

  it("is refused as a track's audio when a track is made or edited by hand", async () => {
    const owner = await artistAccount();
    const entry = await uploadNotes(owner.browser);
    const created = await owner.browser.post('/api/v1/backstage/tracks', {
      name: 'Page',
      artist_ids: [owner.artist.id],
      file_entry_id: entry.id,
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ file_entry_id: [NOT_AUDIO] });

    const draft = await owner.browser.post('/api/v1/backstage/tracks', {
      name: 'Page',
      artist_ids: [owner.artist.id],
    });
    const id = draft.json<{ track: { id: number } }>().track.id;
    const edited = await owner.browser.put(`/api/v1/backstage/tracks/${id}`, {
      file_entry_id: entry.id,
    });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().errors).toEqual({ file_entry_id: [NOT_AUDIO] });
    const published = await owner.browser.post(`/api/v1/backstage/tracks/${id}/publish`);
    expect(published.statusCode).toBe(422);
    expect(await tracksWithFile(entry.id)).toHaveLength(0);
  });

  it("is not drafted from the admin's upload screen (any file type, drafts as backstage)", async () => {
    const admin = await guestBrowser(t.app, { url: base });
    await admin.login(t.admin.email, t.admin.password);
    const entry = await uploadNotes(admin);
    expect(entry.mime ?? '').not.toMatch(/^audio\//);
    await expectNoDraft(admin, entry.id);
  });

  it('is refused when the entry was stored with the declared type (before this fix)', async () => {
    const owner = await artistAccount();
    const key = t.app.services.fileEntries.newKey();
    await t.app.services.storage.write(key, html);
    const now = new Date().toISOString();
    const row = await t.database.db
      .insertInto('file_entries')
      .values({
        name: 'notes.txt',
        path: key,
        disk: 'local',
        file_size: html.length,
        mime: 'audio/mpeg',
        extension: 'txt',
        user_id: owner.id,
        parent_id: null,
        media_status: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expectNoDraft(owner.browser, row.id);
    const created = await owner.browser.post('/api/v1/backstage/tracks', {
      name: 'Page',
      artist_ids: [owner.artist.id],
      file_entry_id: row.id,
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ file_entry_id: [NOT_AUDIO] });
  });
});

describe('the media job', () => {
  it('marks bytes that sniff as MP3 but do not decode failed, and backstage drafts nothing', async () => {
    const owner = await artistAccount();
    const entry = await uploadNotes(owner.browser, htmlBehindFrameHeader, 'page.mp3');
    expect(entry.media?.status).toBe('pending');
    await jobsIdle(adminSession);
    const details = await owner.browser.get(`/api/v1/file-entries/${entry.id}/details`);
    expect(details.json<{ fileEntry: FileEntry }>().fileEntry.media).toMatchObject({
      status: 'failed',
      duration_ms: null,
    });
    await expectNoDraft(owner.browser, entry.id);
  });

  it('leaves a track made while its file was processing unpublishable once it fails', async () => {
    const owner = await artistAccount();
    // Stored and queued as an upload that sniffs as MP3 is, the job not yet run.
    const key = t.app.services.fileEntries.newKey();
    await t.app.services.storage.write(key, htmlBehindFrameHeader);
    const now = new Date().toISOString();
    const file = await t.database.db
      .insertInto('file_entries')
      .values({
        name: 'page.mp3',
        path: key,
        disk: 'local',
        file_size: htmlBehindFrameHeader.length,
        mime: 'audio/mpeg',
        extension: 'mp3',
        user_id: owner.id,
        parent_id: null,
        media_status: 'pending',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await owner.browser.post('/api/v1/backstage/tracks', {
      name: 'Page',
      artist_ids: [owner.artist.id],
      file_entry_id: file.id,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ track: { id: number } }>().track.id;

    // The media job, run here on the database and storage the built server shares.
    expect((await t.app.services.media.process(file.id))?.status).toBe('failed');
    const published = await owner.browser.post(`/api/v1/backstage/tracks/${id}/publish`);
    expect(published.statusCode).toBe(422);
    expect(published.json().errors).toEqual({ file_entry_id: [NOT_AUDIO] });
    const row = await t.database.db
      .selectFrom('tracks')
      .select(['status', 'is_public'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('draft');

    // Nor is it published with an album.
    const album = await owner.browser.post('/api/v1/backstage/albums', {
      name: 'Pages',
      artist_ids: [owner.artist.id],
    });
    expect(album.statusCode).toBe(201);
    const albumId = album.json<{ album: { id: number } }>().album.id;
    const moved = await owner.browser.put(`/api/v1/backstage/tracks/${id}`, { album_id: albumId });
    expect(moved.statusCode).toBe(200);
    const albumPublished = await owner.browser.post(`/api/v1/backstage/albums/${albumId}/publish`);
    expect(albumPublished.statusCode).toBe(422);
    const after = await t.database.db
      .selectFrom('tracks')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('draft');
  });

  it('still drafts real audio', async () => {
    const owner = await artistAccount();
    const entry = await uploadNotes(owner.browser, await sampleMp3(), 'song.mp3');
    await jobsIdle(adminSession);
    const drafts = await owner.browser.post('/api/v1/backstage/drafts', {
      file_entry_ids: [entry.id],
    });
    expect(drafts.statusCode).toBe(201);
  });
});
