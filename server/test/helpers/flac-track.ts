import type { FastifyInstance } from 'fastify';
import { encodeAudio } from './audio.ts';
import { createTrack } from './catalog.ts';

/** Two sine tones a seed apart: each seed gives audio no transcode was made of before. */
export const toneFlac = (seed: number, seconds: number) =>
  encodeAudio(
    `aevalsrc=0.2*sin(2*PI*${300 + seed * 50}*t)|0.2*sin(2*PI*${500 + seed}*t):d=${seconds}:s=44100`,
    'flac',
  );

/** A track holding this FLAC (stereo, 44.1 kHz), catalogued as FLAC of that length. */
export async function storeFlacTrack(
  app: FastifyInstance,
  audio: Buffer,
  seconds: number,
  name: string,
): Promise<number> {
  const track = await createTrack(app, { audioPath: `audio/test/${name}.flac`, audio: null });
  await app.services.storage.write(track.audioPath, audio);
  await app.services.database.db
    .updateTable('tracks')
    .set({ audio_mime: 'audio/flac', duration: seconds * 1000 })
    .where('id', '=', track.id)
    .execute();
  return track.id;
}
