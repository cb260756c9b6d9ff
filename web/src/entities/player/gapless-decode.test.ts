import { describe, expect, it } from 'vitest';
import { SEAM_MARGIN, floatWav, rateRatio, seamLead, seamStart } from './gapless-decode.ts';

describe('the seam between two resampled tracks', () => {
  it('finds how many native samples make a whole number of output frames', () => {
    expect(rateRatio(44_100, 48_000)).toEqual({ p: 147, q: 160 });
    expect(rateRatio(96_000, 48_000)).toEqual({ p: 2, q: 1 });
    expect(rateRatio(88_200, 48_000)).toEqual({ p: 147, q: 80 });
    expect(rateRatio(48_000, 44_100)).toEqual({ p: 160, q: 147 });
  });

  it('starts the seam on both grids, with a margin before and after the hand-over', () => {
    for (const length of [10_000, 88_804, 88_803, 500]) {
      for (const { p } of [rateRatio(44_100, 48_000), rateRatio(96_000, 48_000)]) {
        const from = seamStart(length, p)!;
        expect(from % p).toBe(0);
        const handOver = from + seamLead(p);
        expect(handOver - from).toBeGreaterThanOrEqual(SEAM_MARGIN);
        expect(length - handOver).toBeGreaterThanOrEqual(SEAM_MARGIN);
        // The last such point: one grid step later would leave too little after it.
        expect(length - (handOver + p)).toBeLessThan(SEAM_MARGIN);
      }
    }
  });

  it('has no seam in a track too short to hand over inside', () => {
    expect(seamStart(200, 147)).toBeNull();
  });

  it('writes float PCM as a WAV file, interleaved', () => {
    const wav = floatWav([Float32Array.of(0.5, -1), Float32Array.of(0.25, 1)], 96_000);
    const view = new DataView(wav);
    expect(new TextDecoder().decode(new Uint8Array(wav, 0, 4))).toBe('RIFF');
    expect(view.getUint16(20, true)).toBe(3);
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(96_000);
    expect(view.getUint32(40, true)).toBe(16);
    expect([...new Float32Array(wav, 44)]).toEqual([0.5, 0.25, -1, 1]);
  });
});
