import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingMediaAnalysis, type FileEntry } from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { taggedMp3 } from '../helpers/audio.ts';
import { startInstanceProcess, type InstanceProcess } from '../helpers/instance.ts';
import { coverCount, signedInUploader } from '../helpers/uploads.ts';

/*
 * Issue 35 item 7: without Redis, a media job killed mid-way was never run again and its
 * track stayed "processing". At start, a worker queues again what was left pending or
 * processing; what is done is not redone, and asking twice runs a job once.
 */

/** This process serves only (it takes no jobs); workers run in processes that can be killed. */
let t: TestApp;
let worker: InstanceProcess | undefined;
beforeAll(async () => {
  t = await createTestApp({ overrides: { jobWorker: false } });
}, 60_000);
afterAll(async () => {
  await worker?.kill();
  await t?.close();
});

const db = () => t.database.db;
const startWorker = () => startInstanceProcess({ ...t.config, jobWorker: true });

type Uploader = Awaited<ReturnType<typeof signedInUploader>>;

async function upload(uploader: Uploader, bytes: Buffer, name: string): Promise<FileEntry> {
  const data = new FormData();
  data.append('file', new Blob([bytes]), name);
  const response = await uploader.browser.upload('/api/v1/file-entries', data);
  expect(response.statusCode).toBe(201);
  return response.json<{ fileEntry: FileEntry }>().fileEntry;
}

const entryRow = (id: number) =>
  db()
    .selectFrom('file_entries')
    .select(['media_status', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const coversOf = () => coverCount(t.config.storagePath);

describe('media jobs after a restart (in-process queue)', () => {
  it('processes an entry whose worker was killed mid-job once the next worker starts, and leaves finished ones alone', async () => {
    const uploader = await signedInUploader(t.app);
    const long = await upload(uploader, await taggedMp3(300), 'long.mp3');
    expect((await entryRow(long.id)).media_status).toBe('pending');

    // A worker starts, takes the job, and is killed while it runs.
    worker = await startWorker();
    await expect
      .poll(async () => (await entryRow(long.id)).media_status, { timeout: 30_000, interval: 5 })
      .toBe('processing');
    await worker.kill();
    worker = undefined;
    expect((await entryRow(long.id)).media_status).toBe('processing');

    // The next start picks it up.
    worker = await startWorker();
    await expect
      .poll(async () => (await entryRow(long.id)).media_status, { timeout: 60_000 })
      .toBe('ready');
    await worker.kill();
    worker = undefined;
    const done = await entryRow(long.id);
    const covers = await coversOf();

    // Another start: a new upload is processed, the finished one is not redone.
    const fresh = await upload(uploader, await taggedMp3(2), 'fresh.mp3');
    worker = await startWorker();
    await expect
      .poll(async () => (await entryRow(fresh.id)).media_status, { timeout: 60_000 })
      .toBe('ready');
    expect(await entryRow(long.id)).toEqual(done);
    expect(await coversOf()).toBe(covers + 1);
  }, 120_000);
});

describe('asking twice at once', () => {
  let w: TestApp;
  beforeAll(async () => {
    w = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await w?.close();
  });

  it('runs an entry left processing once however many starts queue it', async () => {
    const uploader = await signedInUploader(w.app);
    const entry = await upload(uploader, await taggedMp3(2), 'twice.mp3');
    await w.app.services.jobs.idle();
    const covers = () => coverCount(w.config.storagePath);
    expect(await covers()).toBe(1);

    // As a worker killed mid-job leaves it.
    await w.database.db
      .updateTable('file_entries')
      .set({
        media_status: 'processing',
        media: JSON.stringify(pendingMediaAnalysis('processing')),
      })
      .where('id', '=', entry.id)
      .execute();
    const { media, jobs } = w.app.services;
    expect(await Promise.all([media.resumeUnfinished(), media.resumeUnfinished()])).toEqual([1, 1]);
    await jobs.idle();
    const row = await w.database.db
      .selectFrom('file_entries')
      .select('media_status')
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(row.media_status).toBe('ready');
    // One more run, not two.
    expect(await covers()).toBe(2);
  });
});
