/** Frames summarised by one fine peak before the final buckets are made. */
const FINE_FRAMES = 1024;

/**
 * Peak levels over the whole file, for the seek bar. The length is not known ahead (VBR
 * files without a header), so fine peaks are kept (13,000 numbers for five minutes) and
 * folded into `points` buckets at the end.
 */
export class WaveformCollector {
  private readonly fine: number[] = [];
  private current = 0;
  private framesInCurrent = 0;
  frames = 0;

  constructor(private readonly channels: number) {}

  add(interleaved: Float32Array): void {
    const { channels } = this;
    let current = this.current;
    let count = this.framesInCurrent;
    for (let i = 0; i < interleaved.length; i += channels) {
      for (let c = 0; c < channels; c++) {
        const value = Math.abs(interleaved[i + c]!);
        if (value > current) current = value;
      }
      if (++count === FINE_FRAMES) {
        this.fine.push(current);
        current = 0;
        count = 0;
      }
    }
    this.frames += Math.floor(interleaved.length / channels);
    this.current = current;
    this.framesInCurrent = count;
  }

  /** `points` peaks 0..1 (two decimals); fewer when the audio is shorter than that. */
  peaks(points: number): number[] {
    const fine = this.framesInCurrent ? [...this.fine, this.current] : this.fine;
    if (!fine.length) return [];
    const buckets = Math.min(points, fine.length);
    return Array.from({ length: buckets }, (_, bucket) => {
      const from = Math.floor((bucket * fine.length) / buckets);
      const to = Math.max(from + 1, Math.floor(((bucket + 1) * fine.length) / buckets));
      let peak = 0;
      for (let i = from; i < to; i++) peak = Math.max(peak, fine[i]!);
      return Math.round(Math.min(peak, 1) * 100) / 100;
    });
  }
}
