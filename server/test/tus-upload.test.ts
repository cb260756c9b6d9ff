import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FileEntry } from '@backbeat/common';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { saveSettings, signIn, type HttpSession } from './helpers/built-server.ts';
import { runTusUpload, sessionHeaders, tusStatusOf } from './helpers/tus.ts';
import { sampleMp3, signedInUploader } from './helpers/uploads.ts';

/**
 * tus-js-client against the built server (issue 37.3); the test process only seeds and looks
 * at the shared database and storage.
 */
let t: TestApp;
let base: string;
let admin: HttpSession;
beforeAll(async () => {
  t = await createTestApp({ builtServer: true });
  base = t.url!;
  admin = await signIn(base, t.admin);
});
/** An uploader whose browser talks to the built server. */
const uploader = (options: { space?: number } = {}) =>
  signedInUploader(t.app, { ...options, url: base });
afterAll(async () => {
  await t?.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const tusHeaders = { 'tus-resumable': '1.0.0' };

describe('tus resumable upload with tus-js-client', () => {
  it('uploads in chunks through the override tunnel, then tus/entries makes the entry', async () => {
    const { browser } = await uploader();
    const mp3 = await sampleMp3();
    const run = await runTusUpload(base, browser, mp3, {
      metadata: {
        name: 'beat.mp3',
        clientName: 'beat.mp3',
        clientMime: 'audio/mpeg',
        accept: 'audio/*',
      },
    });
    expect(run.url).toMatch(/\/api\/v1\/tus\/upload\/[a-f0-9]{32}$/);
    const response = await browser.post('/api/v1/tus/entries', { uploadKey: run.id });
    expect(response.statusCode).toBe(201);
    const { fileEntry } = response.json<{ fileEntry: FileEntry }>();
    expect(fileEntry).toMatchObject({
      name: 'beat.mp3',
      file_size: mp3.length,
      mime: 'audio/mpeg',
    });
    const stored = await browser.get(`/${fileEntry.url}`);
    expect(sha256(stored.rawPayload)).toBe(sha256(mp3));

    // A finished upload completed again is refused, and leaves one entry.
    const again = await browser.post('/api/v1/tus/entries', { uploadKey: run.id });
    expect(again.statusCode).toBe(409);
  });

  it('resumes after the connection is lost, sending only what is missing', async () => {
    const { browser } = await uploader();
    const bytes = Buffer.concat([await sampleMp3(), Buffer.alloc(300 * 1024, 7)]);
    const first = await runTusUpload(base, browser, bytes, { stopAfterFirstChunk: true });
    expect(first.stopped).toBe(true);
    const head = await browser.request({
      method: 'HEAD',
      url: `/api/v1/tus/upload/${first.id}`,
      headers: tusHeaders,
    });
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(bytes.length);

    let sentInSecondRun = 0;
    const second = await runTusUpload(base, browser, bytes, {
      uploadUrl: first.url,
      onProgress: (sent) => {
        sentInSecondRun = sent;
      },
    });
    expect(second.url).toBe(first.url);
    expect(sentInSecondRun).toBe(bytes.length);
    const response = await browser.post('/api/v1/tus/entries', { uploadKey: first.id });
    const { fileEntry } = response.json<{ fileEntry: FileEntry }>();
    expect(sha256((await browser.get(`/${fileEntry.url}`)).rawPayload)).toBe(sha256(bytes));
  });

  it('answers 409 to a PATCH at the wrong offset', async () => {
    const { browser } = await uploader();
    const run = await runTusUpload(base, browser, Buffer.alloc(200 * 1024, 1), {
      stopAfterFirstChunk: true,
    });
    const patch = await browser.request({
      method: 'POST',
      url: `/api/v1/tus/upload/${run.id}`,
      headers: {
        ...tusHeaders,
        'x-http-method-override': 'PATCH',
        'upload-offset': '5',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(10),
    });
    expect(patch.statusCode).toBe(409);
  });

  it('hides an upload from everyone but its uploader (404)', async () => {
    const owner = await uploader();
    const run = await runTusUpload(base, owner.browser, Buffer.alloc(200 * 1024, 2), {
      stopAfterFirstChunk: true,
    });
    const stranger = await uploader();
    const head = await stranger.browser.request({
      method: 'HEAD',
      url: `/api/v1/tus/upload/${run.id}`,
      headers: tusHeaders,
    });
    expect(head.statusCode).toBe(404);
    // The client, told the upload is not there, starts one of its own; the owner's is untouched.
    const theirs = await runTusUpload(base, stranger.browser, Buffer.alloc(200 * 1024, 2), {
      uploadUrl: run.url,
    });
    expect(theirs.url).not.toBe(run.url);
    const ownersView = await owner.browser.request({
      method: 'HEAD',
      url: `/api/v1/tus/upload/${run.id}`,
      headers: tusHeaders,
    });
    expect(Number(ownersView.headers['upload-offset'])).toBe(64 * 1024);
    const entry = await stranger.browser.post('/api/v1/tus/entries', { uploadKey: run.id });
    expect(entry.statusCode).toBe(404);
    const removed = await stranger.browser.request({
      method: 'POST',
      url: `/api/v1/tus/upload/${run.id}`,
      headers: { ...tusHeaders, 'x-http-method-override': 'DELETE' },
    });
    expect(removed.statusCode).toBe(404);

    // The uploader may end it through the tunnel.
    const terminated = await owner.browser.request({
      method: 'POST',
      url: `/api/v1/tus/upload/${run.id}`,
      headers: { ...tusHeaders, 'x-http-method-override': 'DELETE' },
    });
    expect(terminated.statusCode).toBe(204);
    const gone = await owner.browser.request({
      method: 'HEAD',
      url: `/api/v1/tus/upload/${run.id}`,
      headers: tusHeaders,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses an unfinished upload as an entry', async () => {
    const { browser } = await uploader();
    const run = await runTusUpload(base, browser, Buffer.alloc(200 * 1024, 3), {
      stopAfterFirstChunk: true,
    });
    const response = await browser.post('/api/v1/tus/entries', { uploadKey: run.id });
    expect(response.statusCode).toBe(422);
    const badKey = await browser.post('/api/v1/tus/entries', { uploadKey: '../../etc' });
    expect(badKey.statusCode).toBe(422);
  });

  it('refuses bytes that are not audio though named .mp3, and keeps nothing', async () => {
    const { browser, id } = await uploader();
    const run = await runTusUpload(base, browser, Buffer.from('not really audio '.repeat(500)), {
      metadata: { name: 'song.mp3', clientName: 'song.mp3', accept: 'audio/*' },
    });
    const response = await browser.post('/api/v1/tus/entries', { uploadKey: run.id });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('This file type is not allowed');
    expect(await t.app.services.storage.stat(t.app.services.tus.keyOf(run.id))).toBeNull();
    const entries = await t.database.db
      .selectFrom('file_entries')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(entries).toHaveLength(0);
  });

  it('refuses an Upload-Length over the maximum size or the space left, before any byte', async () => {
    const { browser } = await uploader({ space: 1000 });
    const create = (length: number) =>
      browser.request({
        method: 'POST',
        url: '/api/v1/tus/upload',
        headers: {
          ...tusHeaders,
          'upload-length': String(length),
          'upload-metadata': `name ${Buffer.from('big.wav').toString('base64')}`,
        },
      });
    const overQuota = await create(5000);
    expect(overQuota.statusCode).toBe(422);
    expect(overQuota.json().message).toBe('You have used all of your upload space.');

    await saveSettings(admin, { 'uploads.max_size': 100 });
    try {
      const tooLarge = await create(500);
      expect(tooLarge.statusCode).toBe(422);
      expect(tooLarge.json().message).toBe('`big.wav` exceeds maximum allowed size of 100 B');
    } finally {
      await saveSettings(admin, { 'uploads.max_size': 2 * 1024 * 1024 * 1024 });
    }
    const noLength = await browser.request({
      method: 'POST',
      url: '/api/v1/tus/upload',
      headers: tusHeaders,
    });
    expect(noLength.statusCode).toBe(422);
  });

  it('needs the XSRF token, like every other state change', async () => {
    const { browser } = await uploader();
    const headers = sessionHeaders(browser);
    await expect(
      runTusUpload(base, browser, Buffer.alloc(10), { headers: { cookie: headers.cookie ?? '' } }),
    ).rejects.toSatisfy((error) => tusStatusOf(error) === 419);
  });

  it('prunes uploads left unfinished for 24 hours', async () => {
    const { browser } = await uploader();
    const run = await runTusUpload(base, browser, Buffer.alloc(200 * 1024, 4), {
      stopAfterFirstChunk: true,
    });
    // The hourly task, run here a day later on the storage the built server shares (its own
    // clock cannot be moved).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    try {
      expect(await t.app.services.tus.server.cleanUpExpiredUploads()).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
    expect(await t.app.services.tus.uploadOf(run.id, 0)).toBeNull();
    expect(await t.app.services.storage.stat(t.app.services.tus.keyOf(run.id))).toBeNull();
    const head = await browser.request({
      method: 'HEAD',
      url: `/api/v1/tus/upload/${run.id}`,
      headers: tusHeaders,
    });
    expect(head.statusCode).toBe(404);
  });
});
