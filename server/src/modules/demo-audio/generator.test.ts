import { describe, expect, it } from 'vitest';
import { generateDemoAudio, parseDemoAudioKey, demoAudioKey } from './generator.ts';

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
  });

  it('names files by what makes them, and reads only such names back', () => {
    const key = demoAudioKey(5, 180, 'synthwave');
    expect(parseDemoAudioKey(key)).toEqual({ style: 'synthwave', seed: 5, seconds: 180 });
    expect(parseDemoAudioKey('demo-audio/v1/polka-5-180.mp3')).toBeNull();
    expect(parseDemoAudioKey('demo-audio/v1/synthwave-5-0.mp3')).toBeNull();
  });
});
