import { createAudioGraph, type AudioGraph } from './audio-graph.ts';
import { crossfadeCurve, decibelsToGain, type EqualiserSettings } from './listening-settings.ts';
import type { PlaybackEvents, PlaybackProvider } from './playback-provider.ts';

/** A crossfade this close to the end is not worth starting; the track simply ends. */
const SHORTEST_FADE_S = 0.2;
/** Smoothing of level changes, so a new target does not click. */
const LEVEL_SMOOTHING_S = 0.015;

interface Crossfade {
  from: HTMLAudioElement;
  to: HTMLAudioElement;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Two <audio> elements: one plays while the other preloads the next track, and they swap
 * when it starts, so one track runs into the next without waiting for the network. With Web
 * Audio, each runs through its own gain (levelling, crossfade) and the shared equaliser.
 */
export function createHtmlAudioProvider(): PlaybackProvider {
  let events: PlaybackEvents | null = null;
  let volume = 1;
  let muted = false;
  const elements: HTMLAudioElement[] = [];
  let active: HTMLAudioElement | null = null;
  let standby: HTMLAudioElement | null = null;
  /** What the store asked to preload: the only track a crossfade may run into. */
  let preloadedSrc: string | null = null;
  let graph: AudioGraph | null = null;
  let graphTried = false;
  const gains = new Map<HTMLAudioElement, GainNode>();
  const levels = new Map<HTMLAudioElement, number>();
  let equaliser: EqualiserSettings | null = null;
  let crossfadeSeconds = 0;
  let fade: Crossfade | null = null;
  /** A preload asked for mid-fade waits: the standby element is still fading out. */
  let deferredPreload: { src: string | null; levelDb: number } | null = null;

  function create(): HTMLAudioElement {
    const audio = new Audio();
    audio.preload = 'auto';
    const from = (handler: () => void) => () => {
      if (audio === active) handler();
    };
    audio.addEventListener(
      'timeupdate',
      from(() => {
        events?.time(audio.currentTime, audio.duration || 0);
        startCrossfadeIfDue(audio);
      }),
    );
    audio.addEventListener(
      'durationchange',
      from(() => events?.time(audio.currentTime, audio.duration || 0)),
    );
    audio.addEventListener(
      'playing',
      from(() => events?.playing()),
    );
    audio.addEventListener(
      'pause',
      from(() => !audio.ended && events?.paused()),
    );
    audio.addEventListener(
      'waiting',
      from(() => events?.waiting()),
    );
    audio.addEventListener(
      'ended',
      from(() => events?.ended()),
    );
    audio.addEventListener(
      'error',
      from(() => events?.error(audio.error?.message || 'This track could not be played.')),
    );
    elements.push(audio);
    if (graph) route(audio);
    return audio;
  }

  function route(audio: HTMLAudioElement) {
    try {
      const gain = graph!.route(audio);
      gain.gain.value = levels.get(audio) ?? 1;
      gains.set(audio, gain);
    } catch (error) {
      // This element keeps playing straight to the speakers, without levelling.
      console.warn('Could not route audio through Web Audio', error);
    }
  }

  /** Builds the graph on the first play, inside the listener's gesture (autoplay policy). */
  function startAudioGraph() {
    if (!graphTried) {
      graphTried = true;
      try {
        graph = createAudioGraph();
        for (const audio of elements) route(audio);
        if (graph && equaliser) graph.setEqualiser(equaliser);
      } catch (error) {
        // Plain <audio> still plays; only levelling, equaliser and crossfade are lost.
        console.warn('Web Audio unavailable', error);
      }
    }
    graph?.resume();
  }

  function setLevel(audio: HTMLAudioElement, levelDb: number) {
    levels.set(audio, decibelsToGain(levelDb));
    restoreGain(audio);
  }

  /** Puts the element's gain back at its level, ending any fade scheduled on it. */
  function restoreGain(audio: HTMLAudioElement) {
    const level = levels.get(audio) ?? 1;
    const param = gains.get(audio)?.gain;
    if (!param || !graph) return;
    const now = graph.context.currentTime;
    param.cancelScheduledValues(now);
    param.setTargetAtTime(level, now, LEVEL_SMOOTHING_S);
  }

  function rampGain(audio: HTMLAudioElement, direction: 'in' | 'out', seconds: number) {
    const param = gains.get(audio)!.gain;
    const now = graph!.context.currentTime;
    const curve = crossfadeCurve(direction, levels.get(audio) ?? 1);
    param.cancelScheduledValues(now);
    try {
      param.setValueCurveAtTime(curve, now, seconds);
    } catch {
      // An automation still running overlaps the curve: a straight ramp does nearly as well.
      param.setValueAtTime(curve[0]!, now);
      param.linearRampToValueAtTime(curve[curve.length - 1]!, now + seconds);
    }
  }

  function startCrossfadeIfDue(audio: HTMLAudioElement) {
    const next = standby;
    if (!graph || crossfadeSeconds <= 0 || fade || !next || audio.paused) return;
    if (!preloadedSrc || next.src !== preloadedSrc || !gains.has(next) || !gains.has(audio)) return;
    const remaining = (audio.duration || 0) - audio.currentTime;
    if (!Number.isFinite(remaining) || remaining > crossfadeSeconds) return;
    if (remaining < SHORTEST_FADE_S || next.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) return;
    if (next.currentTime > 0) next.currentTime = 0;
    applyVolume(next);
    rampGain(audio, 'out', remaining);
    rampGain(next, 'in', remaining);
    void startPlaying(next);
    fade = { from: audio, to: next, timer: setTimeout(finishCrossfade, remaining * 1000) };
    // The store moves on now; its load() of the preloaded track adopts the one fading in.
    events?.ended();
  }

  function finishCrossfade() {
    if (!fade) return;
    const { from } = fade;
    clearTimeout(fade.timer);
    fade = null;
    from.pause();
    restoreGain(from);
    if (deferredPreload) {
      const { src, levelDb } = deferredPreload;
      deferredPreload = null;
      preload(src, levelDb);
    }
  }

  function preload(src: string | null, levelDb = 0) {
    if (fade) {
      deferredPreload = { src, levelDb };
      return;
    }
    ensure();
    preloadedSrc = src;
    if (!standby || !src || active?.src === src) return;
    setLevel(standby, levelDb);
    if (standby.src === src) return;
    standby.src = src;
    standby.load();
  }

  const ensure = () => {
    active ??= create();
    standby ??= create();
    return active;
  };
  const applyVolume = (audio: HTMLAudioElement) => {
    audio.volume = volume;
    audio.muted = muted;
  };
  const startPlaying = (audio: HTMLAudioElement) =>
    audio.play().catch((error: unknown) => {
      // Interrupted by a newer load or pause: not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        events?.paused();
        return;
      }
      events?.error(error instanceof Error ? error.message : 'Playback failed.');
    });

