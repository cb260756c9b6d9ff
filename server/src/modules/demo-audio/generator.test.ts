import { describe, expect, it } from 'vitest';
import {
  demoAudioKey,
  demoAudioSize,
  generateDemoAudio,
  mp3SizeFor,
  parseDemoAudioKey,
} from './generator.ts';

describe('generateDemoAudio', () => {
  it('makes an MP3 and a waveform that depend on the seed alone', async () => {
    const first = await generateDemoAudio(11, 6, 'synthwave');
    // A longer song in between leaves its (reused) sample buffer behind.
    await generateDemoAudio(12, 9, 'ambient');
    const again = await generateDemoAudio(11, 6, 'synthwave');

    // An MPEG audio frame header: 11 sync bits set.
    expect(first.mp3[0]).toBe(0xff);
    expect(first.mp3[1]! & 0xe0).toBe(0xe0);
    expect(again.mp3.equals(first.mp3)).toBe(true);
    expect(again.waveform).toEqual(first.waveform);
    expect(first.waveform).toHaveLength(120);
    expect(Math.max(...first.waveform)).toBe(1);
  }, 30_000);

  it('hands over the bytes as they are encoded, long before the song is done', async () => {
    const pieces: Buffer[] = [];
    let piecesWhenFirstRendered = 0;
    let steps = 0;
    const result = await generateDemoAudio(
      7,
      20,
      'house',
      async () => {
        if (++steps === 2) piecesWhenFirstRendered = pieces.length;
      },
      (bytes) => pieces.push(bytes),
    );
    expect(piecesWhenFirstRendered).toBeGreaterThan(0);
    expect(pieces.length).toBeGreaterThan(10);
    expect(Buffer.concat(pieces).equals(result.mp3)).toBe(true);
  }, 30_000);

  it('knows the size of the MP3 before making it', async () => {
    for (const [seed, seconds] of [
      [3, 5],
      [4, 13],
    ] as const) {
      const { mp3 } = await generateDemoAudio(seed, seconds, 'lofi');
      expect(mp3.length).toBe(demoAudioSize(seed, seconds, 'lofi'));
    }
  }, 30_000);

  it('predicts the encoder’s output size for any number of samples', async () => {
    const { Mp3Encoder } = await import('@breezystack/lamejs');
    for (const samples of [1, 575, 576, 577, 1151, 1152, 9215, 9216, 9217, 22_050 * 3 + 13]) {
      const encoder = new Mp3Encoder(1, 22_050, 64);
      const pcm = new Int16Array(samples).map((_, i) => ((i * 37) % 4000) - 2000);
      let size = 0;
      for (let from = 0; from < samples; from += 9216)
        size += encoder.encodeBuffer(pcm.subarray(from, from + 9216)).length;
      size += encoder.flush().length;
      expect(size, `${samples} samples`).toBe(mp3SizeFor(samples));
    }
  });

  it('names files by what makes them, and reads only such names back', () => {
    const key = demoAudioKey(5, 180, 'synthwave');
    expect(parseDemoAudioKey(key)).toEqual({ style: 'synthwave', seed: 5, seconds: 180 });
    expect(parseDemoAudioKey('demo-audio/v1/polka-5-180.mp3')).toBeNull();
    expect(parseDemoAudioKey('demo-audio/v1/synthwave-5-0.mp3')).toBeNull();
  });
});
