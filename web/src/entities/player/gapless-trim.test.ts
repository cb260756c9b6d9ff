import { describe, expect, it } from 'vitest';
import { MP3_DECODER_DELAY, musicFrames } from './gapless-trim.ts';

const lame = {
  sample_rate: 44_100,
  encoder_delay: 576,
  encoder_padding: 1080,
  total_samples: 88_200,
};

describe('the music inside a decoded track (encoder delay and padding)', () => {
  it('skips LAME’s delay with the MP3 decoder’s 529 samples, and the padding, when the decoder kept them', () => {
    const decoded = 88_200 + 576 + MP3_DECODER_DELAY + 1080;
    expect(musicFrames(decoded, 44_100, lame)).toEqual({ start: 576 + 529, frames: 88_200 });
  });

  it('skips the delay alone when the decoder added none of its own (AAC’s iTunSMPB)', () => {
    const itunes = { ...lame, encoder_delay: 2112, encoder_padding: 600 };
    expect(musicFrames(88_200 + 2112 + 600, 44_100, itunes)).toEqual({
      start: 2112,
      frames: 88_200,
    });
  });

  it('takes a decode the browser trimmed already as it is', () => {
    expect(musicFrames(88_200, 44_100, lame)).toEqual({ start: 0, frames: 88_200 });
    expect(musicFrames(88_202, 44_100, lame)).toEqual({ start: 0, frames: 88_200 });
  });

  it('scales the figures to the audio context’s rate', () => {
    const decoded = Math.round((88_200 + 576 + MP3_DECODER_DELAY + 1080) * (48_000 / 44_100));
    expect(musicFrames(decoded, 48_000, lame)).toEqual({
      start: Math.round((576 + 529) * (48_000 / 44_100)),
      frames: 96_000,
    });
  });

  it('plays the whole decode without the encoder’s count', () => {
    expect(musicFrames(90_000, 44_100, null)).toEqual({ start: 0, frames: 90_000 });
    expect(musicFrames(90_000, 44_100, { ...lame, total_samples: null })).toEqual({
      start: 0,
      frames: 90_000,
    });
  });
});
