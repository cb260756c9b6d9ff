import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB, type FileEntry } from '@backbeat/common';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createTrack } from './helpers/catalog.ts';
import { startS3, type TestS3 } from './helpers/s3-server.ts';
import { saveSettings, signIn } from './helpers/built-server.ts';
import { runTusUpload } from './helpers/tus.ts';
import { sampleMp3, signedInUploader } from './helpers/uploads.ts';

/** Uploads to S3 through the built server (issue 37.3). */
let s3: TestS3;
let t: TestApp;
let base: string;
beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ env: s3.env, builtServer: true });
  base = t.url!;
  await saveSettings(await signIn(base, t.admin), { 'uploads.s3_direct_upload': true });
});
/** An uploader whose browser talks to the built server. */
const newUploader = (options: { space?: number } = {}) =>
  signedInUploader(t.app, { ...options, url: base });
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
type Uploader = Awaited<ReturnType<typeof signedInUploader>>;

/** The browser's PUT to a presigned URL; answers the ETag S3 gave the bytes. */
async function put(url: string, body: Buffer, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'PUT', body, headers });
  if (!response.ok) throw new Error(`PUT failed: ${response.status} ${await response.text()}`);
  return response.headers.get('etag') ?? '';
}

describe('S3 simple upload: presign, PUT, s3/entries', () => {
  it('is offered to the client in bootstrap data', async () => {
    const { browser } = await newUploader();
    const response = await browser.get('/api/v1/bootstrap-data');
    expect(response.json().bootstrapData.settings.uploads).toMatchObject({
      s3_direct_upload: true,
      chunk: true,
    });
  });

  it("lets the page's scripts connect to the bucket (Content-Security-Policy)", async () => {
    const response = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
    const csp = String(response.headers.get('content-security-policy'));
    expect(csp).toContain(`connect-src 'self' ws: wss: ${s3.endpoint};`);
  });

  it('makes an entry only once HeadObject shows the bytes', async () => {
    const { browser } = await newUploader();
    const mp3 = await sampleMp3();
    const presign = await browser.post('/api/v1/s3/simple/presign', {
      filename: 'direct.mp3',
      mime: 'audio/mpeg',
      size: mp3.length,
      extension: 'mp3',
      metadata: {},
    });
    expect(presign.statusCode).toBe(200);
    const { url, acl, key } = presign.json<{ url: string; acl: string; key: string }>();
    expect(key).toMatch(/^uploads\/[a-f0-9]{32}$/);
    const entryInput = {
      clientName: 'direct.mp3',
      clientMime: 'audio/mpeg',
      filename: key,
      size: mp3.length,
      clientExtension: 'mp3',
      metadata: { accept: ['audio/*'] },
    };

    // Before the PUT there is nothing to make an entry of.
    expect((await browser.post('/api/v1/s3/entries', entryInput)).statusCode).toBe(422);
    await put(url, mp3, { 'content-type': 'audio/mpeg', 'x-amz-acl': acl });
    const response = await browser.post('/api/v1/s3/entries', entryInput);
    expect(response.statusCode).toBe(201);
    const { fileEntry } = response.json<{ fileEntry: FileEntry }>();
    expect(fileEntry).toMatchObject({ path: key, file_size: mp3.length, mime: 'audio/mpeg' });
    const download = await browser.get(`/${fileEntry.url}`, { range: 'bytes=0-99' });
    expect(download.statusCode).toBe(206);
    expect(download.rawPayload.equals(mp3.subarray(0, 100))).toBe(true);
    // Made once: the same key again is unknown.
    expect((await browser.post('/api/v1/s3/entries', entryInput)).statusCode).toBe(404);
  });

  it('refuses a size that does not match, and removes the object', async () => {
    const { browser } = await newUploader();
    const presign = await browser.post('/api/v1/s3/simple/presign', {
      filename: 'liar.mp3',
      size: 10,
      metadata: {},
    });
    const { url, key } = presign.json<{ url: string; key: string }>();
    await put(url, Buffer.alloc(5000), { 'content-type': 'application/octet-stream' });
    const response = await browser.post('/api/v1/s3/entries', {
      clientName: 'liar.mp3',
      filename: key,
      size: 10,
      metadata: {},
    });
    expect(response.statusCode).toBe(422);
    expect(await t.app.services.storage.stat(key)).toBeNull();
  });

  it("answers 404 for another user's key, and validates input", async () => {
    const owner = await newUploader();
    const { key } = (
      await owner.browser.post('/api/v1/s3/simple/presign', { filename: 'a.mp3', size: 3 })
    ).json<{ key: string }>();
    const stranger = await newUploader();
    const response = await stranger.browser.post('/api/v1/s3/entries', {
      clientName: 'a.mp3',
      filename: key,
      size: 3,
    });
    expect(response.statusCode).toBe(404);
    const bad = await owner.browser.post('/api/v1/s3/simple/presign', { filename: '', size: -1 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['filename', 'size']));
  });
});

