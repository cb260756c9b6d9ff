import type { BrowserContext, Page } from 'playwright-core';

/**
 * Records the player's Web Audio output sample by sample (`?audioProbe=1` exposes the graph's
 * analyser; an AudioWorklet behind it posts every 128-frame block with its frame number), so
 * a test or bench can look at a track boundary exactly: silences, jumps in the waveform.
 * The page's context must bypass CSP (the worklet's module is a blob URL).
 */
type TappedWindow = Window & {
  __backbeatAudio?: { context: AudioContext; analyser: AnalyserNode };
  __tap?: { blocks: Array<{ frame: number; data: Float32Array }>; sampleRate: number };
};

export async function startTap(page: Page): Promise<void> {
  await page.waitForFunction(() => !!(window as TappedWindow).__backbeatAudio);
  await page.evaluate(async () => {
    const { context, analyser } = (window as TappedWindow).__backbeatAudio!;
    const code = `registerProcessor('backbeat-tap', class extends AudioWorkletProcessor {
      process(inputs) {
        const channel = inputs[0] && inputs[0][0];
        this.port.postMessage({ frame: currentFrame, data: channel ? channel.slice() : new Float32Array(128) });
        return true;
      }
    });`;
    const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
    await context.audioWorklet.addModule(url);
    const tap = new AudioWorkletNode(context, 'backbeat-tap');
    const mute = context.createGain();
    mute.gain.value = 0;
    analyser.connect(tap).connect(mute).connect(context.destination);
    const blocks: Array<{ frame: number; data: Float32Array }> = [];
    (window as TappedWindow).__tap = { blocks, sampleRate: context.sampleRate };
    tap.port.onmessage = (event: MessageEvent<{ frame: number; data: Float32Array }>) => {
      blocks.push(event.data);
    };
  });
}

/** Blocks left out at the start of a recording (about 50 ms). */
const SETTLING_BLOCKS = 16;

export interface TapReport {
  /** Seconds from the first to the last audible sample. */
  soundSeconds: number;
  /** The longest run of silence between them, in milliseconds. */
  longestSilenceMs: number;
  /** The largest second difference of the waveform inside the sound (a jump or a click). */
  largestJump: number;
  /** The typical second difference (median), what a steady tone gives. */
  typicalJump: number;
  /** Frames the tap missed (it should miss none). */
  missingFrames: number;
  /**
   * With `toneHz`: how far the sound departs from a pure tone of that frequency at its worst
   * sample, in dB below the tone's amplitude (a click at a join shows here; a clean resampler
   * and a float output stay near −80 dB). A pure tone s satisfies
   * s[i+1] + s[i−1] = 2·cos(ω)·s[i] exactly, so what is left over is the departure.
   */
  departureDb: number | null;
  /** The context frame (from the tap's start) of that worst sample. */
  departureAt: number | null;
}

/**
 * Reads what the tap recorded: the longest silence and the largest jump inside the sound.
 * The first and last `edgeMs` of the sound (the track's start and end) are left out of the
 * jump figure: starting and stopping a tone is a jump of its own.
 */
