import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPLAY_GAIN_REFERENCE_LUFS,
  albumLoudnessLufs,
  replayGainFor,
  type BackstageTrack,
  type FileEntry,
} from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { encodeAudio } from '../helpers/audio.ts';
import { createArtist } from '../helpers/catalog.ts';
import type { Browser } from '../helpers/client.ts';
import { signedInUploader } from '../helpers/uploads.ts';

/*
 * Issue 36.12: album levelling needs an album gain. The pipeline measures each upload; an
 * album's tracks share one gain from their loudness together (energy weighted by length), so
 * levelling by it moves the whole album by one amount and keeps its quiet song quiet.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.database.db;

async function upload(browser: Browser, bytes: Buffer, name: string): Promise<FileEntry> {
  const form = new FormData();
  form.append('clientMime', 'audio/mpeg');
  form.append('file', new Blob([bytes]), name);
  const response = await browser.upload('/api/v1/file-entries', form);
  expect(response.statusCode).toBe(201);
  return response.json<{ fileEntry: FileEntry }>().fileEntry;
}

/** A sine of the given amplitude, tagged as a track of the album "Quiet And Loud". */
const song = (title: string, amplitude: number, seconds: number) =>
  encodeAudio(`aevalsrc=${amplitude}*sin(2*PI*997*t):d=${seconds}`, 'mp3', [
    ...['-metadata', `title=${title}`, '-metadata', 'artist=Gain Stage'],
    ...['-metadata', 'album=Quiet And Loud'],
  ]);

const rowsOf = (ids: number[]) =>
  db()
    .selectFrom('tracks')
    .select(['id', 'album_id', 'loudness_lufs', 'duration', 'track_gain_db', 'album_gain_db'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();

describe('album gain', () => {
  it('gives an album of a quiet and a loud track one gain that keeps their difference, and follows its track list', async () => {
    const owner = await signedInUploader(t.app);
    const artist = await createArtist(t.app, { name: 'Gain Stage' });
    await db()
      .insertInto('artist_members')
      .values({ artist_id: artist.id, user_id: owner.id, created_at: new Date().toISOString() })
      .execute();
    const quiet = await upload(owner.browser, await song('Hush', 0.02, 3), 'hush.mp3');
    const loud = await upload(owner.browser, await song('Roar', 0.4, 6), 'roar.mp3');
    await t.app.services.jobs.idle();
    const drafts = await owner.browser.post('/api/v1/backstage/drafts', {
      file_entry_ids: [quiet.id, loud.id],
    });
    expect(drafts.statusCode).toBe(201);
    const ids = drafts.json<{ tracks: BackstageTrack[] }>().tracks.map((track) => track.id);
    const [hush, roar] = await rowsOf(ids);

    // The pipeline measured both, about 26 dB apart, on one album.
    expect(hush!.album_id).not.toBeNull();
    expect(roar!.album_id).toBe(hush!.album_id);
    const difference = Number(roar!.loudness_lufs) - Number(hush!.loudness_lufs);
    expect(difference).toBeGreaterThan(20);

    // One gain for both, from their loudness together, the longer loud track weighing more.
    expect(hush!.album_gain_db).not.toBeNull();
    expect(roar!.album_gain_db).toBe(hush!.album_gain_db);
    const albumLufs = albumLoudnessLufs(
      [hush!, roar!].map((row) => ({
        integrated_lufs: Number(row.loudness_lufs),
        duration_ms: Number(row.duration),
      })),
    )!;
    expect(Number(hush!.album_gain_db)).toBeCloseTo(replayGainFor(albumLufs), 2);
    expect(albumLufs).toBeGreaterThan(Number(hush!.loudness_lufs));
    expect(albumLufs).toBeLessThan(Number(roar!.loudness_lufs));

    // Levelled by it, the album moves by one amount: the loud track stays that much louder.
    const levelled = (row: typeof hush) =>
      Number(row!.loudness_lufs) +
      (REPLAY_GAIN_REFERENCE_LUFS - albumLufs) -
      REPLAY_GAIN_REFERENCE_LUFS;
    expect(levelled(roar) - levelled(hush)).toBeCloseTo(difference, 5);

    // The loud track leaves the album: the quiet one is the album now, and the other has none.
    const moved = await owner.browser.put(`/api/v1/backstage/tracks/${roar!.id}`, {
      album_id: null,
    });
    expect(moved.statusCode).toBe(200);
    const [alone, out] = await rowsOf(ids);
    expect(Number(alone!.album_gain_db)).toBeCloseTo(Number(alone!.track_gain_db), 1);
    expect(out!.album_gain_db).toBeNull();

    // It comes back, and the quiet track is measured again (re-processed): the gain follows.
    await owner.browser.put(`/api/v1/backstage/tracks/${roar!.id}`, { album_id: hush!.album_id });
    expect((await rowsOf(ids)).map((row) => row.album_gain_db)).toEqual([
      hush!.album_gain_db,
      hush!.album_gain_db,
    ]);
    await t.app.services.catalogWrites.setLoudness(hush!.id, {
      integrated_lufs: -30,
      true_peak_dbtp: -10,
      track_gain_db: 12,
    });
    const remeasured = albumLoudnessLufs([
      { integrated_lufs: -30, duration_ms: Number(hush!.duration) },
      { integrated_lufs: Number(roar!.loudness_lufs), duration_ms: Number(roar!.duration) },
    ])!;
    const [again, loudAgain] = await rowsOf(ids);
    expect(Number(again!.album_gain_db)).toBeCloseTo(replayGainFor(remeasured), 2);
    expect(loudAgain!.album_gain_db).toBe(again!.album_gain_db);

    // The loud track is deleted: the quiet one left is levelled on its own loudness.
    const removed = await owner.browser.delete(`/api/v1/backstage/tracks/${roar!.id}`);
    expect(removed.statusCode).toBeLessThan(300);
    const [left] = await rowsOf([hush!.id]);
    expect(Number(left!.album_gain_db)).toBe(12);
  });
});
