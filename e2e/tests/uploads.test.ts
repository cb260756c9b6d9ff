import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB, TUS_UPLOAD_PATH } from '@backbeat/common';
import { seriousAccessibilityProblems } from '../src/axe.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer, setSettings } from '../src/server.ts';
import { taggedMp3 } from '../../server/test/helpers/tagged-audio.ts';
import { startS3, type TestS3 } from '../../server/test/helpers/s3-server.ts';

let server: TestServer;
let browser: Browser;
let files: string;

/** tus PATCHes as the server saw them (after the method override), for the resume test. */
const patches: { offset: number; length: number; afterReload: boolean }[] = [];
/** While set, PATCHes past this offset are refused with 503: a connection that keeps failing. */
let stallFrom: number | null = null;
let reloaded = false;
let refused = 0;
/** Slows every chunk down, so a test can act while an upload runs. */
let chunkDelayMs = 0;
/** tus uploads the server was told to terminate (DELETE, tunnelled as POST). */
const terminated: string[] = [];

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'backbeat-upload-files-'));
  [server, browser] = await Promise.all([
    startServer({
      inProcess: {
        reason: 'hooks on the tus PATCH requests count, delay and refuse chunks',
        configure: (app) => {
          app.addHook('onRequest', async (request, reply) => {
            if (!request.url.startsWith(`${TUS_UPLOAD_PATH}/`)) return;
            if (request.method === 'DELETE') terminated.push(request.url);
            if (request.method !== 'PATCH') return;
            if (chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, chunkDelayMs));
            const offset = Number(request.headers['upload-offset']);
            if (stallFrom !== null && offset >= stallFrom) {
              refused += 1;
              return reply.code(503).send({ message: 'Storage is busy.' });
            }
            patches.push({
              offset,
              length: Number(request.headers['content-length'] ?? 0),
              afterReload: reloaded,
            });
          });
        },
      },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(files, { recursive: true, force: true });
});

/** A file on disk, so the browser sees the same name, size and date each time it is chosen. */
function fileOnDisk(name: string, bytes: Buffer): string {
  const path = join(files, name);
  writeFileSync(path, bytes);
  return path;
}

/**
 * Random bytes that start as the named audio format does, so the server's content check takes
 * them for audio (they are then marked failed by processing, which these tests do not look at).
 */
function audioLike(kind: 'mp3' | 'flac' | 'wav', size: number): Buffer {
  const signature = {
    mp3: Buffer.from([0xff, 0xfb, 0x90, 0x64]),
    flac: Buffer.from('fLaC'),
    wav: Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'),
  }[kind];
  return Buffer.concat([signature, randomBytes(size - signature.length)]);
}

type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;
/** One login per server, its cookies reused by every tab: logins are rate-limited. */
const signedIn = new Map<string, SignedIn>();

async function openUploadPage(server: TestServer) {
  const saved = signedIn.get(server.url);
  const opened = await newPage(browser, saved ? { storageState: saved } : {});
  if (!saved) {
    await acceptCookies(opened.context, server.url);
    await loginThroughApi(opened.context, server.url, ADMIN);
    signedIn.set(server.url, await opened.context.storageState());
  }
  await opened.page.goto(`${server.url}/admin/upload`);
  await opened.page.getByRole('heading', { name: 'Upload', exact: true }).waitFor();
  return opened;
}

/** Picks files the way a person does: "Choose files", then the system's file chooser. */
async function chooseFiles(page: Page, paths: string[], by: 'pointer' | 'keyboard' = 'pointer') {
  const button = page.getByRole('button', { name: 'Choose files' });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    by === 'pointer' ? button.click() : button.focus().then(() => page.keyboard.press('Enter')),
  ]);
  await chooser.setFiles(paths);
}

const progressOf = (page: Page, name: string) =>
  page.getByRole('progressbar', { name: `Upload progress of ${name}` });
const rowOf = (page: Page, name: string) => page.getByRole('listitem', { name });
/** A row whose upload completed (what processing shows next depends on the file). */
const completedRow = (page: Page, name: string) =>
  page.locator('li[data-status="completed"]', { has: progressOf(page, name) });

async function progressValue(page: Page, name: string) {
  return Number(await progressOf(page, name).getAttribute('aria-valuenow'));
}

