import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { ERRORS } from '@tus/utils';
import { FileStore } from '@tus/file-store';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FileEntry } from '@backbeat/common';
import { writeBody } from '../src/modules/uploads/direct-patch.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { listen, runTusUpload, sessionHeaders } from './helpers/tus.ts';
import { signedInUploader } from './helpers/uploads.ts';

let t: TestApp;
let base: string;
let directory: string;
beforeAll(async () => {
  // In process, not the built server (issue 37.3): the last test spies on FileStore.prototype
  // in this process to prove tus PATCH bodies bypass it.
  t = await createTestApp();
  base = await listen(t.app);
  directory = await mkdtemp(join(tmpdir(), 'backbeat-patch-body-'));
});
afterAll(async () => {
  await t?.close();
  await rm(directory, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const patterned = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => i % 251));

/** An empty upload file, as the file store creates it, holding `prefix` already. */
async function uploadFile(prefix = Buffer.alloc(0)) {
  const path = join(directory, `${Math.random().toString(16).slice(2)}`);
  await writeFile(path, prefix);
  return path;
}

describe('PATCH bodies written straight to the upload file', () => {
  it('appends the body at the offset and answers the new offset', async () => {
    const path = await uploadFile(Buffer.from('head'));
    const body = patterned(300 * 1024);
    const offset = await writeBody(
      Readable.from([body.subarray(0, 1000), body.subarray(1000)]),
      path,
      4,
      {
        maxBodySize: body.length,
        signal: new AbortController().signal,
      },
    );
    expect(offset).toBe(4 + body.length);
    expect(sha256(await readFile(path))).toBe(sha256(Buffer.concat([Buffer.from('head'), body])));
  });

  it('refuses a body longer than allowed (413), writing nothing past the limit', async () => {
    const path = await uploadFile();
    const body = patterned(3000);
    const written = writeBody(
      Readable.from([body.subarray(0, 1000), body.subarray(1000, 2000), body.subarray(2000)]),
      path,
      0,
      { maxBodySize: 1500, signal: new AbortController().signal },
    );
    await expect(written).rejects.toBe(ERRORS.ERR_MAX_SIZE_EXCEEDED);
    const kept = await readFile(path);
    expect(kept.length).toBeLessThanOrEqual(1500);
    expect(kept.equals(body.subarray(0, kept.length))).toBe(true);
  });

  it('keeps what arrived before the client went away, and flushes it before answering', async () => {
    const path = await uploadFile();
    const body = new PassThrough();
    const aborted = new AbortController();
    const written = writeBody(body, path, 0, { maxBodySize: 10_000, signal: aborted.signal });
    body.write(patterned(2000));
    await new Promise((resolve) => setImmediate(resolve));
    // As @tus/server does on a request error: the context is aborted, then the body errors.
    aborted.abort();
    body.destroy(new Error('aborted'));
    const offset = await written;
    expect(offset).toBe(2000);
    expect((await readFile(path)).equals(patterned(2000))).toBe(true);
  });

  it('answers 400 to a body that breaks while the request still stands', async () => {
    const path = await uploadFile();
    const body = new PassThrough();
    const written = writeBody(body, path, 0, {
      maxBodySize: 10_000,
      signal: new AbortController().signal,
    });
    body.write(patterned(500));
    body.destroy(new Error('broken'));
    await expect(written).rejects.toBe(ERRORS.ABORTED);
    expect((await readFile(path)).length).toBeLessThanOrEqual(500);
  });

  it('continues an upload whose PATCH was cut off mid-body, from the bytes kept', async () => {
    const { browser } = await signedInUploader(t.app);
    const bytes = patterned(256 * 1024);
    const first = await runTusUpload(base, browser, bytes, {
      chunkSize: 64 * 1024,
      stopAfterFirstChunk: true,
      metadata: { name: 'cut.bin', clientName: 'cut.bin' },
    });
    const url = new URL(first.url, base);
    const head = async () =>
      Number(
        (
          await browser.request({
            method: 'HEAD',
            url: url.pathname,
            headers: { 'tus-resumable': '1.0.0' },
          })
        ).headers['upload-offset'],
      );
    const start = await head();

    // A PATCH announcing 128 KB that sends 40 KB, then loses its connection.
    await new Promise<void>((resolve) => {
      const patch = request(url, {
        method: 'POST',
        headers: {
          ...sessionHeaders(browser),
          'tus-resumable': '1.0.0',
          'x-http-method-override': 'PATCH',
          'upload-offset': String(start),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(128 * 1024),
        },
      });
      patch.on('error', () => resolve());
      patch.write(bytes.subarray(start, start + 40 * 1024), () => {
        setTimeout(() => patch.destroy(), 200);
      });
    });

    let kept = await head();
    for (let i = 0; i < 50 && kept === start; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      kept = await head();
    }
    expect(kept).toBeGreaterThan(start);
    expect(kept).toBeLessThanOrEqual(start + 40 * 1024);

    const second = await runTusUpload(base, browser, bytes, {
      uploadUrl: first.url,
      metadata: { name: 'cut.bin', clientName: 'cut.bin' },
    });
    expect(second.url).toBe(first.url);
    const response = await browser.post('/api/v1/tus/entries', { uploadKey: first.id });
    expect(response.statusCode).toBe(201);
    const { fileEntry } = response.json<{ fileEntry: FileEntry }>();
    expect(sha256((await browser.get(`/${fileEntry.url}`)).rawPayload)).toBe(sha256(bytes));
  });

  // direct-patch.ts subclasses @tus/server's PATCH handler (its send and writeToStore) and reads
  // the Node request it keeps in req.runtime: a release that renames either, or stops keeping
  // the request, would quietly send bodies back through the web-stream path of the file store.
  it('writes a real tus PATCH by the direct path, never through the file store', async () => {
    const storeWrite = vi.spyOn(FileStore.prototype, 'write');
    try {
      const { browser } = await signedInUploader(t.app);
      const bytes = patterned(300 * 1024);
      const run = await runTusUpload(base, browser, bytes, {
        chunkSize: 128 * 1024,
        metadata: { name: 'direct.bin', clientName: 'direct.bin' },
      });
      const response = await browser.post('/api/v1/tus/entries', { uploadKey: run.id });
      expect(response.statusCode).toBe(201);
      const { fileEntry } = response.json<{ fileEntry: FileEntry }>();
      expect(sha256((await browser.get(`/${fileEntry.url}`)).rawPayload)).toBe(sha256(bytes));
      expect(storeWrite).not.toHaveBeenCalled();
    } finally {
      storeWrite.mockRestore();
    }
  });
});
