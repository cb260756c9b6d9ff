import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { hostname } from 'node:os';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEntry, MediaAnalysis } from '@backbeat/common';
import { MEDIA_JOB } from '../../src/modules/media/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { taggedMp3 } from '../helpers/audio.ts';
import { startInstanceProcess, type InstanceProcess } from '../helpers/instance.ts';
import { listen, runTusUpload, sessionHeaders } from '../helpers/tus.ts';
import { signedInUploader } from '../helpers/uploads.ts';

// Runs when TEST_REDIS_URL is set (CI sets it); vitest.config.ts leaves the file out otherwise.
const redisUrl = process.env.TEST_REDIS_URL ?? '';

/**
 * Two instances as behind a load balancer (one database, one Redis, one storage folder): this
 * test process, and another process that can be killed for real.
 */
let first: TestApp;
let firstBase: string;
let other: InstanceProcess | undefined;
beforeAll(async () => {
  // In process, not the built server (issue 37.3): this process is one of the two job workers
  // (the test checks each job's processedBy against its pid).
  first = await createTestApp({ env: { REDIS_URL: redisUrl, JOB_CONCURRENCY: '1' } });
  firstBase = await listen(first.app);
}, 60_000);
afterAll(async () => {
  await other?.kill();
  await first?.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const tus = { 'tus-resumable': '1.0.0' };
const audioMetadata = { name: 'long.mp3', clientName: 'long.mp3', clientExtension: 'mp3' };

async function offsetOn(base: string, path: string, headers: Record<string, string>) {
  const response = await fetch(`${base}${path}`, {
    method: 'HEAD',
    headers: { ...headers, ...tus },
  });
  return Number(response.headers.get('upload-offset'));
}

/** Starts a PATCH that sends `bytes` and then stalls with the request still open. */
function stalledPatch(
  url: string,
  headers: Record<string, string>,
  offset: number,
  bytes: Buffer,
  total: number,
) {
  const patch = request(url, {
    method: 'POST',
    headers: {
      ...headers,
      ...tus,
      'x-http-method-override': 'PATCH',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(total - offset),
    },
  });
  patch.on('error', () => {});
  patch.write(bytes);
  return patch;
}

describe('the media pipeline across instances', () => {
  it('finishes a tus upload through one instance after the other was killed mid-PATCH', async () => {
    const uploader = await signedInUploader(first.app);
    const headers = sessionHeaders(uploader.browser);
    const mp3 = await taggedMp3(60);
    other = await startInstanceProcess(first.config);
    const started = await runTusUpload(other.url, uploader.browser, mp3, {
      chunkSize: 256 * 1024,
      metadata: audioMetadata,
      stopAfterFirstChunk: true,
    });
    const path = new URL(started.url).pathname;
    const before = await offsetOn(other.url, path, headers);
    expect(before).toBe(256 * 1024);

    // The next PATCH reaches the other instance, sends part of its bytes, and the
    // instance dies with the request open and the upload's lock held in Redis.
    const patch = stalledPatch(
      `${other.url}${path}`,
      headers,
      before,
      mp3.subarray(before, before + 100 * 1024),
      mp3.length,
    );
    await expect
      .poll(() => offsetOn(firstBase, path, headers), { timeout: 15_000 })
      .toBeGreaterThan(before);
    await other.kill();
    patch.destroy();
    other = undefined;

    // The client resumes on the surviving instance from what was really written.
    const finished = await runTusUpload(firstBase, uploader.browser, mp3, {
      uploadUrl: `${firstBase}${path}`,
      chunkSize: 256 * 1024,
      metadata: audioMetadata,
    });
    expect(finished.id).toBe(started.id);
    const created = await uploader.browser.post('/api/v1/tus/entries', { uploadKey: started.id });
    expect(created.statusCode).toBe(201);
    const { fileEntry } = created.json<{ fileEntry: FileEntry }>();
    const stored = await uploader.browser.get(`/${fileEntry.url}`);
    expect(sha256(stored.rawPayload)).toBe(sha256(mp3));

    // And the surviving instance processes it.
    await expect
      .poll(
        async () =>
          (await uploader.browser.get(`/api/v1/file-entries/${fileEntry.id}/details`)).json<{
            fileEntry: FileEntry;
          }>().fileEntry.media?.status,
        { timeout: 30_000 },
      )
      .toBe('ready');
  }, 90_000);

  it('processes audio uploads on either instance, each job once', async () => {
    other = await startInstanceProcess(first.config);
    const uploader = await signedInUploader(first.app);
    const mp3 = await taggedMp3(20);
    const uploads = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const data = new FormData();
        data.append('file', new Blob([mp3]), `take-${index}.mp3`);
        const response = await uploader.browser.upload('/api/v1/file-entries', data);
        expect(response.statusCode).toBe(201);
        return response.json<{ fileEntry: FileEntry }>().fileEntry;
      }),
    );
    const statusOf = async (id: number) =>
      (await uploader.browser.get(`/api/v1/file-entries/${id}/details`)).json<{
        fileEntry: { media: MediaAnalysis };
      }>().fileEntry.media;
    for (const entry of uploads) {
      await expect
        .poll(async () => (await statusOf(entry.id)).status, { timeout: 60_000 })
        .toBe('ready');
      expect((await statusOf(entry.id)).tags?.title).toBe('Night Drive');
    }

    const queue = new Queue(MEDIA_JOB, {
      connection: { url: redisUrl },
      prefix: first.config.jobQueuePrefix,
    });
    try {
      const ids = new Set(uploads.map((entry) => entry.id));
      const done = (await queue.getCompleted(0, 100)).filter((job) =>
        ids.has((job.data as { entryId: number }).entryId),
      );
      expect(done).toHaveLength(uploads.length);
      const workers = new Set(done.map((job) => job.processedBy));
      expect(workers).toEqual(
        new Set([`${hostname()}:${process.pid}`, `${hostname()}:${other.pid}`]),
      );
      await queue.obliterate({ force: true });
    } finally {
      await queue.close();
    }
  }, 120_000);
});

