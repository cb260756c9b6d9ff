import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEntry } from '@backbeat/common';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { sampleMp3, setUploadSettings, signedInUploader } from './helpers/uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function form(file: Blob, name: string, fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  data.append('file', file, name);
  return data;
}

const entriesOf = (userId: number) =>
  t.database.db.selectFrom('file_entries').selectAll().where('user_id', '=', userId).execute();

describe('plain multipart upload: POST api/v1/file-entries', () => {
  it('stores the file under a key of its own and answers the §3 file entry', async () => {
    const { browser, id } = await signedInUploader(t.app);
    const mp3 = await sampleMp3();
    const response = await browser.upload(
      '/api/v1/file-entries',
      form(new Blob([mp3]), '../../etc/My Song.mp3', {
        clientMime: 'audio/mpeg',
        clientExtension: 'mp3',
        metadata: JSON.stringify({ accept: ['audio/*'] }),
      }),
    );
    expect(response.statusCode).toBe(201);
    const { fileEntry } = response.json<{ fileEntry: FileEntry }>();
    expect(fileEntry).toMatchObject({
      name: 'My Song.mp3',
      file_size: mp3.length,
      mime: 'audio/mpeg',
      extension: 'mp3',
    });
    // The key is the server's, never the client's name.
    expect(fileEntry.path).toMatch(/^uploads\/[a-f0-9]{32}$/);
    const download = await browser.get(`/${fileEntry.url}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(mp3)).toBe(true);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(await entriesOf(id)).toHaveLength(1);
  });

  it('refuses bytes that are not audio though named .mp3 when audio is asked for', async () => {
    const { browser, id } = await signedInUploader(t.app);
    const response = await browser.upload(
      '/api/v1/file-entries',
      form(new Blob(['<html><script>alert(1)</script></html>'.repeat(50)]), 'song.mp3', {
        clientMime: 'audio/mpeg',
        metadata: JSON.stringify({ accept: ['audio/*'] }),
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { file: ['This file type is not allowed'] },
    });
    expect(await entriesOf(id)).toHaveLength(0);
  });

  it('refuses a blocked type by its name too', async () => {
    const { browser } = await signedInUploader(t.app);
    const response = await browser.upload(
      '/api/v1/file-entries',
      form(new Blob(['MZ fake program']), 'setup.exe'),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('This file type is not allowed');
  });

  it.each([
    ['no multipart at all', { 'content-type': 'application/json' }, '{}'],
    ['a multipart type without a boundary', { 'content-type': 'multipart/form-data' }, 'x'],
    [
      'a wrong boundary',
      { 'content-type': 'multipart/form-data; boundary=nope' },
      '--other\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\n\r\nabc\r\n--other--\r\n',
    ],
    [
      'a truncated body',
      { 'content-type': 'multipart/form-data; boundary=b' },
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\nContent-Type: audio/mpeg\r\n\r\nabcdef',
    ],
  ])('answers 4xx to %s and keeps nothing', async (_case, headers, payload) => {
    const { browser, id } = await signedInUploader(t.app);
    const response = await browser.request({
      method: 'POST',
      url: '/api/v1/file-entries',
      headers,
      payload,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await entriesOf(id)).toHaveLength(0);
  });

  it('refuses a file over the maximum size with the spec message', async () => {
    await setUploadSettings(t.app, { 'uploads.max_size': 1000 });
    try {
      const { browser, id } = await signedInUploader(t.app);
      const response = await browser.upload(
        '/api/v1/file-entries',
        form(new Blob([Buffer.alloc(5000)]), 'big.wav'),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('`big.wav` exceeds maximum allowed size of 1000 B');
      expect(await entriesOf(id)).toHaveLength(0);
    } finally {
      await setUploadSettings(t.app, { 'uploads.max_size': 2 * 1024 * 1024 * 1024 });
    }
  });

  it('stops at the space quota: over quota once the space used reaches it', async () => {
    const mp3 = await sampleMp3();
    const { browser } = await signedInUploader(t.app, { space: mp3.length });
    const upload = () => browser.upload('/api/v1/file-entries', form(new Blob([mp3]), 'song.mp3'));
    expect((await upload()).statusCode).toBe(201);
    const second = await upload();
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe('You have used all of your upload space.');
  });

  it('is only for users who may upload, and checks the XSRF token', async () => {
    const { browser } = await signedInUser(t.app);
    const file = form(new Blob(['x']), 'a.txt');
    expect((await browser.upload('/api/v1/file-entries', file)).statusCode).toBe(403);
    const uploader = await signedInUploader(t.app);
    const { payload, headers } = await new Response(file).arrayBuffer().then((buffer) => ({
      payload: Buffer.from(buffer),
      headers: { 'content-type': new Response(file).headers.get('content-type') ?? '' },
    }));
    const withoutToken = await uploader.browser.request({
      method: 'POST',
      url: '/api/v1/file-entries',
      payload,
      headers,
      xsrf: false,
    });
    expect(withoutToken.statusCode).toBe(419);
  });
});

describe('upload settings in bootstrap data', () => {
  it('gives the client the restrictions, and no direct uploads on local disk', async () => {
    await setUploadSettings(t.app, { 'uploads.s3_direct_upload': true });
    const { browser } = await signedInUploader(t.app);
    const { settings } = (await browser.get('/api/v1/bootstrap-data')).json().bootstrapData;
    expect(settings.uploads).toMatchObject({ s3_direct_upload: false, max_size: 2 * 1024 ** 3 });
    expect(settings.uploads.blocked_extensions).toContain('exe');
    const presign = await browser.post('/api/v1/s3/simple/presign', { filename: 'a.mp3', size: 1 });
    expect(presign.statusCode).toBe(404);
    await setUploadSettings(t.app, { 'uploads.s3_direct_upload': false });
  });
});

describe('POST api/v1/file-entries/delete', () => {
  async function uploaded(browser: Awaited<ReturnType<typeof signedInUploader>>['browser']) {
    const response = await browser.upload(
      '/api/v1/file-entries',
      form(new Blob([await sampleMp3()]), 'song.mp3'),
    );
    return response.json<{ fileEntry: FileEntry }>().fileEntry;
  }

  it("answers 404 for another user's entries and changes nothing", async () => {
    const owner = await signedInUploader(t.app);
    const entry = await uploaded(owner.browser);
    const stranger = await signedInUploader(t.app);
    const byId = await stranger.browser.post('/api/v1/file-entries/delete', {
      entryIds: [entry.id],
      deleteForever: true,
    });
    expect(byId.statusCode).toBe(404);
    const byPath = await stranger.browser.post('/api/v1/file-entries/delete', {
      paths: [entry.path],
    });
    expect(byPath.statusCode).toBe(404);
    expect((await stranger.browser.get(`/${entry.url}`)).statusCode).toBe(404);
    expect((await owner.browser.get(`/${entry.url}`)).statusCode).toBe(200);
  });

  it('moves to the trash, or deletes the bytes forever', async () => {
    const { browser } = await signedInUploader(t.app);
    const trashed = await uploaded(browser);
    const gone = await uploaded(browser);
    const toTrash = await browser.post('/api/v1/file-entries/delete', { entryIds: [trashed.id] });
    expect(toTrash.json()).toEqual({ deleted: 1 });
    expect((await browser.get(`/${trashed.url}`)).statusCode).toBe(404);
    expect(await t.app.services.storage.stat(trashed.path)).not.toBeNull();

    const forever = await browser.post('/api/v1/file-entries/delete', {
      paths: [gone.path],
      deleteForever: true,
    });
    expect(forever.json()).toEqual({ deleted: 1 });
    expect(await t.app.services.storage.stat(gone.path)).toBeNull();
  });

  it('lets files.update delete anyone’s entries, and validates the body', async () => {
    const owner = await signedInUploader(t.app);
    const entry = await uploaded(owner.browser);
    const admin = await signedInUser(t.app);
    await admin.browser.login(t.admin.email, t.admin.password);
    const response = await admin.browser.post('/api/v1/file-entries/delete', {
      entryIds: [entry.id],
      deleteForever: true,
    });
    expect(response.statusCode).toBe(200);
    const empty = await admin.browser.post('/api/v1/file-entries/delete', {});
    expect(empty.statusCode).toBe(422);
    const bad = await admin.browser.post('/api/v1/file-entries/delete', { entryIds: ['x'] });
    expect(bad.statusCode).toBe(422);
  });
});
