import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Track, TrackDetails } from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser } from '../helpers/client.ts';
import { createTrack } from '../helpers/catalog.ts';
import { demoAudioKey } from '../../src/modules/demo-audio/generator.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const trackOf = async (id: number) => {
  const response = await (await openBrowser(t.app)).get(`/api/v1/tracks/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ track: TrackDetails }>().track;
};

describe('track loudness for the player', () => {
  it('is null until the audio was measured', async () => {
    const track = await createTrack(t.app, {});
    expect((await trackOf(track.id)).loudness ?? null).toBeNull();
  });

  it('is measured when a demo track is first rendered, and reaches the player', async () => {
    const key = demoAudioKey(77, 4, 'house');
    const demo = await createTrack(t.app, { audioPath: key });
    const first = await (await openBrowser(t.app)).get(`/api/v1/tracks/${demo.id}/stream`);
    expect(first.statusCode).toBe(200);
    await expect
      .poll(async () => (await trackOf(demo.id)).loudness, { timeout: 15_000 })
      .toBeTruthy();
    const { loudness } = await trackOf(demo.id);
    expect(loudness!.integrated_lufs).toBeGreaterThan(-40);
    expect(loudness!.integrated_lufs).toBeLessThan(0);
    expect(loudness!.true_peak_dbtp).toBeLessThanOrEqual(1);
    expect(loudness!.track_gain_db).toBeCloseTo(-18 - loudness!.integrated_lufs, 1);
    expect(loudness!.album_gain_db).toBeNull();
  });

  it('comes with every track of a list, as written by the pipeline', async () => {
    const track = await createTrack(t.app, {});
    await t.app.services.catalogWrites.setLoudness(track.id, {
      integrated_lufs: -9.5,
      true_peak_dbtp: -0.3,
      track_gain_db: -8.5,
      album_gain_db: -8.1,
    });
    const [listed] = await t.app.services.catalog.tracks([track.id]);
    expect((listed as Track).loudness).toEqual({
      integrated_lufs: -9.5,
      true_peak_dbtp: -0.3,
      track_gain_db: -8.5,
      album_gain_db: -8.1,
    });
  });
});
