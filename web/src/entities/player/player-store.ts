import { create } from 'zustand';
import type { PlaySource, Track } from '@backbeat/common';
import { streamTrack } from '@backbeat/common/contracts';
import { apiUrl } from '../../lib/api.ts';
import { getBootstrap } from '../../lib/bootstrap.ts';
import { canPlayAudio } from '../../lib/subscription-permissions.ts';
import { trans } from '../../lib/translator.ts';
import { useToastStore } from '../../ui/toast/toast-store.ts';
import { afterForegroundWork } from '../../lib/foreground-work.ts';
import {
  FIRST_SOUND_HOLD_MS,
  prepareEarly,
  readyEarly,
  startEarly,
  stopEarlyStart,
  takeEarlyStart,
  unreadyEarly,
} from './early-start.ts';
import {
  decibelsToGain,
  levellingGainDb,
  plainElementVolume,
  streamParamsOf,
} from './listening-settings.ts';
import { useListeningSettings } from './listening-settings-store.ts';
import { createListenerHold } from './listener-hold.ts';
import { playReporter } from './play-reporter.ts';
import type { FollowingTrack, PlaybackProvider } from './playback-provider.ts';

/** The admin's default volume (player settings, 0 to 100) for a listener with none saved. */
export function defaultVolume(): number {
  const percent = (getBootstrap().settings.player as { default_volume?: number } | undefined)
    ?.default_volume;
  return typeof percent === 'number' ? Math.max(0, Math.min(1, percent / 100)) : 0.8;
}
import {
  moveItem,
  nextIndex,
  previousIndex,
  shuffled,
  toQueueItems,
  type QueueItem,
} from './queue.ts';

export type RepeatMode = 'off' | 'all' | 'one';
export type PlayStatus = 'idle' | 'loading' | 'playing' | 'paused';
export type { PlaySource };

export interface PlayerState {
  queue: QueueItem[];
  /** Order before shuffling, to restore when shuffle is turned off. */
  unshuffled: QueueItem[] | null;
  index: number;
  status: PlayStatus;
  /** Seconds. */
  position: number;
  duration: number;
  volume: number;
  muted: boolean;
  repeat: RepeatMode;
  shuffle: boolean;
  queueOpen: boolean;
  expanded: boolean;
  source: PlaySource;
}

const RESTART_THRESHOLD_S = 3;

/** The page's renders for a first Play wait until its early element sounds (early-start.ts). */
const renderHold = createListenerHold<PlayerState>(FIRST_SOUND_HOLD_MS);

export const usePlayerStore = create<PlayerState>()((_set, _get, api) => {
  renderHold.attach(api);
  return {
    queue: [],
    unshuffled: null,
    index: -1,
    status: 'idle',
    position: 0,
    duration: 0,
    volume: defaultVolume(),
    muted: false,
    repeat: 'off',
    shuffle: false,
    queueOpen: false,
    expanded: false,
    source: 'direct',
  };
});

export const currentItem = (state: PlayerState): QueueItem | null =>
  state.queue[state.index] ?? null;
export const useCurrentTrack = () => usePlayerStore((s) => currentItem(s)?.track ?? null);
let opusPlays: boolean | null = null;
/** Whether this browser plays Ogg Opus (asked once). */
const playsOpus = () =>
  (opusPlays ??=
    typeof document !== 'undefined' &&
    document.createElement('audio').canPlayType('audio/ogg; codecs=opus') !== '');
/** The track's audio at this device's streaming quality (issue 38.6: encoded by the server). */
export const streamUrl = (track: Track) =>
  apiUrl(streamTrack, {
    id: track.id,
    ...streamParamsOf(useListeningSettings.getState().streamingQuality, playsOpus()),
  });

/**
 * The file a first Play of `tracks` starts on a plain element before the engine loads, or
 * null: once the engine is here it plays, and a gapless album waits for it to decode.
 */
function earlySource(tracks: Track[]): string | null {
  const first = tracks[0];
  if (provider || !first || first.album?.gapless) return null;
  if (!canPlayAudio(getBootstrap().subscription_permissions)) return null;
  return streamUrl(first);
}

