import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEntry } from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { taggedMp3 } from '../helpers/audio.ts';
import { startS3, type TestS3 } from '../helpers/s3-server.ts';
import { setUploadSettings, signedInUploader } from '../helpers/uploads.ts';

let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ env: s3.env });
  await setUploadSettings(t.app, { 'uploads.s3_direct_upload': true });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('media processing of a file stored in S3', () => {
  it('reads a direct S3 upload back from the bucket and analyses it', async () => {
    const uploader = await signedInUploader(t.app);
    const mp3 = await taggedMp3(4);
    const presign = await uploader.browser.post('/api/v1/s3/simple/presign', {
      filename: 'direct.mp3',
      mime: 'audio/mpeg',
      size: mp3.length,
      extension: 'mp3',
      metadata: { accept: ['audio/*'] },
    });
    expect(presign.statusCode).toBe(200);
    const { url, acl, key } = presign.json<{ url: string; acl: string; key: string }>();
    const put = await fetch(url, {
      method: 'PUT',
      body: mp3,
      headers: { 'content-type': 'audio/mpeg', 'x-amz-acl': acl },
    });
    expect(put.ok).toBe(true);
    const created = await uploader.browser.post('/api/v1/s3/entries', {
      clientName: 'direct.mp3',
      clientMime: 'audio/mpeg',
      filename: key,
      size: mp3.length,
      clientExtension: 'mp3',
      metadata: { accept: ['audio/*'] },
    });
    expect(created.statusCode).toBe(201);
    const { fileEntry } = created.json<{ fileEntry: FileEntry }>();
    expect(fileEntry.media?.status).toBe('pending');

    await t.app.services.jobs.idle();
    const details = await uploader.browser.get(`/api/v1/file-entries/${fileEntry.id}/details`);
    const { media } = details.json<{ fileEntry: FileEntry }>().fileEntry;
    expect(media).toMatchObject({ status: 'ready', channels: 2, sample_rate: 44_100 });
    expect(media!.duration_ms).toBe(4000);
    expect(media!.tags?.title).toBe('Night Drive');
    expect(media!.loudness!.integrated_lufs).toBeCloseTo(-20, 0);
    // The cover went to the bucket as public artwork, readable by any listener.
    const cover = await t.app.inject({ method: 'GET', url: media!.artwork_url! });
    expect(cover.statusCode).toBe(200);
  });
});