describe('the upload panel', () => {
  it('takes three dropped files and shows each one to completion', async () => {
    const { context, page, errors } = await openUploadPage(server);
    await page.getByText('Nothing uploaded yet.', { exact: false }).waitFor();
    // Two small files go as plain multipart, one of 6 MB through chunked tus.
    const dropped = [
      {
        name: 'first.mp3',
        type: 'audio/mpeg',
        base64: audioLike('mp3', 300_000).toString('base64'),
      },
      {
        name: 'second.flac',
        type: 'audio/flac',
        base64: audioLike('flac', 700_000).toString('base64'),
      },
      { name: 'third.wav', type: 'audio/wav', base64: audioLike('wav', 6 * MB).toString('base64') },
    ];
    const dataTransfer = await page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      return transfer;
    }, dropped);
    const dropzone = page.getByTestId('upload-dropzone');
    await dropzone.dispatchEvent('dragenter', { dataTransfer });
    await page.getByText('Drop to upload').waitFor();
    await dropzone.dispatchEvent('drop', { dataTransfer });

    for (const { name } of dropped) {
      await progressOf(page, name).waitFor();
      await completedRow(page, name).waitFor({ timeout: 30_000 });
      expect(await progressValue(page, name)).toBe(100);
    }
    await page.getByText('3 of 3 files uploaded').waitFor();
    // Each entry is listed with its processing result, and the server holds the same bytes.
    const table = page.getByRole('table');
    for (const { name } of dropped)
      await table.getByRole('link', { name: `Download ${name}` }).waitFor();
    const third = await table
      .getByRole('link', { name: 'Download third.wav' })
      .getAttribute('href');
    const download = await context.request.get(new URL(third!, server.url).href);
    expect(
      createHash('sha256')
        .update(await download.body())
        .digest('hex'),
    ).toBe(createHash('sha256').update(Buffer.from(dropped[2]!.base64, 'base64')).digest('hex'));
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows the processing result of an uploaded MP3 and drafts a track from it, as backstage does', async () => {
    const mp3 = await taggedMp3({ title: 'Demo Take', artist: 'Admin Uploads' }, 11, 5);
    const { context, page, errors } = await openUploadPage(server);
    await chooseFiles(page, [fileOnDisk('demo take.mp3', mp3)]);
    await completedRow(page, 'demo take.mp3').waitFor({ timeout: 30_000 });
    const row = rowOf(page, 'demo take.mp3');
    await row.getByText('Ready').waitFor({ timeout: 30_000 });
    await row.getByText('0:05').waitFor();
    await row.getByText(/-?\d+\.\d LUFS/).waitFor();
    expect(await row.getByTestId('upload-waveform').locator('rect').count()).toBeGreaterThan(10);
    // The entries list below shows the same result.
    await page.getByRole('table', { name: '1 uploaded file' }).getByText('Ready').waitFor();
    // Once processed, the file is a draft track named from its tags, which the admin publishes.
    await page.getByRole('heading', { name: '1 draft ready for review' }).waitFor();
    const draft = page.getByRole('row').filter({ hasText: /Demo Take/ });
    expect(await draft.textContent()).toContain('Admin Uploads');
    await draft.getByRole('button', { name: 'Publish Demo Take' }).click();
    await draft.getByRole('cell', { name: 'Published' }).waitFor();
    const track = await server.app.services.database.db
      .selectFrom('tracks')
      .select(['status', 'waveform'])
      .where('name', '=', 'Demo Take')
      .executeTakeFirstOrThrow();
    expect(track.status).toBe('published');
    expect((JSON.parse(track.waveform) as number[]).length).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('takes a whole folder, each file with its path inside it', async () => {
    const { context, page, errors } = await openUploadPage(server);
    const folder = join(files, 'Night Drive');
    mkdirSync(folder);
    writeFileSync(join(folder, '01 intro.mp3'), audioLike('mp3', 120_000));
    writeFileSync(join(folder, '02 outro.mp3'), audioLike('mp3', 150_000));
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Choose folder' }).click(),
    ]);
    await chooser.setFiles(folder);
    for (const name of ['01 intro.mp3', '02 outro.mp3']) {
      await completedRow(page, name).waitFor({ timeout: 30_000 });
      await rowOf(page, name).getByText(`Night Drive/${name}`).waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('refuses a blocked type and an over-size file with the spec messages', async () => {
    await setSettings(server, { 'uploads.max_size': MB });
    try {
      const { context, page } = await openUploadPage(server);
      await chooseFiles(
        page,
        [
          fileOnDisk('setup.exe', randomBytes(1000)),
          fileOnDisk('big mix.wav', randomBytes(2 * MB)),
          fileOnDisk('lyrics.mp3', Buffer.from('These are my lyrics, not a song.\n'.repeat(100))),
        ],
        'keyboard',
      );
      // The name passes the browser's check; the server reads the bytes and refuses them.
      await rowOf(page, 'lyrics.mp3')
        .getByText('`lyrics.mp3` is named as audio, but its contents are not audio')
        .waitFor({ timeout: 20_000 });
      await rowOf(page, 'setup.exe').getByText('This file type is not allowed').waitFor();
      await rowOf(page, 'big mix.wav')
        .getByText('`big mix.wav` exceeds maximum allowed size of 1 MB')
        .waitFor();
      // Nothing was sent, and sending it again cannot help: no retry is offered.
      expect(await page.getByRole('button', { name: 'Retry setup.exe' }).count()).toBe(0);
      await page.getByRole('status').filter({ hasText: 'failed' }).waitFor({ state: 'attached' });
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await context.close();
    } finally {
      await setSettings(server, { 'uploads.max_size': 2 * 1024 * MB });
    }
  }, 60_000);

  it('resumes a chunked upload from the server offset after a reload', async () => {
    await setSettings(server, { 'uploads.chunk_size': MB });
    try {
      const size = 12 * MB;
      const bytes = randomBytes(size);
      const path = fileOnDisk('long session.bin', bytes);
      const { context, page, errors } = await openUploadPage(server);
      patches.length = 0;
      stallFrom = 4 * MB;
      await chooseFiles(page, [path]);
      // Four chunks arrive, then the connection keeps failing: the bar stops at a third.
      await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThan(0);
      // (The refused fifth chunk may have shown some of its bytes going out.)
      expect(await progressValue(page, 'long session.bin')).toBeGreaterThanOrEqual(33);
      expect(await progressValue(page, 'long session.bin')).toBeLessThan(50);

      reloaded = true;
      await page.reload();
      stallFrom = null;
      await page.getByRole('heading', { name: 'Upload', exact: true }).waitFor();
      // The panel says the upload can go on, and how.
      const unfinished = page.getByRole('region', { name: 'Unfinished uploads' });
      await unfinished.getByText('long session.bin').waitFor();
      await chooseFiles(page, [path]);
      await completedRow(page, 'long session.bin').waitFor({ timeout: 30_000 });
      await unfinished.waitFor({ state: 'detached' });

      // The same upload went on from the server's offset, not from the start.
      const resumed = patches.filter((patch) => patch.afterReload);
      expect(resumed[0]?.offset).toBe(4 * MB);
      const received = patches.reduce((sum, patch) => sum + patch.length, 0);
      expect(received).toBe(size);
      expect(received).toBeLessThan(2 * size);
      const link = page.getByRole('link', { name: 'Download long session.bin' });
      const download = await context.request.get(
        new URL((await link.getAttribute('href'))!, server.url).href,
      );
      expect((await download.body()).equals(bytes)).toBe(true);
      // Refused chunks are retried quietly; the page itself logs nothing else.
      expect(errors.filter((error) => !error.includes('503'))).toEqual([]);
      await context.close();
    } finally {
      stallFrom = null;
      await setSettings(server, { 'uploads.chunk_size': 5 * MB });
    }
  }, 60_000);
});

describe('the upload controls', () => {
  it('pauses, resumes, cancels and retries from the keyboard, keeping focus in place', async () => {
    await setSettings(server, { 'uploads.chunk_size': MB });
    chunkDelayMs = 150;
    try {
      const { context, page, errors } = await openUploadPage(server);
      /** Answers the page got that were not 2xx/3xx, by method and path. */
      const refusedAnswers: { status: number; method: string; path: string }[] = [];
      page.on('response', (response) => {
        if (response.status() < 400) return;
        const method = response.request().method();
        refusedAnswers.push({
          status: response.status(),
          method,
          path: new URL(response.url()).pathname,
        });
      });
      const name = 'keyboard take.bin';
      await chooseFiles(page, [fileOnDisk(name, randomBytes(12 * MB))], 'keyboard');
      await expect.poll(() => progressValue(page, name), { timeout: 20_000 }).toBeGreaterThan(0);
      const row = rowOf(page, name);

      await page.getByRole('button', { name: `Pause ${name}` }).focus();
      await page.keyboard.press('Enter');
      await row.getByText('Paused').waitFor();
      // The same button now resumes, and still has the focus.
      await page.getByRole('button', { name: `Resume ${name}` }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        `Resume ${name}`,
      );
      const pausedAt = await progressValue(page, name);
      await page.keyboard.press('Enter');
      await row.getByText('Uploading').waitFor();
      await expect.poll(() => progressValue(page, name)).toBeGreaterThan(pausedAt);

      await page.getByRole('button', { name: `Cancel ${name}` }).focus();
      await page.keyboard.press('Enter');
      await row.getByText('Cancelled').waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        `Retry ${name}`,
      );
      // Cancelling removes what the server held (tus termination).
      await expect.poll(() => terminated.length).toBe(1);

      // Its address is forgotten once the server confirmed, so a retry starts a new upload.
      await expect
        .poll(() =>
          page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tus::'))),
        )
        .toEqual([]);
      chunkDelayMs = 0;
      await page.keyboard.press('Enter');
      await completedRow(page, name).waitFor({ timeout: 30_000 });
      // A chunk cut off by the pause may land after the resumed client read the offset: tus
      // answers 409 and the client reads the offset again (spec 2 §8 retries 409). A request of
      // the cancelled upload that crosses its termination finds it gone: 404, on that upload's
      // own address only. Nothing else.
      expect(
        refusedAnswers.filter(
          (answer) =>
            answer.status !== 409 && !(answer.status === 404 && terminated.includes(answer.path)),
        ),
      ).toEqual([]);
      expect(errors.filter((error) => !/status of (409|404)\b/.test(error))).toEqual([]);
      await context.close();
    } finally {
      chunkDelayMs = 0;
      await setSettings(server, { 'uploads.chunk_size': 5 * MB });
    }
  }, 60_000);
});

