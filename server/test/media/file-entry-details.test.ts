import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEntry } from '@backbeat/common';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { sampleMp3, signedInUploader } from '../helpers/uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function form(file: Blob, name: string) {
  const data = new FormData();
  data.append('file', file, name);
  return data;
}

type Uploader = Awaited<ReturnType<typeof signedInUploader>>;
async function upload(uploader: Uploader, bytes: Buffer | string, name: string) {
  const response = await uploader.browser.upload(
    '/api/v1/file-entries',
    form(new Blob([bytes]), name),
  );
  expect(response.statusCode).toBe(201);
  return response.json<{ fileEntry: FileEntry }>().fileEntry;
}

describe('GET api/v1/file-entries/:id/details', () => {
  it('answers an audio entry with its media analysis, pending at first', async () => {
    const uploader = await signedInUploader(t.app);
    const created = await upload(uploader, await sampleMp3(), 'Song.mp3');
    expect(created.media?.status).toBe('pending');
    const response = await uploader.browser.get(`/api/v1/file-entries/${created.id}/details`);
    expect(response.statusCode).toBe(200);
    const { fileEntry } = response.json<{ fileEntry: FileEntry }>();
    expect(fileEntry).toMatchObject({ id: created.id, name: 'Song.mp3', mime: 'audio/mpeg' });
    expect(['pending', 'processing', 'ready']).toContain(fileEntry.media?.status);
  });

  it('answers a file that is not audio without media', async () => {
    const uploader = await signedInUploader(t.app);
    const created = await upload(uploader, 'just some notes', 'notes.txt');
    expect(created.media).toBeUndefined();
    const response = await uploader.browser.get(`/api/v1/file-entries/${created.id}/details`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ fileEntry: FileEntry }>().fileEntry.media).toBeUndefined();
  });

  it("answers 404 for someone else's entry and for one that does not exist", async () => {
    const owner = await signedInUploader(t.app);
    const created = await upload(owner, await sampleMp3(), 'Mine.mp3');
    const other = await signedInUploader(t.app);
    expect((await other.browser.get(`/api/v1/file-entries/${created.id}/details`)).statusCode).toBe(
      404,
    );
    expect((await owner.browser.get('/api/v1/file-entries/999999/details')).statusCode).toBe(404);
  });

  it('lets a user with files.update see any entry', async () => {
    const owner = await signedInUploader(t.app);
    const created = await upload(owner, await sampleMp3(), 'Theirs.mp3');
    const { browser } = await signedInUser(t.app);
    await browser.login(t.admin.email, t.admin.password);
    const response = await browser.get(`/api/v1/file-entries/${created.id}/details`);
    expect(response.statusCode).toBe(200);
  });

  it('answers 422 for an id that is not a number and 401 without a session', async () => {
    const uploader = await signedInUploader(t.app);
    const bad = await uploader.browser.get('/api/v1/file-entries/abc/details');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toHaveProperty('errors.id');
    const guest = await t.app.inject({ method: 'GET', url: '/api/v1/file-entries/1/details' });
    expect(guest.statusCode).toBe(401);
  });
});
