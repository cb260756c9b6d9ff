import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingMediaAnalysis, type FileEntry } from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { taggedMp3 } from '../helpers/audio.ts';
import { coverCount, signedInUploader } from '../helpers/uploads.ts';

// Runs when TEST_REDIS_URL is set (CI sets it); vitest.config.ts leaves the file out otherwise.
const redisUrl = process.env.TEST_REDIS_URL ?? '';

/*
 * Issue 35 item 7 on BullMQ: BullMQ keeps an ended job under its id and ignores a new one of
 * the same id, so an entry left processing (its job gave up as stalled) or retried after a
 * failure was never run again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { REDIS_URL: redisUrl } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const statusOf = async (id: number) =>
  (
    await db()
      .selectFrom('file_entries')
      .select('media_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).media_status;
const coversOf = () => coverCount(t.config.storagePath);

async function processedUpload() {
  const uploader = await signedInUploader(t.app);
  const data = new FormData();
  data.append('file', new Blob([await taggedMp3(2)]), 'redis.mp3');
  const response = await uploader.browser.upload('/api/v1/file-entries', data);
  expect(response.statusCode).toBe(201);
  const entry = response.json<{ fileEntry: FileEntry }>().fileEntry;
  await expect.poll(() => statusOf(entry.id), { timeout: 30_000 }).toBe('ready');
  await t.app.services.jobs.idle();
  return { uploader, entry };
}

const leave = (id: number, status: 'processing' | 'failed') =>
  db()
    .updateTable('file_entries')
    .set({ media_status: status, media: JSON.stringify(pendingMediaAnalysis(status)) })
    .where('id', '=', id)
    .execute();

describe('media jobs on BullMQ whose job already ended', () => {
  it('runs an entry left processing again at start, once for two starts', async () => {
    const { entry } = await processedUpload();
    expect(await coversOf()).toBe(1);
    await leave(entry.id, 'processing');

    const { media } = t.app.services;
    await Promise.all([media.resumeUnfinished(), media.resumeUnfinished()]);
    await expect.poll(() => statusOf(entry.id), { timeout: 30_000 }).toBe('ready');
    await t.app.services.jobs.idle();
    expect(await coversOf()).toBe(2);
  }, 60_000);

  it('retries a failed entry', async () => {
    const { entry } = await processedUpload();
    await leave(entry.id, 'failed');
    expect(await t.app.services.media.retry(entry.id)).toBe('pending');
    await expect.poll(() => statusOf(entry.id), { timeout: 30_000 }).toBe('ready');
  }, 60_000);
});