describe('the upload panel on S3 storage (s3rver)', () => {
  let s3: TestS3;
  let onS3: TestServer;
  beforeAll(async () => {
    s3 = await startS3();
    onS3 = await startServer({ env: s3.env });
    await setSettings(onS3, { 'uploads.s3_direct_upload': true });
  });
  afterAll(async () => {
    await onS3?.close();
    await s3?.close();
  });

  it('puts files straight into the bucket, simple and multipart, and makes their entries', async () => {
    const small = audioLike('mp3', 2 * MB);
    // 100 MB and more goes in S3 multipart parts of 20 MB, five at once.
    const large = randomBytes(100 * MB + 1234);
    const { context, page, errors } = await openUploadPage(onS3);
    const bucketPuts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().startsWith(s3.endpoint)) {
        bucketPuts.push(request.url());
      }
    });
    await chooseFiles(page, [
      fileOnDisk('direct.mp3', small),
      fileOnDisk('big archive.bin', large),
    ]);
    await completedRow(page, 'direct.mp3').waitFor({ timeout: 30_000 });
    await completedRow(page, 'big archive.bin').waitFor({ timeout: 60_000 });

    // One simple PUT and six part PUTs went to the bucket, none through the app.
    expect(bucketPuts.filter((url) => !url.includes('partNumber='))).toHaveLength(1);
    expect(bucketPuts.filter((url) => url.includes('partNumber='))).toHaveLength(6);
    for (const [name, bytes] of [
      ['direct.mp3', small],
      ['big archive.bin', large],
    ] as const) {
      const link = page.getByRole('link', { name: `Download ${name}` });
      const download = await context.request.get(
        new URL((await link.getAttribute('href'))!, onS3.url).href,
      );
      expect(
        createHash('sha256')
          .update(await download.body())
          .digest('hex'),
      ).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    // The finished multipart session is no longer kept for a resume.
    const kept = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('backbeat.s3-multipart.')),
    );
    expect(kept).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('resumes a multipart upload from the parts S3 holds after a reload', async () => {
    const bytes = randomBytes(100 * MB + 99);
    const path = fileOnDisk('resumed archive.bin', bytes);
    const { context, page, errors } = await openUploadPage(onS3);
    const partOf = (url: string) => Number(new URL(url).searchParams.get('partNumber'));
    // Parts 1 and 2 arrive; from part 3 on the connection hangs, as on a train going into a tunnel.
    await page.route(
      (url) => url.href.startsWith(s3.endpoint) && partOf(url.href) >= 3,
      () => {},
    );
    const stored = new Set<number>();
    page.on('requestfinished', (request) => {
      if (request.method() === 'PUT' && request.url().includes('partNumber=')) {
        stored.add(partOf(request.url()));
      }
    });
    await chooseFiles(page, [path]);
    await expect.poll(() => stored.size, { timeout: 30_000 }).toBe(2);
    const kept = () =>
      page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('backbeat.s3-multipart.')),
      );
    expect(await kept()).toHaveLength(1);

    await page.reload();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const sentAfterReload: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('partNumber=')) {
        sentAfterReload.push(partOf(request.url()));
      }
    });
    await page.getByRole('heading', { name: 'Upload', exact: true }).waitFor();
    await chooseFiles(page, [path]);
    await completedRow(page, 'resumed archive.bin').waitFor({ timeout: 60_000 });

    // Only the parts S3 lacked went again; the file came out whole and the session is gone.
    expect([...new Set(sentAfterReload)].sort((a, b) => a - b)).toEqual([3, 4, 5, 6]);
    const link = page.getByRole('link', { name: 'Download resumed archive.bin' });
    const download = await context.request.get(
      new URL((await link.getAttribute('href'))!, onS3.url).href,
    );
    expect(
      createHash('sha256')
        .update(await download.body())
        .digest('hex'),
    ).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await kept()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
