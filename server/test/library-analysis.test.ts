import type { TrackDetails } from '@backbeat/common';
import type { OperationsStatus } from '@backbeat/common/admin/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/app.ts';
import type { Browser } from './helpers/client.ts';
import { libraryMp3, placeFile } from './helpers/library-audio.ts';
import { openLibrarySite, type LibrarySite } from './helpers/library-site.ts';

/*
 * Issue 42, analysis that keeps up: after a scan, library files are measured from what they
 * state (ReplayGain tags, LAME header) or by one decode; their waveforms are made when first
 * asked for; the admin sees what is left; a stopped analysis resumes at the next start.
 * Real MP3 and FLAC files made by Debian's ffmpeg, the real job queue and database.
 */

let t: TestApp;
let admin: Browser;
let root: string;
let site: LibrarySite | undefined;

beforeAll(async () => {
  site = await openLibrarySite('analysis');
  ({ t, admin, root } = site);
  await placeFile(
    root,
    'tagged.mp3',
    await libraryMp3(
      {
        title: 'Tagged',
        artist: 'Gain Rider',
        album: 'Levels',
        track: 1,
        REPLAYGAIN_TRACK_GAIN: '-6.50 dB',
        REPLAYGAIN_TRACK_PEAK: '0.501187',
      },
      { seed: 401, seconds: 3 },
    ),
  );
  await placeFile(
    root,
    'plain.mp3',
    await libraryMp3(
      { title: 'Plain', artist: 'Gain Rider', album: 'Levels', track: 2 },
      { seed: 402, seconds: 3 },
    ),
  );
  await placeFile(
    root,
    'lossless.flac',
    await libraryMp3(
      { title: 'Lossless', artist: 'Gain Rider', album: 'Levels', track: 3 },
      { seed: 403, seconds: 3, format: 'flac' },
    ),
  );
}, 60_000);
afterAll(async () => {
  await site?.close();
});

async function libraryTracks(folderId: number) {
  const rows = await t.database.db
    .selectFrom('library_files')
    .innerJoin('tracks', 'tracks.id', 'library_files.track_id')
    .select([
      'library_files.relative_path',
      'library_files.analysed_at',
      'tracks.id',
      'tracks.duration',
      'tracks.waveform',
      'tracks.loudness_lufs',
      'tracks.true_peak_dbtp',
      'tracks.track_gain_db',
      'tracks.gapless',
    ])
    .where('library_files.folder_id', '=', folderId)
    .execute();
  return new Map(rows.map((row) => [row.relative_path, row]));
}

async function analysisStatus() {
  const response = await admin.get('/api/v1/admin/operations');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { status: OperationsStatus }).status.library_analysis;
}

describe('library analysis', () => {
  let folderId: number;

  it('shows the admin the files left while the analysis has not run, and resumes it at start', async () => {
    const folders = t.app.services.libraryFolders;
    const folder = await folders.add({ path: root }, { scan: false });
    folderId = folder.id;
    // What `npm run import` does: the scan here and now, the analysis left to the server.
    await folders.scanNow(folder.id, { analyse: false });
    expect(await analysisStatus()).toEqual({
      files_left: 3,
      files_per_second: 0,
      seconds_left: null,
    });
    for (const row of (await libraryTracks(folderId)).values()) expect(row.analysed_at).toBeNull();

    // The next start finds the folder owed its analysis and queues it.
    expect(await folders.resume()).toBe(1);
    await t.app.services.jobs.idle();
    const status = await analysisStatus();
    expect(status.files_left).toBe(0);
    expect(status.files_per_second).toBeGreaterThan(0);
    expect(await folders.resume()).toBe(0);
  }, 60_000);

  it('takes loudness from ReplayGain tags and measures the files without them', async () => {
    const tracks = await libraryTracks(folderId);
    const tagged = tracks.get('tagged.mp3')!;
    // −18 LUFS (ReplayGain 2.0's reference) minus the tag's gain; the tag's peak in dB.
    expect(tagged.loudness_lufs).toBeCloseTo(-11.5, 2);
    expect(tagged.track_gain_db).toBeCloseTo(-6.5, 2);
    expect(tagged.true_peak_dbtp).toBeCloseTo(20 * Math.log10(0.501187), 2);
    for (const path of ['plain.mp3', 'lossless.flac']) {
      const row = tracks.get(path)!;
      expect(row.loudness_lufs, path).toBeLessThan(-3);
      expect(row.loudness_lufs, path).toBeGreaterThan(-40);
      expect(row.true_peak_dbtp, path).toBeLessThanOrEqual(1);
      expect(row.track_gain_db, path).toBeCloseTo(-18 - Number(row.loudness_lufs), 1);
    }
    for (const row of tracks.values()) {
      expect(row.analysed_at, row.relative_path).not.toBeNull();
      expect(Math.abs(Number(row.duration) - 3000), row.relative_path).toBeLessThan(60);
    }
  });

  it('keeps the gapless figures the files state (Xing/LAME header, lossless sample count)', async () => {
    const tracks = await libraryTracks(folderId);
    for (const path of ['tagged.mp3', 'plain.mp3', 'lossless.flac']) {
      const gapless = JSON.parse(tracks.get(path)!.gapless!) as {
        encoder_delay: number;
        total_samples: number;
        sample_rate: number;
      } | null;
      expect(gapless, path).not.toBeNull();
      expect(gapless!.encoder_delay, path).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(gapless!.total_samples), path).toBe(true);
      expect(Math.abs(gapless!.total_samples / gapless!.sample_rate - 3), path).toBeLessThan(0.06);
    }
  });

  it('makes a library track’s waveform when it is first asked for, and keeps it', async () => {
    const tagged = (await libraryTracks(folderId)).get('tagged.mp3')!;
    expect(JSON.parse(tagged.waveform)).toEqual([]);
    // The first ask waits up to 3 s for the decode; on a busy machine a later ask has it.
    let waveform: number[] = [];
    const until = Date.now() + 60_000;
    while (!waveform.length && Date.now() < until) {
      const response = await admin.get(`/api/v1/tracks/${tagged.id}`);
      expect(response.statusCode, response.body).toBe(200);
      waveform = (response.json() as { track: TrackDetails }).track.waveform;
    }
    expect(waveform.length).toBeGreaterThan(10);
    expect(Math.max(...waveform)).toBeGreaterThan(0);
    const stored = (await libraryTracks(folderId)).get('tagged.mp3')!;
    expect(JSON.parse(stored.waveform)).toEqual(waveform);
  }, 90_000);
});
