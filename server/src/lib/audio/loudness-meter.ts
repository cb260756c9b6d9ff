/**
 * EBU R128 / ITU-R BS.1770-4 loudness in plain JavaScript, fed decoded PCM chunk by chunk:
 * K-weighting (two biquads, coefficients derived for any sample rate as libebur128 does),
 * 400 ms gating blocks every 100 ms with the absolute (−70 LUFS) and relative (−10 LU) gates,
 * loudness range (EBU Tech 3342: 3 s short-term blocks, −20 LU relative gate, 10th to 95th
 * percentile) and true peak by 4× oversampling (windowed-sinc polyphase interpolation).
 * Memory stays small: only one number per 100 ms is kept.
 */

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const LRA_RELATIVE_GATE_LU = -20;
/** Interpolation taps on each side of the point (12 per phase). */
const HALF_TAPS = 6;
const OVERSAMPLING = 4;
/** Samples examined at once when deciding whether a stretch can hold a new true peak. */
const PEAK_BLOCK = 32;

export interface LoudnessResult {
  integratedLufs: number;
  truePeakDbtp: number;
  samplePeakDbfs: number;
  rangeLu: number | null;
}

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** The two K-weighting stages of BS.1770 for a sample rate. */
export function kWeighting(sampleRate: number): [Biquad, Biquad] {
  // Stage 1: the head's high-shelf.
  let f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  // Stage 2: the RLB high-pass.
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + k / q + k * k;
  const highPass: Biquad = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  return [shelf, highPass];
}

/** BS.1770 channel weights in the usual order (L, R, C, LFE, Ls, Rs); LFE is left out. */
function channelWeights(channels: number): number[] {
  if (channels === 6) return [1, 1, 1, 0, 1.41, 1.41];
  if (channels === 5) return [1, 1, 1, 1.41, 1.41];
  return Array.from({ length: channels }, () => 1);
}

/** The interpolation filters of phases 1..3 (phase 0 is the sample itself). */
function interpolationPhases(): Float64Array[] {
  const phases: Float64Array[] = [];
  for (let phase = 1; phase < OVERSAMPLING; phase++) {
    const offset = phase / OVERSAMPLING;
    const taps = new Float64Array(HALF_TAPS * 2);
    for (let j = 0; j < HALF_TAPS * 2; j++) {
      // Tap j weighs sample i + j − HALF_TAPS + 1 for the point i + offset.
      const distance = j - HALF_TAPS + 1 - offset;
      const x = Math.PI * distance;
      const sinc = x === 0 ? 1 : Math.sin(x) / x;
      const window = 0.5 * (1 + Math.cos((Math.PI * distance) / (HALF_TAPS + 1)));
      taps[j] = sinc * window;
    }
    phases.push(taps);
  }
  return phases;
}

const PHASES = interpolationPhases();
/** The most an interpolated point can exceed the largest sample it is made of. */
const PHASE_GAIN = Math.max(
  ...PHASES.map((taps) => taps.reduce((sum, tap) => sum + Math.abs(tap), 0)),
);

/**
 * The largest |value| of the points a quarter, a half and three quarters between samples
 * `start..end` (and the next ones), or `peak` when none is larger. Unrolled with the 12
 * samples of the window in locals: this is the pipeline's hottest loop.
 */
