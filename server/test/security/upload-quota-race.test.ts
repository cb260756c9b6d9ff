import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { saveSettings, signIn } from '../helpers/built-server.ts';
import type { BrowserResponse } from '../helpers/client.ts';
import { startS3, type TestS3 } from '../helpers/s3-server.ts';
import { runTusUpload } from '../helpers/tus.ts';
import { signedInUploader } from '../helpers/uploads.ts';

/**
 * Issue 35 item 5: the space check and the making of the entry were two steps, so uploads
 * finished at the same moment each saw the space still free and were all kept (five tus
 * finishes of 150 kB against 200 kB: 750 kB stored). Each path below finishes five such
 * uploads at once; one fits, the others get the quota error and their bytes are removed.
 * The uploads race on the built server over real sockets (issue 37.3).
 */
const SPACE = 200_000;
const FILE_SIZE = 150_000;
const AT_ONCE = 5;

/** Bytes no sniffer recognises, as a plain document would be. */
const fileBytes = () => randomBytes(FILE_SIZE);

type Uploader = Awaited<ReturnType<typeof signedInUploader>>;

async function storedBytesOf(t: TestApp, userId: number): Promise<number> {
  const rows = await t.database.db
    .selectFrom('file_entries')
    .select('file_size')
    .where('user_id', '=', userId)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.file_size), 0);
}

/** One answer kept the file, every other is the quota error; returns the kept one's index. */
function expectOneKept(answers: BrowserResponse[]): number {
  const kept = answers.flatMap((answer, index) => (answer.statusCode === 201 ? [index] : []));
  expect(kept).toHaveLength(1);
  for (const answer of answers.filter((a) => a.statusCode !== 201)) {
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe(UPLOAD_MESSAGES.overQuota);
  }
  return kept[0]!;
}

describe('on local storage', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ builtServer: true });
    base = t.url!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps one of five tus uploads finished at once against a space for one', async () => {
    const uploader = await signedInUploader(t.app, { space: SPACE, url: t.url! });
    const runs = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        runTusUpload(base, uploader.browser, fileBytes(), {
          metadata: { name: `notes-${i}.bin`, clientName: `notes-${i}.bin` },
        }),
      ),
    );
    const answers = await Promise.all(
      runs.map((run) => uploader.browser.post('/api/v1/tus/entries', { uploadKey: run.id })),
    );
    const kept = expectOneKept(answers);
    expect(await storedBytesOf(t, uploader.id)).toBe(FILE_SIZE);
    const { storage, tus } = t.app.services;
    for (const [index, run] of runs.entries()) {
      const stored = await storage.stat(tus.keyOf(run.id));
      if (index === kept) expect(stored?.size).toBe(FILE_SIZE);
      else expect(stored).toBeNull();
    }
  });

  it('keeps one of five plain multipart uploads sent at once against a space for one', async () => {
    const uploader = await signedInUploader(t.app, { space: SPACE, url: t.url! });
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => {
        const form = new FormData();
        form.append('file', new Blob([fileBytes()]), `notes-${i}.bin`);
        return uploader.browser.upload('/api/v1/file-entries', form);
      }),
    );
    expectOneKept(answers);
    expect(await storedBytesOf(t, uploader.id)).toBe(FILE_SIZE);
    // Only the kept file's bytes remain among the uploads.
    const { storage } = t.app.services;
    const [entry] = await t.database.db
      .selectFrom('file_entries')
      .select('path')
      .where('user_id', '=', uploader.id)
      .execute();
    expect((await storage.stat(entry!.path))?.size).toBe(FILE_SIZE);
  });
});

describe('on S3, uploaded straight to the bucket', () => {
  let s3: TestS3;
  let t: TestApp;
  let bucket: S3Client;
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({ env: s3.env, builtServer: true });
    await saveSettings(await signIn(t.url!, t.admin), { 'uploads.s3_direct_upload': true });
    bucket = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    bucket?.destroy();
    await t?.close();
    await s3?.close();
  });

  /** The objects the bucket holds under these keys, by S3's own listing. */
  async function objectsAmong(keys: string[]): Promise<string[]> {
    const listed = await bucket.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'uploads/' }),
    );
    return (listed.Contents ?? []).flatMap((o) => (o.Key && keys.includes(o.Key) ? [o.Key] : []));
  }

  async function put(url: string, body: Buffer, headers: Record<string, string> = {}) {
    const response = await fetch(url, { method: 'PUT', body, headers });
    expect(response.status).toBe(200);
    return response.headers.get('etag') ?? '';
  }

  const entryFor = (uploader: Uploader, key: string, i: number) =>
    uploader.browser.post('/api/v1/s3/entries', {
      clientName: `notes-${i}.bin`,
      filename: key,
      size: FILE_SIZE,
      metadata: {},
    });

  it('keeps one of five simple uploads finished at once against a space for one', async () => {
    const uploader = await signedInUploader(t.app, { space: SPACE, url: t.url! });
    const keys = await Promise.all(
      Array.from({ length: AT_ONCE }, async (_, i) => {
        const presign = await uploader.browser.post('/api/v1/s3/simple/presign', {
          filename: `notes-${i}.bin`,
          size: FILE_SIZE,
          metadata: {},
        });
        expect(presign.statusCode).toBe(200);
        const { url, acl, key } = presign.json<{ url: string; acl: string; key: string }>();
        await put(url, fileBytes(), { 'x-amz-acl': acl });
        return key;
      }),
    );
    const answers = await Promise.all(keys.map((key, i) => entryFor(uploader, key, i)));
    const kept = expectOneKept(answers);
    expect(await storedBytesOf(t, uploader.id)).toBe(FILE_SIZE);
    expect(await objectsAmong(keys)).toEqual([keys[kept]]);
  });

  it('keeps one of five multipart uploads completed at once against a space for one', async () => {
    const uploader = await signedInUploader(t.app, { space: SPACE, url: t.url! });
    const keys = await Promise.all(
      Array.from({ length: AT_ONCE }, async (_, i) => {
        const created = await uploader.browser.post('/api/v1/s3/multipart/create', {
          filename: `notes-${i}.bin`,
          size: FILE_SIZE,
          metadata: {},
        });
        expect(created.statusCode).toBe(200);
        const session = created.json<{ key: string; uploadId: string }>();
        const signed = await uploader.browser.post('/api/v1/s3/multipart/batch-sign-part-urls', {
          ...session,
          partNumbers: [1],
        });
        const [part] = signed.json<{ urls: { url: string }[] }>().urls;
        const etag = await put(part!.url, fileBytes());
        const complete = await uploader.browser.post('/api/v1/s3/multipart/complete', {
          ...session,
          parts: [{ PartNumber: 1, ETag: etag }],
        });
        expect(complete.statusCode).toBe(200);
        return session.key;
      }),
    );
    const answers = await Promise.all(keys.map((key, i) => entryFor(uploader, key, i)));
    const kept = expectOneKept(answers);
    expect(await storedBytesOf(t, uploader.id)).toBe(FILE_SIZE);
    expect(await objectsAmong(keys)).toEqual([keys[kept]]);
  });
});
