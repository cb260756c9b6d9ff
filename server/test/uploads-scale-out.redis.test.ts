import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB, type FileEntry } from '@backbeat/common';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { createRedisLocker } from '../src/modules/uploads/redis-locker.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser, type Browser } from './helpers/client.ts';
import { startS3, type TestS3 } from './helpers/s3-server.ts';
import { listen, runTusUpload } from './helpers/tus.ts';
import { setUploadSettings, signedInUploader } from './helpers/uploads.ts';

// Runs when TEST_REDIS_URL is set (CI sets it); vitest.config.ts leaves the file out otherwise.
const redisUrl = process.env.TEST_REDIS_URL ?? '';

/** Two instances, as behind a load balancer: one database, one Redis, one bucket, one key. */
let s3: TestS3;
let first: TestApp;
let second: FastifyInstance;
let secondDatabase: DatabaseHandle;
let firstBase: string;
let secondBase: string;

beforeAll(async () => {
  s3 = await startS3();
  // In process, not the built server (issue 37.3): the second instance is built here from the
  // first one's config and closed mid-test; createTestApp starts one built server only.
  first = await createTestApp({ env: { REDIS_URL: redisUrl, ...s3.env } });
  await setUploadSettings(first.app, { 'uploads.s3_direct_upload': true });
  secondDatabase = openDatabase(first.config.database);
  second = await buildApp({ config: first.config, database: secondDatabase, logger: false });
  firstBase = await listen(first.app);
  secondBase = await listen(second);
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.destroy();
  await first?.close();
  await s3?.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function sameBrowserOn(app: FastifyInstance, browser: Browser): Promise<Browser> {
  const moved = await openBrowser(app);
  moved.cookies.clear();
  for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
  return moved;
}

function patternedBytes(size: number) {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 1024) bytes.writeUInt32LE(i, i);
  // Uploaded under audio names, so they start as a WAVE file does (the server reads the head).
  bytes.write('RIFF\0\0\0\0WAVEfmt ', 0, 'latin1');
  return bytes;
}

describe('uploads across two instances', () => {
  it('takes the PATCHes of one tus upload on either instance, even after one is gone', async () => {
    const { browser } = await signedInUploader(first.app);
    const onSecond = await sameBrowserOn(second, browser);
    const bytes = patternedBytes(300 * 1024);
    const started = await runTusUpload(secondBase, onSecond, bytes, { stopAfterFirstChunk: true });
    const path = new URL(started.url).pathname;

    // Chunks alternate: one more through the first instance, one more through the second.
    await runTusUpload(firstBase, browser, bytes, {
      uploadUrl: `${firstBase}${path}`,
      stopAfterFirstChunk: true,
    });
    await runTusUpload(secondBase, onSecond, bytes, {
      uploadUrl: `${secondBase}${path}`,
      stopAfterFirstChunk: true,
    });
    // The second instance is killed mid-upload; the first finishes it.
    await second.close();
    const finished = await runTusUpload(firstBase, browser, bytes, {
      uploadUrl: `${firstBase}${path}`,
    });
    expect(finished.id).toBe(started.id);
    const response = await browser.post('/api/v1/tus/entries', { uploadKey: started.id });
    expect(response.statusCode).toBe(201);
    const { fileEntry } = response.json<{ fileEntry: FileEntry }>();
    expect(sha256((await browser.get(`/${fileEntry.url}`)).rawPayload)).toBe(sha256(bytes));
  });

  it('signs a multipart upload on one instance and completes it on the other', async () => {
    const second = await buildApp({
      config: first.config,
      database: secondDatabase,
      logger: false,
    });
    try {
      const { browser } = await signedInUploader(first.app);
      const elsewhere = await sameBrowserOn(second, browser);
      const size = 21 * MB;
      const bytes = patternedBytes(size);
      const session = (
        await browser.post('/api/v1/s3/multipart/create', { filename: 'mix.wav', size })
      ).json<{ key: string; uploadId: string }>();
      const { urls } = (
        await elsewhere.post('/api/v1/s3/multipart/batch-sign-part-urls', {
          ...session,
          partNumbers: [1, 2],
        })
      ).json<{ urls: { url: string }[] }>();
      const etags: string[] = [];
      for (const [index, { url }] of urls.entries()) {
        const body = bytes.subarray(index * 20 * MB, (index + 1) * 20 * MB);
        etags.push((await fetch(url, { method: 'PUT', body })).headers.get('etag') ?? '');
      }
      const complete = await browser.post('/api/v1/s3/multipart/complete', {
        ...session,
        parts: etags.map((ETag, index) => ({ ETag, PartNumber: index + 1 })),
      });
      expect(complete.statusCode).toBe(200);
      const entry = await elsewhere.post('/api/v1/s3/entries', {
        clientName: 'mix.wav',
        filename: session.key,
        size,
      });
      expect(entry.statusCode).toBe(201);
    } finally {
      await second.close();
    }
  });
});

describe('tus locks in Redis', () => {
  it('asks the holder on another instance to let go, then takes the lock', async () => {
    const connections = [new Redis(redisUrl), new Redis(redisUrl)];
    const [here, there] = connections.map((redis) => createRedisLocker(redis, { ttlMs: 2000 }));
    try {
      const held = here!.newLock('upload-1');
      let asked = 0;
      await held.lock(new AbortController().signal, async () => {
        asked += 1;
        await held.unlock();
      });
      const taken = there!.newLock('upload-1');
      await taken.lock(new AbortController().signal, () => {});
      expect(asked).toBeGreaterThanOrEqual(1);
      await taken.unlock();
    } finally {
      await here?.close();
      await there?.close();
      await Promise.all(connections.map((redis) => redis.quit()));
    }
  });

  it('frees the lock of a holder that died once its time runs out', async () => {
    const redis = new Redis(redisUrl);
    const survivor = new Redis(redisUrl);
    const dead = createRedisLocker(redis, { ttlMs: 300 });
    const alive = createRedisLocker(survivor, { ttlMs: 300 });
    try {
      await dead.newLock('upload-2').lock(new AbortController().signal, () => {});
      await dead.close();
      redis.disconnect(); // no unlock, no more extensions: the instance is gone
      await alive.newLock('upload-2').lock(new AbortController().signal, () => {});
    } finally {
      await alive.close();
      await survivor.quit();
    }
  });
});
