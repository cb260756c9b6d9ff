import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationsStatus } from '@backbeat/common/admin/operations';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { saveSettings, signIn, type HttpSession } from './helpers/built-server.ts';
import { createTrack } from './helpers/catalog.ts';
import { openBrowser, type Browser } from './helpers/client.ts';
import { signedInUser } from './helpers/accounts.ts';
import { mailSettingsFor, startMailbox, type Mailbox } from './helpers/mailbox.ts';
import { sampleMp3, signedInUploader } from './helpers/uploads.ts';

/*
 * Operations (issue 39.5): the admin's one answer to "is the site healthy?", and Prometheus
 * metrics at /metrics, off by default and behind a token when on; asked of the built server
 * (issue 37.3), since the answer is about the process that serves.
 */

const TOKEN = randomBytes(24).toString('base64url');
let t: TestApp;
let url: string;
let admin: Browser;
/** The admin over HTTP, to save settings the built server keeps cached. */
let adminSettings: HttpSession;
let mailbox: Mailbox;

beforeAll(async () => {
  [t, mailbox] = await Promise.all([createTestApp({ builtServer: true }), startMailbox()]);
  url = t.url!;
  admin = await openBrowser(t.app, { url });
  await admin.login(t.admin.email, t.admin.password);
  adminSettings = await signIn(url, t.admin);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

async function status(): Promise<OperationsStatus> {
  const response = await admin.get('/api/v1/admin/operations');
  expect(response.statusCode).toBe(200);
  return (response.json() as { status: OperationsStatus }).status;
}

describe('the operations answer', () => {
  it('reports version, uptime, database, storage, jobs, ffmpeg, mail and backups', async () => {
    const { browser } = await signedInUploader(t.app, { url });
    const mp3 = await sampleMp3();
    const form = new FormData();
    form.append('file', new Blob([mp3]), 'song.mp3');
    expect((await browser.upload('/api/v1/file-entries', form)).statusCode).toBe(201);
    const first = await status();
    expect(first).toMatchObject({
      version: '0.1.0',
      node: process.version,
      database: { driver: t.config.database.driver, reachable: true },
      storage: { driver: 'local' },
      redis: { configured: false, reachable: null },
      jobs: { driver: 'memory' },
      ffmpeg: { found: true },
      mail: { driver: 'log', reachable: true, error: null },
      metrics_enabled: false,
      last_backup: null,
    });
    expect(first.database.bytes).toBeGreaterThan(0);
    expect(first.storage.files).toBeGreaterThanOrEqual(1);
    expect(first.storage.bytes).toBeGreaterThanOrEqual(mp3.length);
    expect(first.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(first.ffmpeg.version).toMatch(/^ffmpeg version /);
    expect(first.jobs.queues.map((queue) => queue.name).length).toBeGreaterThan(0);
    for (const queue of first.jobs.queues) {
      expect(queue).toEqual({
        name: expect.any(String),
        waiting: expect.any(Number),
        running: expect.any(Number),
        failed: expect.any(Number),
      });
    }

    const made = await admin.post('/api/v1/admin/backups', { files: false });
    expect(made.statusCode).toBe(200);
    expect((await status()).last_backup).toEqual((made.json() as { backup: unknown }).backup);
  });

  it('says whether the SMTP server answers', async () => {
    await saveSettings(adminSettings, {
      'mail.driver': 'smtp',
      'mail.smtp_host': '127.0.0.1',
      'mail.smtp_port': 1,
    });
    const down = (await status()).mail;
    expect(down).toMatchObject({ driver: 'smtp', reachable: false });
    expect(down.error).toMatch(/ECONNREFUSED|connect/i);

    await saveSettings(adminSettings, mailSettingsFor(mailbox));
    expect((await status()).mail).toEqual({ driver: 'smtp', reachable: true, error: null });
  });

  it('is for admins only', async () => {
    const listener = await signedInUser(t.app, {}, { url });
    expect((await listener.browser.get('/api/v1/admin/operations')).statusCode).toBe(403);
    const guest = await openBrowser(t.app, { url });
    expect((await guest.get('/api/v1/admin/operations')).statusCode).toBe(401);
  });

  it('keeps /metrics off without METRICS_TOKEN', async () => {
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      message: expect.stringContaining('METRICS_TOKEN'),
    });
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let site: TestApp;
  let url: string;
  beforeAll(async () => {
    site = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, builtServer: true });
    url = site.url!;
  });
  afterAll(() => site.close());

  it('asks for the token', async () => {
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('counts requests, their latency, audio bytes streamed and jobs', async () => {
    const audio = randomBytes(20_000);
    const track = await createTrack(site.app, { audio });
    const streamed = await fetch(`${url}/api/v1/tracks/${track.id}/stream`);
    expect((await streamed.arrayBuffer()).byteLength).toBe(audio.length);
    await fetch(`${url}/api/v1/bootstrap-data`);

    const response = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/v1\/bootstrap-data",status_code="200"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/v1\/tracks\/:id\/stream",status_code="200"\} 1/,
    );
    const bytes = Number(/backbeat_stream_bytes_total (\d+)/.exec(text)?.[1]);
    // The body and its headers.
    expect(bytes).toBeGreaterThanOrEqual(audio.length);
    expect(bytes).toBeLessThan(audio.length + 2000);
    expect(text).toMatch(/backbeat_jobs\{queue="[^"]+",state="waiting"\} \d+/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
  });
});