describe('S3 multipart upload', () => {
  const size = 25 * MB; // two parts of the 20 MB minimum
  let bytes: Buffer;
  beforeAll(() => {
    bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4096) bytes.writeUInt32LE(i, i);
    // It is named .wav, so it starts as a WAVE file does (the server reads the first bytes).
    bytes.write('RIFF\0\0\0\0WAVEfmt ', 0, 'latin1');
  });

  async function create(uploader: Uploader) {
    const response = await uploader.browser.post('/api/v1/s3/multipart/create', {
      filename: 'long-mix.wav',
      mime: 'audio/wav',
      size,
      extension: 'wav',
      metadata: {},
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ uploadId: string; key: string }>();
  }

  async function sign(
    uploader: Uploader,
    session: { key: string; uploadId: string },
    parts: number[],
  ) {
    return uploader.browser.post('/api/v1/s3/multipart/batch-sign-part-urls', {
      ...session,
      partNumbers: parts,
    });
  }

  it('signs, resumes from the uploaded parts, completes and makes the entry', async () => {
    const uploader = await newUploader();
    const session = await create(uploader);
    const signed = await sign(uploader, session, [1, 2]);
    expect(signed.statusCode).toBe(200);
    const { urls } = signed.json<{ urls: { url: string; partNumber: number }[] }>();
    expect(urls.map((u) => u.partNumber)).toEqual([1, 2]);
    await put(urls[0]!.url, bytes.subarray(0, 20 * MB));

    // A reload: the client asks which parts S3 already holds and sends only the rest.
    const listed = await uploader.browser.post('/api/v1/s3/multipart/get-uploaded-parts', session);
    const { parts } = listed.json<{
      parts: { PartNumber: number; ETag: string; Size: number }[];
    }>();
    expect(parts).toEqual([expect.objectContaining({ PartNumber: 1, Size: 20 * MB })]);
    const secondETag = await put(urls[1]!.url, bytes.subarray(20 * MB));

    const complete = await uploader.browser.post('/api/v1/s3/multipart/complete', {
      ...session,
      parts: [
        { PartNumber: 1, ETag: parts[0]!.ETag },
        { PartNumber: 2, ETag: secondETag },
      ],
    });
    expect(complete.statusCode).toBe(200);
    const again = await uploader.browser.post('/api/v1/s3/multipart/complete', {
      ...session,
      parts: [{ PartNumber: 1, ETag: parts[0]!.ETag }],
    });
    expect(again.statusCode).toBe(409);

    const entry = await uploader.browser.post('/api/v1/s3/entries', {
      clientName: 'long-mix.wav',
      filename: session.key,
      size,
      metadata: {},
    });
    expect(entry.statusCode).toBe(201);
    const stored = await t.app.services.storage.stat(session.key);
    expect(stored?.size).toBe(size);
    const { fileEntry } = entry.json<{ fileEntry: FileEntry }>();
    const download = await uploader.browser.get(`/${fileEntry.url}`);
    expect(sha256(download.rawPayload)).toBe(sha256(bytes));
  });

  it('refuses part numbers out of range or more than 10 at once', async () => {
    const uploader = await newUploader();
    const session = await create(uploader);
    const outOfRange = await sign(uploader, session, [3]);
    expect(outOfRange.statusCode).toBe(422);
    expect(outOfRange.json().message).toBe('Part 3 is out of range: this upload has 2 parts.');
    expect((await sign(uploader, session, [0])).statusCode).toBe(422);
    const eleven = Array.from({ length: 11 }, (_, i) => i + 1);
    expect((await sign(uploader, session, eleven)).statusCode).toBe(422);
  });

  it('lets only the creator sign, list, complete or abort (404 for anyone else)', async () => {
    const owner = await newUploader();
    const session = await create(owner);
    const stranger = await newUploader();
    expect((await sign(stranger, session, [1])).statusCode).toBe(404);
    for (const call of ['get-uploaded-parts', 'abort']) {
      const response = await stranger.browser.post(`/api/v1/s3/multipart/${call}`, session);
      expect(response.statusCode).toBe(404);
    }
    const complete = await stranger.browser.post('/api/v1/s3/multipart/complete', {
      ...session,
      parts: [{ PartNumber: 1, ETag: '"x"' }],
    });
    expect(complete.statusCode).toBe(404);
  });

  it('aborts: the parts are dropped and the upload is gone', async () => {
    const uploader = await newUploader();
    const session = await create(uploader);
    const { urls } = (await sign(uploader, session, [1])).json<{ urls: { url: string }[] }>();
    await put(urls[0]!.url, bytes.subarray(0, 20 * MB));
    const abort = await uploader.browser.post('/api/v1/s3/multipart/abort', session);
    expect(abort.json()).toEqual({ aborted: true });
    const listed = await uploader.browser.post('/api/v1/s3/multipart/get-uploaded-parts', session);
    expect(listed.statusCode).toBe(404);
    const entry = await uploader.browser.post('/api/v1/s3/entries', {
      clientName: 'long-mix.wav',
      filename: session.key,
      size,
    });
    expect(entry.statusCode).toBe(404);
  });

  it('refuses a size over the space left before anything is signed', async () => {
    const uploader = await newUploader({ space: 10 * MB });
    const response = await uploader.browser.post('/api/v1/s3/multipart/create', {
      filename: 'huge.wav',
      size,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('You have used all of your upload space.');
  });
});

describe('tus on S3', () => {
  it('stores a tus upload in the bucket and makes the entry', async () => {
    const { browser } = await newUploader();
    const mp3 = await sampleMp3();
    const run = await runTusUpload(base, browser, mp3);
    const response = await browser.post('/api/v1/tus/entries', { uploadKey: run.id });
    expect(response.statusCode).toBe(201);
    const { fileEntry } = response.json<{ fileEntry: FileEntry }>();
    expect(fileEntry.path).toBe(run.id);
    expect((await t.app.services.storage.stat(run.id))?.size).toBe(mp3.length);
    expect(sha256((await browser.get(`/${fileEntry.url}`)).rawPayload)).toBe(sha256(mp3));
  });
});

describe('streaming from S3', () => {
  it('answers one byte range at a time, as from local disk', async () => {
    const audio = await sampleMp3();
    const { id } = await createTrack(t.app, { audio });
    const stream = async (range?: string) => {
      const response = await fetch(`${base}/api/v1/tracks/${id}/stream`, {
        headers: range ? { range } : {},
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      return { status: response.status, headers: response.headers, bytes };
    };
    const whole = await stream();
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(audio)).toBe(true);
    const middle = await stream('bytes=100-199');
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 100-199/${audio.length}`);
    expect(middle.bytes.equals(audio.subarray(100, 200))).toBe(true);
    const tail = await stream('bytes=-10');
    expect(tail.bytes.equals(audio.subarray(-10))).toBe(true);
    expect((await stream(`bytes=${audio.length}-`)).status).toBe(416);
  });
});