describe('a media job whose instance dies', () => {
  let web: TestApp;
  const workers: InstanceProcess[] = [];
  beforeAll(async () => {
    // This instance only serves; the work happens in the instance processes.
    web = await createTestApp({
      env: { REDIS_URL: redisUrl, JOB_WORKER: 'false', JOB_LOCK_MS: '5000' },
    });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill()));
    await web?.close();
  });

  it('is taken up again by another instance once its lock runs out', async () => {
    const uploader = await signedInUploader(web.app);
    const data = new FormData();
    data.append('file', new Blob([await taggedMp3(300)]), 'five-minutes.mp3');
    const created = await uploader.browser.upload('/api/v1/file-entries', data);
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ fileEntry: FileEntry }>().fileEntry;
    const statusOf = async () =>
      (await uploader.browser.get(`/api/v1/file-entries/${id}/details`)).json<{
        fileEntry: { media: MediaAnalysis };
      }>().fileEntry.media.status;
    expect(await statusOf()).toBe('pending');

    const doomed = await startInstanceProcess({ ...web.config, jobWorker: true });
    workers.push(doomed);
    await expect.poll(statusOf, { timeout: 30_000, interval: 20 }).toBe('processing');
    await doomed.kill();

    const heir = await startInstanceProcess({ ...web.config, jobWorker: true });
    workers.push(heir);
    await expect.poll(statusOf, { timeout: 60_000, interval: 200 }).toBe('ready');
    const queue = new Queue(MEDIA_JOB, {
      connection: { url: redisUrl },
      prefix: web.config.jobQueuePrefix,
    });
    try {
      const [job] = (await queue.getCompleted(0, 10)).filter(
        (done) => (done.data as { entryId: number }).entryId === id,
      );
      expect(job?.processedBy).toBe(`${hostname()}:${heir.pid}`);
      await queue.obliterate({ force: true });
    } finally {
      await queue.close();
    }
  }, 120_000);
});
