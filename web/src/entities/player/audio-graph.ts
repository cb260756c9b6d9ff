import { EQUALISER_BANDS_HZ, EQUALISER_PEAKING_Q } from '@backbeat/common';
import { audioProbe, makeAudioContext } from './early-start.ts';
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
  /**
   * Routes an element through its own gain into the shared chain; returns that gain.
   * `source` is the element's node when one was made before (an element has only one).
   */
  route(element: HTMLAudioElement, source?: MediaElementAudioSourceNode | null): GainNode;
  setEqualiser(settings: EqualiserSettings): void;
  /** Lets the context run; browsers allow it from a user's gesture (autoplay policy). */
  resume(): void;
}

/**
 * The graph, or null where Web Audio is missing or refuses (the player then stays plain);
 * on `existing` when a context was made earlier, within the listener's click.
 */
export function createAudioGraph(existing?: AudioContext | null): AudioGraph | null {
  const context = existing ?? makeAudioContext();
  if (!context) return null;
  const preamp = context.createGain();
  /** Where the chain's last node goes: the speakers, and the probe's analyser when asked. */
  const outputs: AudioNode[] = [context.destination];
  const probe = audioProbe(context);
  if (probe) outputs.push(probe);
  for (const output of outputs) preamp.connect(output);

  // The equaliser's ten filters join the chain the first time a band leaves 0 dB, not before
  // (issue 22): profiled in Chromium, making and setting them took ~35 ms of a first Play's
  // main thread on a slow machine, while the track's first data waited for that thread. A
  // flat equaliser is what most listeners keep, and it changes nothing in the sound.
  let bands: BiquadFilterNode[] | null = null;
  const engageBands = () => {
    if (bands) return bands;
    const lastBand = EQUALISER_BANDS_HZ.length - 1;
    bands = EQUALISER_BANDS_HZ.map((frequency, index) => {
      const filter = context.createBiquadFilter();
      // Shelves at the ends lift or cut everything beyond them, as a hi-fi's bass and treble do.
      filter.type = index === 0 ? 'lowshelf' : index === lastBand ? 'highshelf' : 'peaking';
      filter.frequency.value = frequency;
      filter.Q.value = EQUALISER_PEAKING_Q;
      filter.gain.value = 0;
      return filter;
    });
    preamp.disconnect();
    let last: AudioNode = preamp;
    for (const band of bands) last = last.connect(band);
    for (const output of outputs) last.connect(output);
    return bands;
  };

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
    route(element, source) {
      const gain = context.createGain();
      const node = source ?? context.createMediaElementSource(element);
      // One made before played straight out: it goes through the chain from now on.
      node.disconnect();
      node.connect(gain).connect(preamp);
      return gain;
    },
    setEqualiser({ preampDb, bandsDb }) {
      const now = context.currentTime;
      preamp.gain.setTargetAtTime(decibelsToGain(preampDb), now, 0.02);
      if (!bands && bandsDb.every((db) => !db)) return;
      engageBands().forEach((band, i) => band.gain.setTargetAtTime(bandsDb[i] ?? 0, now, 0.02));
    },
    resume,
  };
}
