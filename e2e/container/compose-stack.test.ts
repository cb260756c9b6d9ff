/**
 * compose.yaml, unchanged, started with Debian's podman-compose from a clean state (issue 39,
 * "Containers"; `.ci/container-image` builds the image and the stand-ins for PostgreSQL, Redis,
 * MinIO and mc, then runs this file; e2e/src/compose-stack.ts says what it does that
 * podman-compose 1.0.3 does not): Backbeat gets healthy after PostgreSQL's healthcheck and the
 * bucket job, makes the admin account `.env` names, and serves the web app and the player, a
 * Subsonic app streaming with ranges, and tus uploads that land in MinIO's bucket. Everything,
 * volumes too, is taken down at the end (`down --volumes`), passed or failed.
 */
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../src/browser.ts';
import { composeStack } from '../src/compose-stack.ts';
import {
  mp3Bytes,
  signInAndPlay,
  signedInContext,
  subsonicApp,
  tusUpload,
  writeToneFlac,
} from '../src/container-journeys.ts';

const TONE = { title: 'Compose Harbour Tone', artist: 'The Stand-in Quartet' };

const stack = composeStack();
let browser: Browser;

beforeAll(async () => {
  await stack.start(async (folder) => writeToneFlac(folder, TONE));
  browser = await launchBrowser();
}, 300_000);
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') console.error(await stack.logs('backbeat').catch(String));
});
afterAll(async () => {
  await browser?.close();
  await stack.close();
});

describe("compose.yaml's stack", () => {
  it('starts Backbeat once PostgreSQL is healthy and the bucket job has made the bucket', async () => {
    const state = async (service: string, field: string) =>
      (
        await stack.podman('inspect', '--format', `{{${field}}}`, stack.container(service))
      ).stdout.trim();
    expect(await state('postgres', '.State.Health.Status')).toBe('healthy');
    expect(await state('minio-bucket', '.State.ExitCode')).toBe('0');
    expect(await state('redis', '.State.Status')).toBe('running');
    // The image's HEALTHCHECK, as the engine runs it.
    await expect(
      stack.podman('healthcheck', 'run', stack.container('backbeat')),
    ).resolves.toBeDefined();
    expect(await state('backbeat', '.State.Health.Status')).toBe('healthy');
  });

  it('signs in its admin with the form and plays a popular track with ranges', async () => {
    const { streams, errors } = await signInAndPlay(browser, stack);
    expect(streams).toContain(206);
    expect(errors).toEqual([]);
  }, 120_000);

  it("answers a Subsonic app: the music folder's song found, read and streamed with a Range", async () => {
    const context = await signedInContext(browser, stack);
    const { rest, findSong } = await subsonicApp(context, stack);
    const songId = await findSong('Compose Harbour');
    const song = (await (await fetch(rest('getSong', { id: songId }))).json()) as {
      'subsonic-response': { song?: { title: string; artist: string } };
    };
    expect(song['subsonic-response'].song).toMatchObject(TONE);
    const range = await fetch(rest('stream', { id: songId }), {
      headers: { range: 'bytes=1000-2999' },
    });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toMatch(/^bytes 1000-2999\/\d+$/);
    expect((await range.arrayBuffer()).byteLength).toBe(2000);
    await context.close();
  }, 120_000);

  it("takes a tus upload into MinIO's bucket, read back there with the MinIO user's credentials", async () => {
    const context = await signedInContext(browser, stack);
    const bytes = mp3Bytes();
    const { status, served } = await tusUpload(context, stack, bytes);
    expect(status).toBe(201);
    expect(Buffer.compare(served!, bytes)).toBe(0);
    await context.close();

    // The bucket compose.yaml's job made, through the S3 API as the app reaches it (the host
    // reaches the compose network's addresses), signed as compose.yaml's S3_KEY / S3_SECRET.
    const s3 = new S3Client({
      endpoint: `http://${await stack.address('minio')}:9000`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'backbeat', secretAccessKey: stack.env.MINIO_PASSWORD! },
    });
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'backbeat' }));
    const sameSize = (listed.Contents ?? []).filter((object) => object.Size === bytes.length);
    const bodies = await Promise.all(
      sameSize.map(async (object) => {
        const found = await s3.send(new GetObjectCommand({ Bucket: 'backbeat', Key: object.Key }));
        return Buffer.from(await found.Body!.transformToByteArray());
      }),
    );
    expect(bodies.some((body) => Buffer.compare(body, bytes) === 0)).toBe(true);

    // A wrong secret is refused, as MinIO refuses it.
    const wrong = new S3Client({
      endpoint: `http://${await stack.address('minio')}:9000`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'backbeat', secretAccessKey: 'not-the-password' },
    });
    await expect(wrong.send(new ListObjectsV2Command({ Bucket: 'backbeat' }))).rejects.toThrow(
      /signature/i,
    );
  }, 90_000);
});
