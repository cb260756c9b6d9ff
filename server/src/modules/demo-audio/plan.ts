/** A song's arrangement, derived from a seed alone so the audio and lyrics always agree. */

export const STYLES = [
  'house',
  'synthwave',
  'lofi',
  'ambient',
  'techno',
  'chill',
  'funk',
  'pop',
] as const;
export type Style = (typeof STYLES)[number];

export interface StyleSpec {
  bpm: [number, number];
  drums: 'four' | 'breakbeat' | 'halftime' | 'none' | 'backbeat';
  lead: 'square' | 'saw' | 'triangle' | 'sine';
  bass: 'eighths' | 'offbeat' | 'roots' | 'walking';
  swing: number;
  brightness: number;
}

export const STYLE_SPECS: Record<Style, StyleSpec> = {
  house: {
    bpm: [120, 126],
    drums: 'four',
    lead: 'square',
    bass: 'offbeat',
    swing: 0,
    brightness: 0.7,
  },
  synthwave: {
    bpm: [84, 100],
    drums: 'backbeat',
    lead: 'saw',
    bass: 'eighths',
    swing: 0,
    brightness: 0.6,
  },
  lofi: {
    bpm: [70, 86],
    drums: 'breakbeat',
    lead: 'triangle',
    bass: 'roots',
    swing: 0.12,
    brightness: 0.35,
  },
  ambient: { bpm: [60, 72], drums: 'none', lead: 'sine', bass: 'roots', swing: 0, brightness: 0.3 },
  techno: {
    bpm: [128, 134],
    drums: 'four',
    lead: 'saw',
    bass: 'eighths',
    swing: 0,
    brightness: 0.8,
  },
  chill: {
    bpm: [88, 98],
    drums: 'halftime',
    lead: 'triangle',
    bass: 'roots',
    swing: 0.08,
    brightness: 0.45,
  },
  funk: {
    bpm: [100, 112],
    drums: 'backbeat',
    lead: 'square',
    bass: 'walking',
    swing: 0.1,
    brightness: 0.6,
  },
  pop: {
    bpm: [100, 120],
    drums: 'backbeat',
    lead: 'triangle',
    bass: 'eighths',
    swing: 0,
    brightness: 0.55,
  },
};

const SCALES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
};
/** Progressions as scale degrees (0-based), four bars each. */
const PROGRESSIONS = [
  [0, 4, 5, 3],
  [5, 3, 0, 4],
  [0, 5, 3, 4],
  [1, 4, 0, 5],
  [0, 3, 4, 3],
  [5, 4, 3, 4],
  [0, 6, 5, 4],
  [3, 4, 2, 5],
];

export type SectionKind = 'intro' | 'verse' | 'chorus' | 'break' | 'outro';
export interface Section {
  kind: SectionKind;
  startBar: number;
  bars: number;
}

export interface SongPlan {
  style: Style;
  spec: StyleSpec;
  bpm: number;
  /** MIDI note of the key's root (bass octave). */
  root: number;
  scale: number[];
  progression: number[];
  sections: Section[];
  totalBars: number;
  secondsPerBar: number;
  /** Motifs (scale steps and rhythm in 16ths) for verse and chorus melodies. */
  motifs: { verse: Note[]; chorus: Note[] };
  seed: number;
}

export interface Note {
  step: number;
  start: number;
  length: number;
}

/** mulberry32: small, fast, good enough for music. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T =>
  list[Math.floor(rand() * list.length)]!;

function motif(rand: () => number, bars: number): Note[] {
  const notes: Note[] = [];
  let step = Math.floor(rand() * 5);
  let position = 0;
  const end = bars * 16;
  while (position < end) {
    const length = pick(rand, [2, 2, 4, 4, 4, 6, 8]);
    if (rand() > 0.18)
      notes.push({ step, start: position, length: Math.min(length, end - position) });
    position += length;
    step = Math.max(-2, Math.min(9, step + pick(rand, [-2, -1, -1, 0, 1, 1, 2, 3, -3])));
  }
  return notes;
}

export function planSong(seed: number, durationSeconds: number, style: Style): SongPlan {
  const rand = random(seed);
  const spec = STYLE_SPECS[style];
  const bpm = Math.round(spec.bpm[0] + rand() * (spec.bpm[1] - spec.bpm[0]));
  const secondsPerBar = 240 / bpm;
  const totalBars = Math.max(4, Math.round(durationSeconds / secondsPerBar));
  const scaleName = pick(
    rand,
    style === 'pop' || style === 'house'
      ? (['major', 'mixolydian', 'minor'] as const)
      : (['minor', 'dorian', 'minor', 'major'] as const),
  );

  const pattern: SectionKind[] = [
    'intro',
    'verse',
    'chorus',
    'break',
    'verse',
    'chorus',
    'chorus',
    'outro',
  ];
  const sections: Section[] = [];
  let bar = 0;
  for (let i = 0; bar < totalBars; i++) {
    const kind = i === 0 ? 'intro' : bar + 8 >= totalBars ? 'outro' : pattern[1 + ((i - 1) % 6)]!;
    const bars = Math.min(kind === 'intro' || kind === 'break' ? 4 : 8, totalBars - bar);
    sections.push({ kind, startBar: bar, bars });
    bar += bars;
  }

  return {
    style,
    spec,
    bpm,
    root: 40 + Math.floor(rand() * 12),
    scale: SCALES[scaleName],
    progression: pick(rand, PROGRESSIONS),
    sections,
    totalBars,
    secondsPerBar,
    motifs: { verse: motif(rand, 2), chorus: motif(rand, 2) },
    seed,
  };
}

/** Bar starts (seconds) of the lines a singer would sing: every two bars of verse and chorus. */
export function lyricTimes(plan: SongPlan): number[] {
  const times: number[] = [];
  for (const section of plan.sections) {
    if (section.kind !== 'verse' && section.kind !== 'chorus') continue;
    for (let b = 0; b < section.bars; b += 2)
      times.push((section.startBar + b) * plan.secondsPerBar);
  }
  return times;
}
