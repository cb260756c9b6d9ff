import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEntry } from '@backbeat/common';
import type { FailedMediaJob } from '@backbeat/common/admin/files';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { taggedMp3 } from '../helpers/audio.ts';
import { openBrowser, type Browser } from '../helpers/client.ts';
import { markMediaFailed, signedInUploader } from '../helpers/uploads.ts';
import { PROCESSING_FAILED } from '../../src/modules/media/service.ts';

/* Issue 35 item 7: the admin sees the audio files whose processing failed and retries them. */

let t: TestApp;
let admin: Browser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await openBrowser(t.app);
  await admin.login(t.admin.email, t.admin.password);
});
afterAll(async () => {
  await t?.close();
});

/** An upload processed, then marked failed as a storage outage on the last attempt leaves it. */
async function failedUpload(name: string) {
  const uploader = await signedInUploader(t.app);
  const data = new FormData();
  data.append('file', new Blob([await taggedMp3(2)]), name);
  const response = await uploader.browser.upload('/api/v1/file-entries', data);
  expect(response.statusCode).toBe(201);
  const entry = response.json<{ fileEntry: FileEntry }>().fileEntry;
  await t.app.services.jobs.idle();
  await markMediaFailed(t.database.db, entry.id);
  return { uploader, entry };
}

const failedList = async (browser: Browser) =>
  browser.get('/api/v1/admin/media-jobs/failed?perPage=50');

describe('failed media jobs in the admin', () => {
  it('lists a failed entry with its reason and owner, and a retry processes it again', async () => {
    const { uploader, entry } = await failedUpload('broken-once.mp3');
    const listed = await failedList(admin);
    expect(listed.statusCode).toBe(200);
    const jobs = listed.json<{ pagination: { data: FailedMediaJob[] } }>().pagination.data;
    expect(jobs.find((job) => job.id === entry.id)).toMatchObject({
      name: 'broken-once.mp3',
      error: PROCESSING_FAILED,
      owner: { id: uploader.id },
    });

    const retried = await admin.post(`/api/v1/admin/media-jobs/${entry.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ status: 'pending' });
    await t.app.services.jobs.idle();
    const details = await uploader.browser.get(`/api/v1/file-entries/${entry.id}/details`);
    expect(details.json<{ fileEntry: FileEntry }>().fileEntry.media?.status).toBe('ready');
    const after = (await failedList(admin)).json<{ pagination: { data: FailedMediaJob[] } }>();
    expect(after.pagination.data.map((job) => job.id)).not.toContain(entry.id);

    // Retrying again changes nothing: it is done.
    const again = await admin.post(`/api/v1/admin/media-jobs/${entry.id}/retry`);
    expect(again.json()).toEqual({ status: 'ready' });
  });

  it('is for files managers in the admin area only', async () => {
    const { entry } = await failedUpload('not-yours.mp3');
    const someone = await signedInUser(t.app);
    expect((await failedList(someone.browser)).statusCode).toBe(403);
    const retry = await someone.browser.post(`/api/v1/admin/media-jobs/${entry.id}/retry`);
    expect(retry.statusCode).toBe(403);
    expect((await admin.post('/api/v1/admin/media-jobs/999999/retry')).statusCode).toBe(404);
  });
});