function interpolatedPeak(x: Float32Array, start: number, end: number, peak: number): number {
  const p0 = PHASES[0]!;
  const h0_0 = p0[0]!;
  const h0_1 = p0[1]!;
  const h0_2 = p0[2]!;
  const h0_3 = p0[3]!;
  const h0_4 = p0[4]!;
  const h0_5 = p0[5]!;
  const h0_6 = p0[6]!;
  const h0_7 = p0[7]!;
  const h0_8 = p0[8]!;
  const h0_9 = p0[9]!;
  const h0_10 = p0[10]!;
  const h0_11 = p0[11]!;
  const p1 = PHASES[1]!;
  const h1_0 = p1[0]!;
  const h1_1 = p1[1]!;
  const h1_2 = p1[2]!;
  const h1_3 = p1[3]!;
  const h1_4 = p1[4]!;
  const h1_5 = p1[5]!;
  const h1_6 = p1[6]!;
  const h1_7 = p1[7]!;
  const h1_8 = p1[8]!;
  const h1_9 = p1[9]!;
  const h1_10 = p1[10]!;
  const h1_11 = p1[11]!;
  const p2 = PHASES[2]!;
  const h2_0 = p2[0]!;
  const h2_1 = p2[1]!;
  const h2_2 = p2[2]!;
  const h2_3 = p2[3]!;
  const h2_4 = p2[4]!;
  const h2_5 = p2[5]!;
  const h2_6 = p2[6]!;
  const h2_7 = p2[7]!;
  const h2_8 = p2[8]!;
  const h2_9 = p2[9]!;
  const h2_10 = p2[10]!;
  const h2_11 = p2[11]!;
  const base = start - HALF_TAPS + 1;
  let s0 = x[base + 0]!;
  let s1 = x[base + 1]!;
  let s2 = x[base + 2]!;
  let s3 = x[base + 3]!;
  let s4 = x[base + 4]!;
  let s5 = x[base + 5]!;
  let s6 = x[base + 6]!;
  let s7 = x[base + 7]!;
  let s8 = x[base + 8]!;
  let s9 = x[base + 9]!;
  let s10 = x[base + 10]!;
  for (let i = start; i < end; i++) {
    const s11 = x[i + HALF_TAPS]!;
    const v0 = Math.abs(
      s0 * h0_0 +
        s1 * h0_1 +
        s2 * h0_2 +
        s3 * h0_3 +
        s4 * h0_4 +
        s5 * h0_5 +
        s6 * h0_6 +
        s7 * h0_7 +
        s8 * h0_8 +
        s9 * h0_9 +
        s10 * h0_10 +
        s11 * h0_11,
    );
    const v1 = Math.abs(
      s0 * h1_0 +
        s1 * h1_1 +
        s2 * h1_2 +
        s3 * h1_3 +
        s4 * h1_4 +
        s5 * h1_5 +
        s6 * h1_6 +
        s7 * h1_7 +
        s8 * h1_8 +
        s9 * h1_9 +
        s10 * h1_10 +
        s11 * h1_11,
    );
    const v2 = Math.abs(
      s0 * h2_0 +
        s1 * h2_1 +
        s2 * h2_2 +
        s3 * h2_3 +
        s4 * h2_4 +
        s5 * h2_5 +
        s6 * h2_6 +
        s7 * h2_7 +
        s8 * h2_8 +
        s9 * h2_9 +
        s10 * h2_10 +
        s11 * h2_11,
    );
    if (v0 > peak) peak = v0;
    if (v1 > peak) peak = v1;
    if (v2 > peak) peak = v2;
    s0 = s1;
    s1 = s2;
    s2 = s3;
    s3 = s4;
    s4 = s5;
    s5 = s6;
    s6 = s7;
    s7 = s8;
    s8 = s9;
    s9 = s10;
    s10 = s11;
  }
  return peak;
}

const toLufs = (energy: number) => -0.691 + 10 * Math.log10(energy);
const toDb = (amplitude: number) => (amplitude > 0 ? 20 * Math.log10(amplitude) : -Infinity);

export class LoudnessMeter {
  private readonly filters: [Biquad, Biquad];
  private readonly weights: number[];
  /** Per channel: the states of the two biquads (x1, x2, y1, y2 of the shelf; z1, z2). */
  private readonly state: Float64Array[];
  private readonly framesPer100ms: number;
  private framesInStep = 0;
  private stepEnergy: Float64Array;
  /** Weighted mean-square of every full 100 ms step. */
  private steps: number[] = [];
  /** Per channel: the last 2·HALF_TAPS samples, carried into the next chunk. */
  private readonly history: Float32Array[];
  private work: Float32Array[] = [];
  private samplePeak = 0;
  private truePeak = 0;

  constructor(
    readonly sampleRate: number,
    readonly channels: number,
  ) {
    if (!(sampleRate > 0) || !(channels > 0)) throw new Error('Unsupported audio layout.');
    this.filters = kWeighting(sampleRate);
    this.weights = channelWeights(channels);
    this.state = Array.from({ length: channels }, () => new Float64Array(6));
    this.framesPer100ms = Math.round(sampleRate / 10);
    this.stepEnergy = new Float64Array(channels);
    this.history = Array.from({ length: channels }, () => new Float32Array(HALF_TAPS * 2));
  }

  /** Adds interleaved samples (−1..1); any number of frames. */
  add(interleaved: Float32Array): void {
    const { channels } = this;
    const frames = Math.floor(interleaved.length / channels);
    if (!frames) return;
    if (!this.work[0] || this.work[0].length < frames + HALF_TAPS * 2) {
      this.work = Array.from({ length: channels }, () => new Float32Array(frames + HALF_TAPS * 2));
    }
    for (let c = 0; c < channels; c++) {
      const buffer = this.work[c]!;
      buffer.set(this.history[c]!, 0);
      for (let i = 0; i < frames; i++) buffer[HALF_TAPS * 2 + i] = interleaved[i * channels + c]!;
      this.truePeakOf(buffer, frames + HALF_TAPS * 2);
      this.history[c]!.set(buffer.subarray(frames, frames + HALF_TAPS * 2));
    }
    this.energyOf(frames);
  }