export async function tapReport(
  page: Page,
  { edgeMs = 20, silenceBelow = 0.01, toneHz = 0 } = {},
): Promise<TapReport> {
  return page.evaluate(
    ({ edgeMs, silenceBelow, toneHz, SETTLING_BLOCKS }) => {
      const { blocks, sampleRate } = (window as TappedWindow).__tap!;
      // The worklet's first calls come before its clock settles (a jump of a few blocks).
      const sorted = [...blocks].sort((a, b) => a.frame - b.frame).slice(SETTLING_BLOCKS);
      const start = sorted[0]?.frame ?? 0;
      const end = sorted.length ? sorted.at(-1)!.frame + sorted.at(-1)!.data.length : 0;
      // Frames the tap missed stay NaN: counted only where they fall inside the sound.
      const samples = new Float32Array(end - start).fill(NaN);
      for (const block of sorted) samples.set(block.data, block.frame - start);
      let first = -1;
      let last = -1;
      for (let i = 0; i < samples.length; i++) {
        if (Math.abs(samples[i]!) > silenceBelow && !Number.isNaN(samples[i])) {
          if (first < 0) first = i;
          last = i;
        }
      }
      let missingFrames = 0;
      for (let i = first; i >= 0 && i <= last; i++) if (Number.isNaN(samples[i])) missingFrames++;
      let longest = 0;
      let run = 0;
      for (let i = first; i >= 0 && i <= last; i++) {
        run = Math.abs(samples[i]!) <= silenceBelow ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
      const edge = Math.round((edgeMs / 1000) * sampleRate);
      const jumps: number[] = [];
      let largestJump = 0;
      for (let i = first + edge; first >= 0 && i < last - edge; i++) {
        const jump = Math.abs(samples[i + 1]! - 2 * samples[i]! + samples[i - 1]!);
        jumps.push(jump);
        largestJump = Math.max(largestJump, jump);
      }
      jumps.sort((a, b) => a - b);
      let departure = 0;
      let departureAt: number | null = null;
      let amplitude = 0;
      const twoCos = 2 * Math.cos((2 * Math.PI * toneHz) / sampleRate);
      for (let i = first + edge; toneHz && first >= 0 && i < last - edge; i++) {
        amplitude = Math.max(amplitude, Math.abs(samples[i]!));
        const left = Math.abs(samples[i + 1]! + samples[i - 1]! - twoCos * samples[i]!);
        if (left > departure) [departure, departureAt] = [left, i];
      }
      return {
        departureDb:
          toneHz && amplitude ? 20 * Math.log10(Math.max(departure, 1e-9) / amplitude) : null,
        departureAt,
        soundSeconds: first < 0 ? 0 : (last - first) / sampleRate,
        longestSilenceMs: (longest / sampleRate) * 1000,
        largestJump,
        typicalJump: jumps[Math.floor(jumps.length / 2)] ?? 0,
        missingFrames,
      };
    },
    { edgeMs, silenceBelow, toneHz, SETTLING_BLOCKS },
  );
}

/** Waits until the tap has heard sound and then `quietMs` of silence (the sound has ended). */
export async function waitForQuiet(page: Page, quietMs = 200, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (quietMs) => {
      const tap = (window as TappedWindow).__tap;
      if (!tap) return false;
      const loud = (block: { data: Float32Array }) => block.data.some((v) => Math.abs(v) > 0.01);
      const blocks = tap.blocks;
      const quietBlocks = Math.ceil((quietMs / 1000) * (tap.sampleRate / 128));
      const tail = blocks.slice(-quietBlocks);
      return (
        blocks.length > quietBlocks &&
        blocks.slice(0, -quietBlocks).some(loud) &&
        tail.length === quietBlocks &&
        !tail.some(loud)
      );
    },
    quietMs,
    { timeout, polling: 100 },
  );
}

/** RMS of the player's output in dBFS, the median of several analyser frames (steady tones). */
export async function outputLevelDb(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const probe = (window as TappedWindow).__backbeatAudio;
    if (!probe) return -Infinity;
    const frame = new Float32Array(probe.analyser.fftSize);
    const readings: number[] = [];
    for (let i = 0; i < 5; i++) {
      probe.analyser.getFloatTimeDomainData(frame);
      const power = frame.reduce((sum, value) => sum + value * value, 0) / frame.length;
      readings.push(10 * Math.log10(power || 1e-12));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return readings.sort((a, b) => a - b)[2]!;
  });
}

/**
 * Makes the pages of `context` run their audio at `rate`, as a device of that rate would (a
 * context asked for without a rate gets the device's); the contexts made are kept in
 * `window.__contexts`, in order.
 */
export async function atOutputRate(context: BrowserContext, rate: number): Promise<void> {
  await context.addInitScript((rate) => {
    const Device = window.AudioContext;
    const made: AudioContext[] = [];
    (window as unknown as { __contexts: AudioContext[] }).__contexts = made;
    window.AudioContext = class extends Device {
      constructor(options: AudioContextOptions = {}) {
        super({ sampleRate: rate, ...options });
        made.push(this);
      }
    };
  }, rate);
}
