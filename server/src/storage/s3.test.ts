import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../test/helpers/s3-server.ts';
import { loadConfig } from '../config.ts';
import { createS3Storage, directUploadOrigins, type S3Storage } from './s3.ts';

const appKey = randomBytes(32).toString('base64url');
let s3: TestS3;
let storage: S3Storage;
beforeAll(async () => {
  s3 = await startS3();
  const config = loadConfig({ ...s3.env, APP_KEY: appKey, STORAGE_PATH: '/tmp' });
  if (config.storage.driver !== 's3') throw new Error('expected the S3 driver');
  storage = createS3Storage(config.storage);
});
afterAll(async () => {
  storage?.client.destroy();
  await s3?.close();
});

describe('S3 storage (against s3rver)', () => {
  it('writes, stats, reads ranges and deletes', async () => {
    await storage.write('audio/a.mp3', 'hello world');
    expect((await storage.stat('audio/a.mp3'))?.size).toBe(11);
    expect(await text(storage.read('audio/a.mp3'))).toBe('hello world');
    expect(await text(storage.read('audio/a.mp3', { start: 6, end: 10 }))).toBe('world');
    await storage.delete('audio/a.mp3');
    expect(await storage.stat('audio/a.mp3')).toBeNull();
  });

  it('reports a missing object as an error on the stream, not a crash', async () => {
    await expect(text(storage.read('missing/file.mp3'))).rejects.toThrow();
  });

  it('refuses keys that could leave the bucket prefix', async () => {
    await expect(storage.stat('../x')).rejects.toThrow(/Unsafe storage key/);
  });

  it('accepts a PUT to a presigned URL with its content type', async () => {
    const url = await storage.presignPut('uploads/p.bin', 'application/octet-stream', 60);
    const answer = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'x-amz-acl': 'private' },
      body: Buffer.from('presigned'),
    });
    expect(answer.status).toBe(200);
    expect((await storage.stat('uploads/p.bin'))?.size).toBe(9);
  });
});

describe('config', () => {
  it('refuses STORAGE_DRIVER=s3 without a bucket and keys', () => {
    expect(() =>
      loadConfig({ STORAGE_DRIVER: 's3', APP_KEY: appKey, STORAGE_PATH: '/tmp' }),
    ).toThrow(/S3_BUCKET, S3_KEY, S3_SECRET/);
  });
});

describe('where browsers upload directly', () => {
  const s3 = (env: Record<string, string>) =>
    loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'tunes',
      S3_KEY: 'key',
      S3_SECRET: 'secret',
      S3_REGION: 'eu-west-1',
      APP_KEY: appKey,
      STORAGE_PATH: '/tmp',
      ...env,
    }).storage;

  it('is nowhere for local disk, and the bucket host for S3', () => {
    expect(directUploadOrigins({ driver: 'local' })).toEqual([]);
    expect(directUploadOrigins(s3({}))).toEqual([
      'https://tunes.s3.eu-west-1.amazonaws.com',
      'https://s3.eu-west-1.amazonaws.com',
    ]);
    expect(
      directUploadOrigins(s3({ S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true' })),
    ).toEqual(['http://127.0.0.1:9000']);
    expect(directUploadOrigins(s3({ S3_ENDPOINT: 'https://r2.example.com' }))).toEqual([
      'https://r2.example.com',
      'https://tunes.r2.example.com',
    ]);
  });
});
