import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAVEFORM_POINTS, type FileEntry, type MediaAnalysis } from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { encodeAudio, taggedMp3 } from '../helpers/audio.ts';
import { jobsIdle, signIn, type HttpSession } from '../helpers/built-server.ts';
import { runTusUpload } from '../helpers/tus.ts';
import { signedInUploader } from '../helpers/uploads.ts';
import { NOT_DECODABLE } from '../../src/lib/audio/ffmpeg.ts';

/** Uploads to the built server (issue 37.3), whose own job queue processes them. */
let t: TestApp;
let base: string;
let admin: HttpSession;
beforeAll(async () => {
  t = await createTestApp({ builtServer: true });
  base = t.url!;
  admin = await signIn(base, t.admin);
});
const newUploader = () => signedInUploader(t.app, { url: base });
afterAll(async () => {
  await t?.close();
});

type Uploader = Awaited<ReturnType<typeof signedInUploader>>;

async function uploadPlain(uploader: Uploader, bytes: Buffer, name: string) {
  const data = new FormData();
  data.append('file', new Blob([bytes]), name);
  const response = await uploader.browser.upload('/api/v1/file-entries', data);
  expect(response.statusCode).toBe(201);
  return response.json<{ fileEntry: FileEntry }>().fileEntry;
}

