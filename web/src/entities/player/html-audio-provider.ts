import { createAudioGraph, type AudioGraph } from './audio-graph.ts';
import { createGaplessPlayer, type GaplessPlayer } from './gapless-player.ts';
import { earlyElementClaim, stopAudio, type EarlyStart } from './early-start.ts';
import {
  crossfadeCurve,
  decibelsToGain,
  plainElementVolume,
  type EqualiserSettings,
} from './listening-settings.ts';
import type { PlaybackEvents, PlaybackProvider, TrackPlayback } from './playback-provider.ts';
import { watchStream, type StreamWatch } from './stream-recovery.ts';

/** A crossfade this close to the end is not worth starting; the track simply ends. */
const SHORTEST_FADE_S = 0.2;
/** Smoothing of level changes, so a new target does not click. */
const LEVEL_SMOOTHING_S = 0.015;
/** A skip fades the outgoing track this fast instead of cutting it mid-wave (a click). */
const SKIP_FADE_S = 0.04;
/** How often a decoded track's position is reported. */
const BUFFER_TICK_MS = 250;

interface Crossfade {
  from: HTMLAudioElement;
  to: HTMLAudioElement;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Two <audio> elements: one plays while the other preloads the next track, and they swap
 * when it starts, so one track runs into the next without waiting for the network. With Web
 * Audio, each runs through its own gain (levelling, crossfade) and the shared equaliser.
 * Tracks of a gapless run play from decoded buffers instead (gapless-player.ts); a stream
 * that fails mid-track is retried where it stopped (stream-recovery.ts); and when the audio
 * context stops while the page is hidden (phones), playback moves to plain elements.
 */
export function createHtmlAudioProvider(early: EarlyStart | null = null): PlaybackProvider {
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
  let deferredPreload: { src: string | null; levelDb: number; options: TrackPlayback } | null =
    null;
  /** Decoded playback of gapless runs; `buffered` while it holds the current track. */
  let gapless: GaplessPlayer | null = null;
  let buffered = false;
  let bufferLoad: AbortController | null = null;
  /** The joined track has just taken over; the store's next load only takes note of it. */
  let justJoined = false;
  /** A seek asked for while the track was still decoding, applied once it starts. */
  let pendingSeek: number | null = null;
  let bufferLevel = 1;
  let ticker: ReturnType<typeof setInterval> | null = null;
  /** Whether the listener wants sound now (for recovery and the background fallback). */
  let wanted = false;
  const watches = new Map<HTMLAudioElement, StreamWatch>();

  const claimEarly = earlyElementClaim(early);

  function create(audio = new Audio()): HTMLAudioElement {
    audio.preload = 'auto';
    // Only the current element speaks for the player (not while a decoded track plays).
    const on = (type: keyof HTMLMediaElementEventMap, handler: () => void) =>
      audio.addEventListener(type, () => audio === active && !buffered && handler());
    const reportTime = () => events?.time(audio.currentTime, audio.duration || 0);
    on('timeupdate', () => {
      reportTime();
      startCrossfadeIfDue(audio);
    });
    on('durationchange', reportTime);
    on('playing', () => events?.playing());
    on('pause', () => !audio.ended && events?.paused());
    on('waiting', () => events?.waiting());
    on('ended', () => events?.ended());
    watches.set(
      audio,
      watchStream(audio, {
        isCurrent: () => audio === active && !buffered,
        wanted: () => wanted,
        failed: (message) => events?.error(message),
      }),
    );
    elements.push(audio);
    if (graph) route(audio);
    return audio;
  }

  function route(audio: HTMLAudioElement) {
    try {
      const gain = graph!.route(audio, audio === early?.element ? early.source : null);
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
        graph = createAudioGraph(early?.context);
        for (const audio of elements) route(audio);
        if (graph && equaliser) graph.setEqualiser(equaliser);
        if (graph) {
          gapless = createGaplessPlayer(graph, {
            joined: () => {
              justJoined = true;
              events?.ended();
            },
            ended: () => {
              buffered = false;
              stopTicker();
              events?.ended();
            },
          });
          graph.context.addEventListener('statechange', fallBackWhenStopped);
        }
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
      const { src, levelDb, options } = deferredPreload;
      deferredPreload = null;
      preload(src, levelDb, options);
    }
  }

  function preload(src: string | null, levelDb = 0, options: TrackPlayback = {}) {
    if (fade) {
      deferredPreload = { src, levelDb, options };
      return;
    }
    ensure();
    // Joined to a decoded track: decoded ahead and started at its last frame.
    const joined = buffered && options.joined && src !== null;
    gapless?.prepare(
      joined
        ? [{ src, info: options.gapless ?? null, gain: gainOf(levelDb) }, ...decodedRun(options)]
        : [],
    );
    preloadedSrc = src;
    if (joined || !standby || !src || active?.src === src) return;
    setLevel(standby, levelDb);
    if (standby.src === src) return;
    standby.src = src;
    standby.load();
  }

  /** A decoded track's gain: its levelling and the listener's volume (elements keep theirs). */
  const gainOf = (levelDb: number) => (muted ? 0 : volume) * decibelsToGain(levelDb);
  const decodedRun = (options: TrackPlayback) =>
    (options.following ?? []).map((track) => ({
      src: track.src,
      info: track.gapless,
      gain: gainOf(track.levelDb),
    }));

  function startTicker() {
    stopTicker();
    ticker = setInterval(() => {
      if (gapless?.playing) events?.time(gapless.position(), gapless.duration());
    }, BUFFER_TICK_MS);
  }
  function stopTicker() {
    if (ticker) clearInterval(ticker);
    ticker = null;
  }

  /** Plays a track of a gapless run from its decoded buffer; streams it when that fails. */
  function loadBuffered(
    src: string,
    options: TrackPlayback & { autoplay: boolean; startAt?: number },
  ) {
    bufferLoad?.abort();
    const abort = new AbortController();
    bufferLoad = abort;
    buffered = true;
    pendingSeek = null;
    bufferLevel = decibelsToGain(options.levelDb ?? 0);
    for (const audio of elements) audio.pause();
    events?.time(options.startAt ?? 0, 0);
    if (options.autoplay) events?.waiting();
    gapless!
      .start(
        { src, info: options.gapless ?? null, gain: gainOf(options.levelDb ?? 0) },
        options.startAt ?? 0,
        options.autoplay,
        abort.signal,
        decodedRun(options),
      )
      .then((started) => {
        if (!started || abort.signal.aborted) return;
        if (pendingSeek !== null) gapless!.seek(pendingSeek);
        pendingSeek = null;
        events?.time(gapless!.position(), gapless!.duration());
        if (options.autoplay) events?.playing();
        startTicker();
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        // Could not fetch or decode it whole: the element streams it (and retries) instead.
        console.warn('Gapless decode failed; streaming instead', error);
        buffered = false;
        loadElement(src, { ...options, joined: false });
      });
  }

  /**
   * Phones stop an AudioContext in the background (iOS "interrupted", or suspended) while a
   * plain <audio> element plays on. When that happens mid-play with the page hidden, the
   * track moves to fresh elements outside the graph, at the same position; levelling then
   * holds through the element's volume (turned down only), the equaliser until a reload.
   */
  function fallBackWhenStopped() {
    if (!graph || graph.context.state === 'running' || !wanted || !document.hidden) return;
    const src = buffered ? gapless?.src : active?.src;
    const at = buffered ? (gapless?.position() ?? 0) : (active?.currentTime ?? 0);
    const level = buffered ? bufferLevel : (levels.get(active!) ?? 1);
    gapless?.stop();
    gapless = null;
    buffered = false;
    stopTicker();
    bufferLoad?.abort();
    if (fade) finishCrossfade();
    for (const audio of elements.splice(0)) {
      audio.pause();
      watches.get(audio)?.dispose();
    }
    graph = null;
    gains.clear();
    active = standby = null;
    preloadedSrc = null;
    if (!src) return;
    const next = ensure();
    levels.set(next, level);
    next.src = src;
    loadElement(src, { autoplay: true, startAt: at });
  }

  function loadElement(
    src: string,
    options: TrackPlayback & { autoplay: boolean; startAt?: number },
  ) {
    const { autoplay, startAt, levelDb = 0 } = options;
    const adopted = adoptEarly(src, levelDb);
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
      if (!adopting) fadeOutAndPause(previous);
      // Its preload failed unheard: load it again so the failure is reported now.
      if (next.error) next.src = src;
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
    applyVolume(next);
    watches.get(next)?.reset(adopted ? next.currentTime : (startAt ?? 0));
    if (adopted) {
      // Already under way: it goes on from where it is.
      events?.time(next.currentTime, next.duration || 0);
      if (!next.paused && next.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) events?.playing();
      else if (autoplay && next.paused) void startPlaying(next);
      return;
    }
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
  }

  /** The element the store started within the click becomes the first active one. */
  function adoptEarly(src: string, levelDb: number): HTMLAudioElement | null {
    const element = active ? null : claimEarly(src);
    if (!element) return null;
    levels.set(element, decibelsToGain(levelDb));
    active = create(element);
    return element;
  }

  /** A skip: the outgoing track fades in a few hundredths of a second rather than clicking. */
  function fadeOutAndPause(audio: HTMLAudioElement) {
    const param = gains.get(audio)?.gain;
    if (!graph || !param || audio.paused) return audio.pause();
    const now = graph.context.currentTime;
    param.cancelScheduledValues(now);
    param.setTargetAtTime(0, now, SKIP_FADE_S / 4);
    setTimeout(
      () => {
        if (audio !== active) audio.pause();
        restoreGain(audio);
      },
      SKIP_FADE_S * 1000 * 2,
    );
  }

  const ensure = () => {
    active ??= create();
    standby ??= create();
    return active;
  };
  const applyVolume = (audio: HTMLAudioElement) => {
    // Outside the graph, the element's volume carries the levelling as far as it turns down.
    audio.volume = graph ? volume : plainElementVolume(volume, levels.get(audio) ?? 1);
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
      // A source the browser cannot play reports through the element's error event.
      if (error instanceof DOMException && error.name === 'NotSupportedError') return;
      events?.error(error instanceof Error ? error.message : 'Playback failed.');
    });