let provider: PlaybackProvider | null = null;
let engine: Promise<void> | null = null;
/** Calls made before the engine arrived, run in order when it does. */
const waiting: ((provider: PlaybackProvider) => void)[] = [];
/** The key of the queue item whose play was already logged (one log per play). */
let loggedKey: string | null = null;

const get = usePlayerStore.getState;
const set = usePlayerStore.setState;

/**
 * Loads the audio engine (HTML audio with crossfade, equaliser, gapless decoding and stream
 * recovery), which is not part of the first page's code (issue 22): the player host asks for
 * it once the page has settled, and the first call that makes sound asks for it at once.
 */
export function loadPlayback(): Promise<void> {
  engine ??= import('./html-audio-provider.ts').then(
    ({ createHtmlAudioProvider }) => {
      provider = connect(createHtmlAudioProvider(takeEarlyStart()));
      for (const run of waiting.splice(0)) run(provider);
    },
    (error: unknown) => {
      engine = null;
      throw error;
    },
  );
  return engine;
}

/**
 * Downloads the engine's code without starting it, so a first Play on a page that has sat
 * idle still takes the early start: the track readied at the sight of its button, in the
 * page's audio context, with the page's re-render held until it sounds; the engine, already
 * downloaded, then adopts it. Started at once as the page settled, the engine let go of what
 * was readied, closed the page's context and made its own in the click: click to sound on a
 * settled page p50 ~220 ms against ~95 ms for a bare <audio> page (issue 40, bench).
 */
export function prefetchPlayback(): void {
  void import('./html-audio-provider.ts').catch(() => undefined);
}

/**
 * Runs `run` with the engine: now if it is loaded, otherwise when it arrives, after the
 * calls made before it (so a seek or volume change before the first play still applies).
 * `start` asks for the engine now (a call that makes sound); other calls only wait for it.
 */
function withPlayback(run: (provider: PlaybackProvider) => void, start = false) {
  if (provider) return run(provider);
  waiting.push(run);
  // A first sound started early comes first: the engine's code waits for it.
  if (start) afterForegroundWork(() => void loadPlayback().catch(engineFailed));
}

/** The engine could not be fetched (offline, network trouble): nothing plays, and it says so. */
function engineFailed(error: unknown) {
  // Every call that asked for the engine hears of the failure: one message is enough.
  if (!waiting.length) return;
  stopEarlyStart();
  console.warn('The audio engine did not load.', error);
  waiting.length = 0;
  // Nothing plays any more (the early element, which may have sounded, was stopped).
  if (get().status === 'loading' || get().status === 'playing') set({ status: 'paused' });
  useToastStore.getState().add({ type: 'danger', message: trans('Could not play this track.') });
}

/** The engine, wired to the store. */
function connect(provider: PlaybackProvider): PlaybackProvider {
  provider.setEqualiser(useListeningSettings.getState().equaliser);
  provider.listen({
    time(position, duration) {
      set({ position, duration: duration || get().duration });
      playReporter.tick(position);
    },
    playing() {
      set({ status: 'playing' });
      failedInARow = 0;
      const item = currentItem(get());
      if (item && loggedKey !== item.key) {
        loggedKey = item.key;
        playReporter.start(item.track.id, get().source);
      }
      preloadNext();
    },
    paused() {
      set({ status: 'paused' });
      playReporter.paused();
    },
    waiting() {
      set({ status: 'loading' });
      playReporter.paused();
    },
    ended() {
      playReporter.ended();
      if (get().repeat === 'one') replay();
      else advance(true);
    },
    error(message) {
      console.warn('playback error', message);
      skipFailed();
    },
  });
  return provider;
}

/** Tracks that failed one after another: once the whole queue has, the player stops trying. */
let failedInARow = 0;

/** A track that cannot be played is skipped with a toast, and the queue goes on. */
function skipFailed() {
  const state = get();
  const item = currentItem(state);
  useToastStore.getState().add({
    type: 'danger',
    message: item
      ? trans('Could not play “:name”; skipped to the next track.', { name: item.track.name })
      : trans('Could not play this track.'),
  });
  failedInARow++;
  if (failedInARow >= state.queue.length) {
    failedInARow = 0;
    set({ status: 'paused' });
    return;
  }
  playReporter.finish();
  advance(true);
}