/** Polls the details call, as the upload panel does, until processing has ended. */
async function processed(uploader: Uploader, id: number): Promise<MediaAnalysis> {
  for (;;) {
    const response = await uploader.browser.get(`/api/v1/file-entries/${id}/details`);
    expect(response.statusCode).toBe(200);
    const media = response.json<{ fileEntry: FileEntry }>().fileEntry.media;
    expect(media).toBeTruthy();
    if (media!.status === 'ready' || media!.status === 'failed') return media!;
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}

const entriesOf = (userId: number) =>
  t.database.db.selectFrom('file_entries').selectAll().where('user_id', '=', userId).execute();

describe('media processing after an audio upload', () => {
  it('reads tags, duration, cover, waveform, loudness and gapless info of an MP3', async () => {
    const uploader = await newUploader();
    const entry = await uploadPlain(uploader, await taggedMp3(5), 'night-drive.mp3');
    expect(entry.media?.status).toBe('pending');
    const media = await processed(uploader, entry.id);
    expect(media.status).toBe('ready');
    expect(media.error).toBeNull();
    expect(media.duration_ms).toBeGreaterThanOrEqual(4950);
    expect(media.duration_ms).toBeLessThanOrEqual(5050);
    expect(media).toMatchObject({ sample_rate: 44_100, channels: 2, bitrate: 192_000 });
    expect(media.tags).toMatchObject({
      title: 'Night Drive',
      artists: ['The Testers'],
      album: 'Test Album',
      track_number: 3,
      year: 2021,
      genres: ['Synthwave'],
    });
    expect(media.waveform).toHaveLength(WAVEFORM_POINTS);
    expect(Math.max(...media.waveform)).toBeCloseTo(0.1, 1);
    // A 997 Hz sine at 0.1 on both channels: −20 LUFS, true peak −20 dBTP, ReplayGain +2 dB.
    expect(media.loudness!.integrated_lufs).toBeGreaterThan(-20.5);
    expect(media.loudness!.integrated_lufs).toBeLessThan(-19.5);
    expect(Math.abs(media.loudness!.true_peak_dbtp + 20)).toBeLessThan(0.5);
    expect(media.loudness!.track_gain_db).toBeCloseTo(-18 - media.loudness!.integrated_lufs, 2);
    expect(media.gapless).toMatchObject({ sample_rate: 44_100, total_samples: 5 * 44_100 });
    expect(media.gapless!.encoder_delay).toBeGreaterThan(0);

    // The cover became public artwork (issue 36.1): the same address an editor's upload gets,
    // loaded by any listener (here a guest) and cached like other artwork.
    expect(media.artwork_url).toMatch(/^\/storage\/public\/artwork\/[\w-]+\.webp$/);
    const cover = await fetch(`${base}${media.artwork_url!}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/webp');
    expect(cover.headers.get('cache-control')).toBe('public, max-age=604800');
    // The queryable columns carry the same figures.
    const [row] = (await entriesOf(uploader.id)).filter((r) => r.id === entry.id);
    expect(row).toMatchObject({ media_status: 'ready', duration_ms: media.duration_ms });
    expect(row!.loudness_lufs).toBeCloseTo(media.loudness!.integrated_lufs, 1);
  });

  it('processes a FLAC file that came through tus', async () => {
    const uploader = await newUploader();
    const flac = await encodeAudio('aevalsrc=0.25*sin(2*PI*440*t):d=3:s=48000', 'flac', [
      ...['-metadata', 'title=Lossless'],
    ]);
    const run = await runTusUpload(base, uploader.browser, flac, {
      metadata: { name: 'lossless.flac', clientName: 'lossless.flac', accept: 'audio/*' },
    });
    const created = await uploader.browser.post('/api/v1/tus/entries', { uploadKey: run.id });
    expect(created.statusCode).toBe(201);
    const entry = created.json<{ fileEntry: FileEntry }>().fileEntry;
    expect(entry.media?.status).toBe('pending');
    const media = await processed(uploader, entry.id);
    expect(media).toMatchObject({ status: 'ready', channels: 1, sample_rate: 48_000 });
    expect(media.duration_ms).toBe(3000);
    expect(media.tags?.title).toBe('Lossless');
    expect(media.gapless).toMatchObject({ encoder_delay: 0, total_samples: 3 * 48_000 });
    expect(media.artwork_url).toBeNull();
  });

  it('refuses a file named .mp3 whose bytes are not audio, keeping nothing of it', async () => {
    const uploader = await newUploader();
    const data = new FormData();
    const lyrics = Buffer.from('These are my lyrics, not a song.\n'.repeat(200));
    data.append('file', new Blob([lyrics]), 'song.mp3');
    const response = await uploader.browser.upload('/api/v1/file-entries', data);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { file: ['`song.mp3` is named as audio, but its contents are not audio'] },
    });
    expect(await entriesOf(uploader.id)).toHaveLength(0);
    // The same bytes through tus are refused when the entry is made, and the upload is gone.
    const run = await runTusUpload(base, uploader.browser, lyrics, {
      metadata: { name: 'song.mp3', clientName: 'song.mp3' },
    });
    const adopted = await uploader.browser.post('/api/v1/tus/entries', { uploadKey: run.id });
    expect(adopted.statusCode).toBe(422);
    expect(await entriesOf(uploader.id)).toHaveLength(0);
    expect(
      (await uploader.browser.post('/api/v1/tus/entries', { uploadKey: run.id })).statusCode,
    ).toBe(404);
  });

  it('marks an MP3 whose header is right but whose frames do not decode as failed', async () => {
    const uploader = await newUploader();
    // An MPEG frame header makes the bytes look like MP3; what follows is not audio.
    const header = Buffer.from([0xff, 0xfb, 0x90, 0x64]);
    const bytes = Buffer.concat([header, Buffer.from('not frames '.repeat(400))]);
    const entry = await uploadPlain(uploader, bytes, 'broken.mp3');
    expect(entry.media?.status).toBe('pending');
    const media = await processed(uploader, entry.id);
    expect(media).toMatchObject({ status: 'failed', error: NOT_DECODABLE, loudness: null });
    // Nothing else was written for it (no cover entry), and the server still answers.
    expect(await entriesOf(uploader.id)).toHaveLength(1);
    expect((await uploader.browser.get('/api/v1/file-entries/0/details')).statusCode).toBe(422);
  });

  it('keeps what decodes of a truncated MP3 and measures it', async () => {
    const uploader = await newUploader();
    const whole = await taggedMp3(6);
    const entry = await uploadPlain(uploader, whole.subarray(0, whole.length / 2), 'cut.mp3');
    const media = await processed(uploader, entry.id);
    expect(media.status).toBe('ready');
    expect(media.duration_ms).toBeGreaterThan(2000);
    expect(media.duration_ms).toBeLessThan(4500);
  });

  it('leaves files that are not audio alone', async () => {
    const uploader = await newUploader();
    const entry = await uploadPlain(uploader, Buffer.from('hello'), 'notes.txt');
    expect(entry.media).toBeUndefined();
    await jobsIdle(admin);
    const [row] = await entriesOf(uploader.id);
    expect(row!.media_status).toBeNull();
  });
});