  return {
    load(src, options) {
      if (options.autoplay) startAudioGraph();
      wanted = options.autoplay;
      const adopting = justJoined;
      justJoined = false;
      if (buffered && gapless?.adopt(src)) {
        bufferLevel = decibelsToGain(options.levelDb ?? 0);
        if (!adopting) {
          // The same decoded track again (picked in the queue): from where it was asked.
          gapless.seek(options.startAt ?? 0);
          if (options.autoplay) gapless.resume();
          else gapless.pause();
        }
        // The joined track took over at its frame: only take note of it.
        events?.time(gapless.position(), gapless.duration());
        if (gapless.playing) events?.playing();
        return;
      }
      if (options.joined && gapless) return loadBuffered(src, options);
      bufferLoad?.abort();
      if (buffered) {
        buffered = false;
        stopTicker();
        gapless?.stop();
      }
      loadElement(src, options);
    },
    play: async () => {
      startAudioGraph();
      wanted = true;
      if (buffered && gapless) {
        graph?.resume();
        gapless.resume();
        if (gapless.playing) events?.playing();
        return;
      }
      const audio = ensure();
      applyVolume(audio);
      await startPlaying(audio);
    },
    pause: () => {
      wanted = false;
      if (buffered) {
        gapless?.pause();
        events?.paused();
        return;
      }
      if (fade) finishCrossfade();
      active?.pause();
    },
    stop() {
      wanted = false;
      bufferLoad?.abort();
      buffered = false;
      stopTicker();
      gapless?.stop();
      if (fade) finishCrossfade();
      for (const audio of elements) stopAudio(audio);
    },
    seek(seconds) {
      if (!Number.isFinite(seconds)) return;
      if (buffered && !gapless?.active) pendingSeek = seconds;
      else if (buffered) {
        gapless?.seek(seconds);
        events?.time(gapless?.position() ?? seconds, gapless?.duration() ?? 0);
      } else if (active) active.currentTime = Math.max(0, seconds);
    },
    setVolume(value, mute) {
      volume = value;
      muted = mute;
      if (active) applyVolume(active);
      if (fade) applyVolume(fade.from);
      gapless?.setGain((muted ? 0 : volume) * bufferLevel);
    },
    preload,
    setLevel(levelDb) {
      if (buffered) {
        bufferLevel = decibelsToGain(levelDb);
        gapless?.setGain((muted ? 0 : volume) * bufferLevel);
      } else if (active && !fade) setLevel(active, levelDb);
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