/**
 * Whether `next` continues `current` without a gap: the next track of an album marked
 * gapless (a live set, a classical work, a DJ mix). Such tracks are decoded whole and joined
 * at the exact frame, and never crossfade. Ordinary albums keep their tracks' own silences
 * and the listener's crossfade, and stream without decoding whole tracks into memory.
 */
export function continues(current: Track | undefined, next: Track | undefined): boolean {
  if (!current?.album?.gapless || !next?.album || next.album.id !== current.album.id) return false;
  return current.number === null || next.number === null || next.number === current.number + 1;
}

/** The loudness levelling of a track under the listener's current choices, in dB. */
const levelDbOf = (track: Track) =>
  levellingGainDb(track.loudness, useListeningSettings.getState());

/** The item after `index` when the current one ends (none with repeat one). */
function followerOf(state: PlayerState, index = state.index): QueueItem | undefined {
  if (state.repeat === 'one') return undefined;
  const next = nextIndex(state.queue.length, index, state.repeat === 'all');
  return next === null ? undefined : state.queue[next];
}

/**
 * Repeat one restarts the same track, so there is nothing to crossfade into; inside a
 * gapless album the tracks join instead.
 */
function crossfadeSecondsFor(state: PlayerState) {
  if (state.repeat === 'one') return 0;
  if (continues(currentItem(state)?.track, followerOf(state)?.track)) return 0;
  return useListeningSettings.getState().crossfadeSeconds;
}

/** Tracks of a gapless run handed to the engine at once, to decode ahead. */
const RUN_AHEAD = 16;

/** The tracks after `index` that go on with its gapless run, in playing order. */
function runAfter(state: PlayerState, index: number): FollowingTrack[] {
  const run: FollowingTrack[] = [];
  let at = index;
  while (run.length < RUN_AHEAD && state.repeat !== 'one') {
    const next = nextIndex(state.queue.length, at, state.repeat === 'all');
    const item = next === null || next === index ? undefined : state.queue[next];
    if (!item || !continues(state.queue[at]?.track, item.track)) break;
    run.push({
      src: streamUrl(item.track),
      levelDb: levelDbOf(item.track),
      gapless: item.track.gapless ?? null,
    });
    at = next!;
  }
  return run;
}

function preloadNext() {
  const state = get();
  const item = followerOf(state);
  const crossfade = crossfadeSecondsFor(state);
  const src = item ? streamUrl(item.track) : null;
  const levelDb = item ? levelDbOf(item.track) : 0;
  const joined = continues(currentItem(state)?.track, item?.track);
  const options = {
    joined,
    gapless: item?.track.gapless ?? null,
    following: joined ? runAfter(state, state.queue.indexOf(item!)) : [],
  };
  withPlayback((playback) => {
    playback.setCrossfade(crossfade);
    playback.preload(src, levelDb, options);
  });
}

/** The listener's choices apply at once to what is playing. */
useListeningSettings.subscribe((settings) => {
  if (!provider) return;
  provider.setEqualiser(settings.equaliser);
  provider.setCrossfade(crossfadeSecondsFor(get()));
  const track = currentItem(get())?.track;
  if (track) provider.setLevel(levelDbOf(track));
});

function load(index: number, autoplay: boolean, startAt = 0) {
  const item = get().queue[index];
  if (!item) return;
  if (autoplay && !provider) renderHold.hold();
  if (autoplay) {
    loggedKey = null;
    playReporter.finish();
  }
  set({
    index,
    position: startAt,
    duration: item.track.duration / 1000,
    status: autoplay ? 'loading' : 'paused',
  });
  const { volume, muted } = get();
  const src = streamUrl(item.track);
  const options = {
    autoplay,
    startAt,
    levelDb: levelDbOf(item.track),
    joined: continues(item.track, followerOf(get(), index)?.track),
    gapless: item.track.gapless ?? null,
    following: runAfter(get(), index),
  };
  // Before the engine has loaded, a plain element starts the track within the click; the
  // engine adopts it (a gapless run waits for the engine, which decodes it).
  if (autoplay && !provider && !startAt && !options.joined) {
    const element = startEarly(
      src,
      muted ? 0 : plainElementVolume(volume, decibelsToGain(options.levelDb)),
    );
    // The engine reports from when it arrives; until then the element's first sound shows.
    element.addEventListener(
      'playing',
      () => !provider && get().index === index && set({ status: 'playing' }),
      { once: true },
    );
    afterForegroundWork(renderHold.resume);
  } else {
    renderHold.resume();
  }
  withPlayback((playback) => {
    playback.setVolume(volume, muted);
    playback.load(src, options);
  }, autoplay);
}

