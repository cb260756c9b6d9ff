import { EQUALISER_BANDS_HZ, EQUALISER_PEAKING_Q } from '@backbeat/common';
import { makeAudioContext } from './early-start.ts';
import { decibelsToGain, type EqualiserSettings } from './listening-settings.ts';

/**
 * The Web Audio side of the player: one AudioContext; each <audio> element runs through its
 * own GainNode (levelling and crossfade) into a shared chain (preamp, ten-band equaliser) and
 * out. Volume and mute stay on the elements themselves, which Chromium and Firefox apply
 * before the element's source node, so they work the same with or without this graph.
 */
export interface AudioGraph {
  readonly context: AudioContext;
  /** Where decoded tracks (gapless runs) join the shared chain, each through its own gain. */
  readonly input: AudioNode;
  /** Routes an element through its own gain into the shared chain; returns that gain. */
  route(element: HTMLAudioElement): GainNode;
  setEqualiser(settings: EqualiserSettings): void;
  /** Lets the context run; browsers allow it from a user's gesture (autoplay policy). */
  resume(): void;
}

/** What a browser test reads to measure the output (only with `?audioProbe=1`). */
export interface AudioProbe {
  context: AudioContext;
  analyser: AnalyserNode;
}

declare global {
  interface Window {
    __backbeatAudio?: AudioProbe;
  }
}

// Read once at start: the SPA's own navigation drops the query string later.
const probeRequested =
  typeof location !== 'undefined' && new URLSearchParams(location.search).get('audioProbe') === '1';
const PROBE_FFT_SIZE = 8192;

/**
 * The graph, or null where Web Audio is missing or refuses (the player then stays plain);
 * on `existing` when a context was made earlier, within the listener's click.
 */
export function createAudioGraph(existing?: AudioContext | null): AudioGraph | null {
  const context = existing ?? makeAudioContext();
  if (!context) return null;
  const preamp = context.createGain();
  const lastBand = EQUALISER_BANDS_HZ.length - 1;
  const bands = EQUALISER_BANDS_HZ.map((frequency, index) => {
    const filter = context.createBiquadFilter();
    // Shelves at the ends lift or cut everything beyond them, as a hi-fi's bass and treble do.
    filter.type = index === 0 ? 'lowshelf' : index === lastBand ? 'highshelf' : 'peaking';
    filter.frequency.value = frequency;
    filter.Q.value = EQUALISER_PEAKING_Q;
    filter.gain.value = 0;
    return filter;
  });
  let output: AudioNode = preamp;
  for (const band of bands) output = output.connect(band);
  output.connect(context.destination);

  if (probeRequested) {
    const analyser = context.createAnalyser();
    analyser.fftSize = PROBE_FFT_SIZE;
    analyser.smoothingTimeConstant = 0;
    output.connect(analyser);
    window.__backbeatAudio = { context, analyser };
  }

  const resume = () => {
    if (context.state === 'suspended') void context.resume().catch(() => {});
  };
  // Started outside a gesture (a restored queue, a radio), the context waits for the next one.
  const resumeOnGesture = () => {
    resume();
    if (context.state !== 'suspended') {
      document.removeEventListener('pointerdown', resumeOnGesture);
      document.removeEventListener('keydown', resumeOnGesture);
    }
  };
  document.addEventListener('pointerdown', resumeOnGesture);
  document.addEventListener('keydown', resumeOnGesture);

  return {
    context,
    input: preamp,
    route(element) {
      const gain = context.createGain();
      context.createMediaElementSource(element).connect(gain).connect(preamp);
      return gain;
    },
    setEqualiser({ preampDb, bandsDb }) {
      const now = context.currentTime;
      preamp.gain.setTargetAtTime(decibelsToGain(preampDb), now, 0.02);
      bands.forEach((band, i) => band.gain.setTargetAtTime(bandsDb[i] ?? 0, now, 0.02));
    },
    resume,
  };
}
