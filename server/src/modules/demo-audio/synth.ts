import { random, type Note, type Section, type SongPlan } from './plan.ts';

const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

type Wave = 'square' | 'saw' | 'triangle' | 'sine';

function oscillator(wave: Wave, phase: number): number {
  const p = phase - Math.floor(phase);
  switch (wave) {
    case 'square':
      return p < 0.5 ? 0.6 : -0.6;
    case 'saw':
      return 2 * p - 1;
    case 'triangle':
      return 4 * Math.abs(p - 0.5) - 1;
    default:
      return Math.sin(2 * Math.PI * p);
  }
}

/**
 * A small subtractive synth: drums, bass, pads and a lead rendered note by note into one
 * mono buffer. Everything derives from the plan, so one seed always sounds the same.
 */
export function renderSong(plan: SongPlan, sampleRate: number): Float32Array {
  const steps = renderSongSteps(plan, sampleRate);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** How many samples a render of the plan fills. */
export const songLength = (plan: SongPlan, sampleRate: number) =>
  Math.ceil(plan.totalBars * plan.secondsPerBar * sampleRate) + sampleRate;

/**
 * The master gain after the soft clip. A fixed gain (rather than normalising to the song's
 * peak) lets the start of a song be final before its end is rendered, so it can be encoded
 * and streamed while the rest is still being made.
 */
const MASTER_GAIN = 0.89;

/**
 * The same render, pausing after each bar so a caller can yield to the event loop. Each
 * pause yields how many leading samples are final: notes never start before their bar, so
 * everything before the next bar's first sample is mastered and will not change.
 * `into` (zeroed, at least songLength samples) lets a caller reuse one buffer for many songs.
 */
export function* renderSongSteps(
  plan: SongPlan,
  sampleRate: number,
  into?: Float32Array,
): Generator<number, Float32Array> {
  const total = songLength(plan, sampleRate);
  const out = into ? into.subarray(0, total) : new Float32Array(total);
  const rand = random(plan.seed ^ 0x9e3779b9);
  const noise = new Float32Array(sampleRate);
  for (let i = 0; i < noise.length; i++) noise[i] = rand() * 2 - 1;
  const sixteenth = plan.secondsPerBar / 16;
  const swingAt = (index: number) => (index % 2 === 1 ? plan.spec.swing * sixteenth : 0);
  const at = (bar: number, sixteenths: number) =>
    Math.floor(
      (bar * plan.secondsPerBar + sixteenths * sixteenth + swingAt(sixteenths)) * sampleRate,
    );

  /** Adds one pitched note with an attack/decay envelope and a one-pole low-pass. */
  function tone(
    start: number,
    seconds: number,
    hz: number,
    wave: Wave,
    gain: number,
    options: { attack?: number; cutoff?: number; detune?: number } = {},
  ) {
    const length = Math.floor(seconds * sampleRate);
    const attack = Math.max(1, Math.floor((options.attack ?? 0.005) * sampleRate));
    const release = Math.min(length, Math.floor(0.08 * sampleRate));
    const alpha = Math.min(1, (2 * Math.PI * (options.cutoff ?? 4000)) / sampleRate);
    const step = hz / sampleRate;
    const step2 = options.detune ? (hz * (1 + options.detune)) / sampleRate : 0;
    let smoothed = 0;
    for (let i = 0; i < length && start + i < total; i++) {
      let value = oscillator(wave, i * step);
      if (step2) value = 0.5 * (value + oscillator(wave, i * step2));
      smoothed += alpha * (value - smoothed);
      const env = Math.min(1, i / attack) * (i > length - release ? (length - i) / release : 1);
      out[start + i]! += smoothed * env * gain;
    }
  }

  function kick(start: number, gain: number) {
    const length = Math.floor(0.28 * sampleRate);
    let phase = 0;
    for (let i = 0; i < length && start + i < total; i++) {
      const t = i / sampleRate;
      phase += (50 + 110 * Math.exp(-t * 30)) / sampleRate;
      out[start + i]! += Math.sin(2 * Math.PI * phase) * Math.exp(-t * 9) * gain;
    }
  }

  function snare(start: number, gain: number, offset: number) {
    const length = Math.floor(0.18 * sampleRate);
    for (let i = 0; i < length && start + i < total; i++) {
      const t = i / sampleRate;
      const body = Math.sin(2 * Math.PI * 185 * t) * Math.exp(-t * 30);
      out[start + i]! +=
        (noise[(offset + i) % noise.length]! * 0.7 + body * 0.5) * Math.exp(-t * 22) * gain;
    }
  }

  function hat(start: number, gain: number, offset: number, open: boolean) {
    const length = Math.floor((open ? 0.12 : 0.035) * sampleRate);
    let previous = 0;
    for (let i = 0; i < length && start + i < total; i++) {
      const n = noise[(offset + i * 7) % noise.length]!;
      const high = n - previous;
      previous = n;
      out[start + i]! += high * Math.exp((-i / sampleRate) * (open ? 25 : 90)) * gain;
    }
  }

  const scaleNote = (degree: number, octave = 0) => {
    const size = plan.scale.length;
    const wrapped = ((degree % size) + size) % size;
    return plan.root + plan.scale[wrapped]! + 12 * (octave + Math.floor(degree / size));
  };
  const energy: Record<Section['kind'], number> = {
    intro: 0.45,
    verse: 0.75,
    chorus: 1,
    break: 0.35,
    outro: 0.5,
  };
  const bright = plan.spec.brightness;

  let mastered = 0;
  const fade = Math.floor(0.05 * sampleRate);
  /** Soft clip, fixed gain and 50 ms fades at both ends, for samples `mastered..upTo`. */
  function master(upTo: number) {
    for (let i = mastered; i < upTo; i++) {
      const edge = Math.min(1, i / fade, (total - 1 - i) / fade);
      out[i] = Math.tanh(out[i]! * 1.2) * MASTER_GAIN * edge;
    }
    mastered = Math.max(mastered, upTo);
  }

  for (const section of plan.sections) {
    const level = energy[section.kind];
    for (let b = 0; b < section.bars; b++) {
      const bar = section.startBar + b;
      const degree = plan.progression[bar % plan.progression.length]!;
      const chord = [scaleNote(degree, 1), scaleNote(degree + 2, 1), scaleNote(degree + 4, 1)];
      const barStart = at(bar, 0);

      // Pad: the chord, held for the bar.
      for (const note of chord) {
        tone(
          barStart,
          plan.secondsPerBar,
          midiToHz(note + 12),
          'saw',
          0.045 * (0.6 + level * 0.4),
          {
            attack: 0.25,
            cutoff: 600 + 1400 * bright * level,
            detune: 0.004,
          },
        );
      }

      // Bass.
      if (section.kind !== 'intro' || b >= section.bars / 2) {
        const bassHz = midiToHz(scaleNote(degree));
        const hits: [number, number][] =
          plan.spec.bass === 'offbeat'
            ? [
                [2, 2],
                [6, 2],
                [10, 2],
                [14, 2],
              ]
            : plan.spec.bass === 'eighths'
              ? Array.from({ length: 8 }, (_, i) => [i * 2, 2] as [number, number])
              : plan.spec.bass === 'walking'
                ? [
                    [0, 3],
                    [4, 3],
                    [8, 3],
                    [12, 3],
                  ]
                : [
                    [0, 7],
                    [8, 7],
                  ];
        hits.forEach(([position, length], index) => {
          const walk = plan.spec.bass === 'walking' ? [0, 2, 4, 5][index]! : 0;
          const hz = walk ? midiToHz(scaleNote(degree + walk)) : bassHz;
          tone(at(bar, position), length * sixteenth, hz, 'saw', 0.22 * level, {
            cutoff: 300 + 500 * bright,
          });
        });
      }

      // Drums.
      if (plan.spec.drums !== 'none' && section.kind !== 'break') {
        const gain = section.kind === 'intro' || section.kind === 'outro' ? 0.6 : 1;
        for (let s = 0; s < 16; s++) {
          const start = at(bar, s);
          const offset = (bar * 16 + s) * 97;
          const drums = plan.spec.drums;
          const isKick =
            drums === 'four'
              ? s % 4 === 0
              : drums === 'halftime'
                ? s === 0 || s === 10
                : drums === 'breakbeat'
                  ? s === 0 || s === 7 || s === 10
                  : s === 0 || s === 8 || s === 11;
          const isSnare =
            drums === 'halftime'
              ? s === 8
              : drums === 'four'
                ? (s === 4 || s === 12) && section.kind === 'chorus'
                : s === 4 || s === 12;
          if (isKick) kick(start, 0.55 * gain);
          if (isSnare) snare(start, 0.22 * gain, offset);
          if (s % 2 === 0 || (drums === 'four' && s % 4 === 2)) {
            hat(
              start,
              (s % 4 === 2 ? 0.09 : 0.05) * gain * (0.5 + bright),
              offset,
              drums === 'four' && s % 4 === 2,
            );
          }
        }
      } else if (plan.spec.drums === 'none' && section.kind !== 'intro') {
        // Ambient: a soft pulse instead of drums.
        kick(barStart, 0.12);
      }

      // Lead melody over verses and choruses.
      if (section.kind === 'verse' || section.kind === 'chorus') {
        const notes: Note[] = section.kind === 'chorus' ? plan.motifs.chorus : plan.motifs.verse;
        const half = b % 2;
        for (const note of notes) {
          if (Math.floor(note.start / 16) !== half) continue;
          const position = note.start % 16;
          const lift = section.kind === 'chorus' ? 2 : 1;
          const hz = midiToHz(scaleNote(degree + note.step, lift));
          tone(at(bar, position), note.length * sixteenth * 0.95, hz, plan.spec.lead, 0.1 * level, {
            attack: plan.spec.lead === 'sine' ? 0.08 : 0.01,
            cutoff: 1200 + 3000 * bright,
          });
        }
      }
      // Bar by bar, so the first seconds are final (and can be streamed) almost at once.
      master(Math.min(total, at(bar + 1, 0)));
      yield mastered;
    }
  }
  master(total);
  return out;
}

/** Peak levels per bucket, 0..1, for the seek bar. */
export function waveformOf(samples: Float32Array, buckets: number): number[] {
  const size = Math.max(1, Math.floor(samples.length / buckets));
  const peaks: number[] = [];
  let max = 0;
  for (let b = 0; b < buckets; b++) {
    let sum = 0;
    const from = b * size;
    for (let i = from; i < from + size && i < samples.length; i++) sum += samples[i]! * samples[i]!;
    const rms = Math.sqrt(sum / size);
    peaks.push(rms);
    max = Math.max(max, rms);
  }
  return peaks.map((p) => Math.round((max ? p / max : 0) * 100) / 100);
}