  /** Sample and intersample peaks of one channel's buffer (history + new samples). */
  private truePeakOf(buffer: Float32Array, length: number): void {
    let samplePeak = this.samplePeak;
    for (let i = HALF_TAPS * 2; i < length; i++) {
      const value = Math.abs(buffer[i]!);
      if (value > samplePeak) samplePeak = value;
    }
    this.samplePeak = samplePeak;
    if (samplePeak > this.truePeak) this.truePeak = samplePeak;
    // Points between i and i+1 need samples i−HALF_TAPS+1 .. i+HALF_TAPS.
    const first = HALF_TAPS - 1;
    const last = length - HALF_TAPS - 1;
    for (let start = first; start < last; start += PEAK_BLOCK) {
      const end = Math.min(start + PEAK_BLOCK, last);
      // A stretch whose samples are all far below the peak so far cannot hold a new one.
      let loudest = 0;
      for (let j = start - HALF_TAPS + 1; j <= end + HALF_TAPS - 1; j++) {
        const value = Math.abs(buffer[j]!);
        if (value > loudest) loudest = value;
      }
      if (loudest * PHASE_GAIN <= this.truePeak) continue;
      this.truePeak = interpolatedPeak(buffer, start, end, this.truePeak);
    }
  }

  /** K-weights the newest frames (in `work`) and sums their energy into 100 ms steps. */
  private energyOf(frames: number): void {
    const [shelf, highPass] = this.filters;
    let done = 0;
    while (done < frames) {
      const take = Math.min(frames - done, this.framesPer100ms - this.framesInStep);
      for (let c = 0; c < this.channels; c++) {
        if (this.weights[c] === 0) continue;
        const buffer = this.work[c]!;
        const s = this.state[c]!;
        let [x1, x2, y1, y2, z1, z2] = [s[0]!, s[1]!, s[2]!, s[3]!, s[4]!, s[5]!];
        let energy = 0;
        for (let i = 0; i < take; i++) {
          const x = buffer[HALF_TAPS * 2 + done + i]!;
          const y = shelf.b0 * x + shelf.b1 * x1 + shelf.b2 * x2 - shelf.a1 * y1 - shelf.a2 * y2;
          x2 = x1;
          x1 = x;
          y2 = y1;
          y1 = y;
          // Direct form II for the high-pass (b = 1, −2, 1).
          const w = y - highPass.a1 * z1 - highPass.a2 * z2;
          const out = w - 2 * z1 + z2;
          z2 = z1;
          z1 = w;
          energy += out * out;
        }
        s[0] = x1;
        s[1] = x2;
        s[2] = y1;
        s[3] = y2;
        s[4] = z1;
        s[5] = z2;
        this.stepEnergy[c]! += energy;
      }
      done += take;
      this.framesInStep += take;
      if (this.framesInStep === this.framesPer100ms) {
        let weighted = 0;
        for (let c = 0; c < this.channels; c++) {
          weighted += this.weights[c]! * (this.stepEnergy[c]! / this.framesPer100ms);
        }
        this.steps.push(weighted);
        this.stepEnergy.fill(0);
        this.framesInStep = 0;
      }
    }
  }

  /** Energies of windows of `size` steps, one per step. */
  private windows(size: number): number[] {
    const out: number[] = [];
    let sum = 0;
    for (let i = 0; i < this.steps.length; i++) {
      sum += this.steps[i]!;
      if (i >= size) sum -= this.steps[i - size]!;
      if (i >= size - 1) out.push(Math.max(sum, 0) / size);
    }
    return out;
  }

  result(): LoudnessResult {
    const blocks = this.windows(4).filter((e) => e > 0 && toLufs(e) > ABSOLUTE_GATE_LUFS);
    let integratedLufs = -70;
    if (blocks.length) {
      const mean = blocks.reduce((a, b) => a + b, 0) / blocks.length;
      const gate = toLufs(mean) + RELATIVE_GATE_LU;
      const gated = blocks.filter((e) => toLufs(e) > gate);
      if (gated.length) integratedLufs = toLufs(gated.reduce((a, b) => a + b, 0) / gated.length);
    }
    return {
      integratedLufs: round(integratedLufs),
      truePeakDbtp: round(Math.max(toDb(this.truePeak), -120)),
      samplePeakDbfs: round(Math.max(toDb(this.samplePeak), -120)),
      rangeLu: this.range(),
    };
  }

  /** Loudness range (EBU Tech 3342); null for audio shorter than one 3 s block. */
  private range(): number | null {
    const shortTerm = this.windows(30).filter((e) => e > 0 && toLufs(e) > ABSOLUTE_GATE_LUFS);
    if (!shortTerm.length) return null;
    const mean = shortTerm.reduce((a, b) => a + b, 0) / shortTerm.length;
    const gate = toLufs(mean) + LRA_RELATIVE_GATE_LU;
    const levels = shortTerm
      .map(toLufs)
      .filter((l) => l > gate)
      .sort((a, b) => a - b);
    if (!levels.length) return 0;
    const at = (p: number) =>
      levels[Math.min(levels.length - 1, Math.round(p * (levels.length - 1)))]!;
    return round(at(0.95) - at(0.1));
  }
}

const round = (value: number) => Math.round(value * 100) / 100;