/** Repeat one: the same track again from the start (reloaded: a decoded one was let go). */
function replay() {
  load(get().index, true);
}

function advance(automatic: boolean) {
  const state = get();
  const next = nextIndex(state.queue.length, state.index, state.repeat === 'all');
  if (next === null) {
    if (automatic) {
      withPlayback((playback) => playback.seek(0));
      set({ status: 'paused', position: 0 });
    }
    return;
  }
  load(next, automatic || state.status === 'playing' || state.status === 'loading');
}

/** Every player action; components and shortcuts call these, never the provider. */
export const player = {
  playTracks(tracks: Track[], options: { startIndex?: number; source?: PlaySource } = {}) {
    if (!tracks.length) return;
    // With billing on, the plan decides (spec: subscription permissions).
    if (!canPlayAudio(getBootstrap().subscription_permissions)) {
      // With billing on, the refusal offers the plans that include listening.
      const billing = getBootstrap().settings.billing.enable;
      useToastStore.getState().add({
        type: 'danger',
        message: trans('Your plan does not include listening. Log in or upgrade to play music.'),
        ...(billing ? { action: { label: trans('Upgrade'), action: '/pricing' } } : {}),
      });
      return;
    }
    // Before the engine has loaded, this click starts the track on a plain element (load):
    // the page re-renders once that element sounds (listener-hold.ts).
    if (!provider) renderHold.hold();
    let items = toQueueItems(tracks);
    const start = Math.min(options.startIndex ?? 0, items.length - 1);
    let unshuffled: QueueItem[] | null = null;
    let index = start;
    if (get().shuffle) {
      unshuffled = items;
      const first = items[start]!;
      items = [first, ...shuffled(items.filter((i) => i !== first))];
      index = 0;
    }
    set({ queue: items, unshuffled, source: options.source ?? 'direct' });
    load(index, true);
  },
  /**
   * A mouse press on a list's Play button: before the engine has loaded, the track its click
   * will start begins loading now (early-start.ts).
   */
  prepareTracks(tracks: Track[]) {
    const src = earlySource(tracks);
    if (src) prepareEarly(src);
  },
  /** A Play button for `tracks` is on the page: its first track is readied; returns the release. */
  readyTracks(tracks: Track[]): () => void {
    const src = earlySource(tracks);
    if (!src) return () => {};
    readyEarly(src);
    return () => unreadyEarly(src);
  },
  /** Plays the list shuffled, whatever the shuffle setting was. */
  shuffleTracks(tracks: Track[]) {
    set({ shuffle: true });
    player.playTracks(shuffled(tracks));
  },
  playNext(tracks: Track[]) {
    const state = get();
    if (state.index === -1) return player.playTracks(tracks);
    const queue = [...state.queue];
    queue.splice(state.index + 1, 0, ...toQueueItems(tracks));
    set({
      queue,
      unshuffled: state.unshuffled
        ? [...state.unshuffled, ...queue.slice(state.index + 1, state.index + 1 + tracks.length)]
        : null,
    });
    preloadNext();
  },
  addToQueue(tracks: Track[]) {
    const state = get();
    if (state.index === -1) return player.playTracks(tracks);
    const added = toQueueItems(tracks);
    set({
      queue: [...state.queue, ...added],
      unshuffled: state.unshuffled ? [...state.unshuffled, ...added] : null,
    });
    preloadNext();
  },
  playAt(index: number) {
    load(index, true);
  },
  playKey(key: string) {
    const index = get().queue.findIndex((i) => i.key === key);
    if (index !== -1) load(index, true);
  },
  toggle() {
    const state = get();
    if (state.index === -1) return;
    if (state.status === 'playing' || state.status === 'loading') {
      withPlayback((playback) => playback.pause());
    } else if (state.status === 'idle') load(state.index, true, state.position);
    else withPlayback((playback) => void playback.play(), true);
  },
  play: () => get().status !== 'playing' && player.toggle(),
  pause: () => get().status === 'playing' && withPlayback((playback) => playback.pause()),
  next: () => advance(false),
  previous() {
    const state = get();
    if (state.position > RESTART_THRESHOLD_S || (state.index <= 0 && state.repeat !== 'all')) {
      player.seek(0);
      return;
    }
    const previous = previousIndex(state.queue.length, state.index, state.repeat === 'all');
    if (previous !== null) load(previous, state.status === 'playing' || state.status === 'loading');
  },
  seek(seconds: number) {
    const target = Math.max(0, Math.min(seconds, get().duration || seconds));
    set({ position: target });
    if (get().status === 'idle') return;
    withPlayback((playback) => playback.seek(target));
  },
  setVolume(volume: number) {
    const value = Math.max(0, Math.min(1, volume));
    set({ volume: value, muted: value === 0 });
    withPlayback((playback) => playback.setVolume(value, value === 0));
  },
  toggleMute() {
    const muted = !get().muted;
    const volume = !muted && get().volume === 0 ? 0.5 : get().volume;
    set({ muted, volume });
    withPlayback((playback) => playback.setVolume(volume, muted));
  },
  toggleShuffle() {
    const state = get();
    const current = currentItem(state);
    if (!state.shuffle) {
      const rest = state.queue.filter((i) => i !== current);
      const queue = current ? [current, ...shuffled(rest)] : shuffled(rest);
      set({ shuffle: true, unshuffled: state.queue, queue, index: current ? 0 : -1 });
    } else {
      const queue = state.unshuffled ?? state.queue;
      set({
        shuffle: false,
        unshuffled: null,
        queue,
        index: current ? queue.findIndex((i) => i.key === current.key) : -1,
      });
    }
    preloadNext();
  },
  cycleRepeat() {
    const order: RepeatMode[] = ['off', 'all', 'one'];
    set({ repeat: order[(order.indexOf(get().repeat) + 1) % order.length]! });
    preloadNext();
  },
  move(from: number, to: number) {
    const state = get();
    set(moveItem(state.queue, from, to, currentItem(state)?.key ?? null));
    preloadNext();
  },
  remove(key: string) {
    const state = get();
    const current = currentItem(state);
    const queue = state.queue.filter((i) => i.key !== key);
    const unshuffled = state.unshuffled?.filter((i) => i.key !== key) ?? null;
    if (current?.key !== key) {
      set({
        queue,
        unshuffled,
        index: current ? queue.findIndex((i) => i.key === current.key) : -1,
      });
      preloadNext();
      return;
    }
    set({ queue, unshuffled });
    if (!queue.length) return player.stop();
    load(Math.min(state.index, queue.length - 1), state.status === 'playing');
  },
  /** Clears what is queued after the current track. */
  clearUpcoming() {
    const state = get();
    const current = currentItem(state);
    set({ queue: current ? [current] : [], unshuffled: null, index: current ? 0 : -1 });
    preloadNext();
  },
  stop() {
    playReporter.finish();
    withPlayback((playback) => playback.stop());
    set({ queue: [], unshuffled: null, index: -1, status: 'idle', position: 0, duration: 0 });
  },
  setQueueOpen: (queueOpen: boolean) => set({ queueOpen }),
  toggleQueue: () => set({ queueOpen: !get().queueOpen }),
  setExpanded: (expanded: boolean) => set({ expanded }),
  /** Puts back a saved session without playing (after a reload). */
  restore(
    saved: Pick<
      PlayerState,
      'queue' | 'unshuffled' | 'index' | 'position' | 'volume' | 'muted' | 'repeat' | 'shuffle'
    >,
  ) {
    set({
      ...saved,
      status: saved.index >= 0 ? 'paused' : 'idle',
      duration: (saved.queue[saved.index]?.track.duration ?? 0) / 1000,
    });
    withPlayback((playback) => playback.setVolume(saved.volume, saved.muted));
    if (saved.index >= 0) load(saved.index, false, saved.position);
  },
};