  return {
    load(src, { autoplay, startAt, levelDb = 0 }) {
      if (autoplay) startAudioGraph();
      const previous = ensure();
      const adopting = fade?.to.src === src ? fade.to : null;
      // Anything else the listener picks mid-fade ends the fade at once.
      if (fade && !adopting) finishCrossfade();
      let next = previous;
      if (standby && standby.src === src && previous.src !== src) {
        next = standby;
        standby = previous;
        active = next;
        preloadedSrc = null;
        if (!adopting) previous.pause();
      } else if (previous.src !== src) {
        previous.src = src;
      }
      applyVolume(next);
      if (adopting) {
        // Already playing and fading in at its level: only take note of it.
        levels.set(next, decibelsToGain(levelDb));
        events?.time(next.currentTime, next.duration || 0);
        if (!next.paused) events?.playing();
        return;
      }
      setLevel(next, levelDb);
      if (startAt !== undefined && startAt > 0) {
        const seekTo = () => {
          next.currentTime = startAt;
        };
        if (next.readyState >= 1) seekTo();
        else next.addEventListener('loadedmetadata', seekTo, { once: true });
      } else if (next.currentTime > 0) {
        next.currentTime = 0;
      }
      events?.time(startAt ?? 0, next.duration || 0);
      if (autoplay) void startPlaying(next);
    },
    play: async () => {
      startAudioGraph();
      const audio = ensure();
      applyVolume(audio);
      await startPlaying(audio);
    },
    pause: () => {
      if (fade) finishCrossfade();
      active?.pause();
    },
    stop() {
      if (fade) finishCrossfade();
      for (const audio of elements) {
        audio.pause();
        audio.removeAttribute('src');
        audio.load();
      }
    },
    seek(seconds) {
      if (active && Number.isFinite(seconds)) active.currentTime = Math.max(0, seconds);
    },
    setVolume(value, mute) {
      volume = value;
      muted = mute;
      if (active) applyVolume(active);
      if (fade) applyVolume(fade.from);
    },
    preload,
    setLevel(levelDb) {
      if (active && !fade) setLevel(active, levelDb);
    },
    setEqualiser(settings) {
      equaliser = settings;
      graph?.setEqualiser(settings);
    },
    setCrossfade(seconds) {
      crossfadeSeconds = seconds;
    },
    listen(listener) {
      events = listener;
    },
  };
}
