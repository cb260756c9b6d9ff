import { beginForegroundWork } from '../../lib/foreground-work.ts';

/**
 * A first Play before the audio engine has loaded (issue 22): the track starts at once on a
 * plain <audio> element made within the click, already routed into the audio context the
 * engine will use (made in the click too, as browsers ask). Until it sounds, that is the
 * page's foreground work: the engine's code, the player's render and other deferred work
 * wait for it (lib/foreground-work.ts), since the track's data reaches the element through
 * the same main thread. The engine then adopts the element, its source node and the context,
 * so the track goes on where it is.
 */
export interface EarlyStart {
  element: HTMLAudioElement;
  context: AudioContext | null;
  /** The element's node in `context` (an element can have only one). */
  source: MediaElementAudioSourceNode | null;
}

/** What a browser test reads to measure the output (only with `?audioProbe=1`). */
export interface AudioProbe {
  context: AudioContext;
  analyser: AnalyserNode;
}

declare global {
  interface Window {
    webkitAudioContext?: typeof AudioContext;
    __backbeatAudio?: AudioProbe;
  }
}

/** How long a first sound may keep other work waiting (a slow network's first bytes). */
export const FIRST_SOUND_HOLD_MS = 300;

// Read once at start: the SPA's own navigation drops the query string later.
const probeRequested =
  typeof location !== 'undefined' && new URLSearchParams(location.search).get('audioProbe') === '1';
const PROBE_FFT_SIZE = 8192;

/** The test probe's analyser on `context`, made once (null unless asked for). */
export function audioProbe(context: AudioContext): AnalyserNode | null {
  if (!probeRequested) return null;
  if (window.__backbeatAudio?.context !== context) {
    const analyser = context.createAnalyser();
    analyser.fftSize = PROBE_FFT_SIZE;
    analyser.smoothingTimeConstant = 0;
    window.__backbeatAudio = { context, analyser };
  }
  return window.__backbeatAudio.analyser;
}

let early: EarlyStart | null = null;

/** A Web Audio context, or null where the browser has none or refuses one. */
export function makeAudioContext(): AudioContext | null {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  try {
    return Context ? new Context() : null;
  } catch {
    return null;
  }
}

/** How long a track loaded at a press waits for the click that plays it. */
const PRESS_HOLD_MS = 2000;

/** A track loading since a mouse press on its Play button, with its node in the context. */
let pressed: (EarlyStart & { src: string; expiry: ReturnType<typeof setTimeout> }) | null = null;

/**
 * A mouse press on a Play button comes a tenth of a second or so before its click: the track
 * starts loading then (a press is a user activation, so its audio context may start too), and
 * the click only has to play it. A press that leads nowhere lets it go after two seconds.
 */
export function prepareEarly(src: string): void {
  if (pressed?.src === src) return;
  releasePressed();
  const element = new Audio();
  element.preload = 'auto';
  element.src = src;
  const context = early?.context ?? makeAudioContext();
  pressed = {
    src,
    element,
    context,
    source: context && routeEarly(context, element),
    expiry: setTimeout(releasePressed, PRESS_HOLD_MS),
  };
}

/** The element a press began loading for `src`, handed over; one for another track goes. */
function takePressed(src: string) {
  if (pressed?.src !== src) {
    releasePressed();
    return null;
  }
  const ready = pressed;
  clearTimeout(ready.expiry);
  pressed = null;
  return ready;
}

function releasePressed() {
  if (!pressed) return;
  clearTimeout(pressed.expiry);
  stopAudio(pressed.element);
  if (pressed.context !== early?.context) void pressed.context?.close().catch(() => undefined);
  pressed = null;
}

/** Starts `src` now at `volume` (0–1, already levelled and muted as the engine would). */
export function startEarly(src: string, volume: number): HTMLAudioElement {
  stopEarlyElement();
  const ready = takePressed(src);
  const element = ready?.element ?? new Audio();
  element.preload = 'auto';
  element.volume = volume;
  if (!ready) element.src = src;
  // A refusal or a failure is reported by the engine, which sees the element's state.
  const played = element.play();
  beginForegroundWork(
    new Promise((resolve) => {
      for (const type of ['playing', 'pause', 'error', 'emptied'])
        element.addEventListener(type, resolve, { once: true });
      played.catch(resolve);
    }),
    FIRST_SOUND_HOLD_MS,
  );
  if (ready) early = { element, context: ready.context, source: ready.source };
  else {
    // After the fetch has begun: a browser's first context can take tens of milliseconds.
    const context = early?.context ?? makeAudioContext();
    early = { element, context, source: context && routeEarly(context, element) };
  }
  return element;
}

/** The element into the context, as the engine will route it: heard the same way from now. */
function routeEarly(context: AudioContext, element: HTMLAudioElement) {
  try {
    const source = context.createMediaElementSource(element);
    source.connect(context.destination);
    const probe = audioProbe(context);
    if (probe) source.connect(probe);
    return source;
  } catch {
    // It plays straight to the speakers; the engine routes it if it can.
    return null;
  }
}

/** What was started early, handed over once: the engine owns it from then on. */
export function takeEarlyStart(): EarlyStart | null {
  const taken = early;
  early = null;
  return taken;
}

/** The engine could not load: nothing may go on playing behind the player's back. */
export function stopEarlyStart(): void {
  releasePressed();
  stopEarlyElement();
  void early?.context?.close().catch(() => undefined);
  early = null;
}

function stopEarlyElement() {
  if (early) stopAudio(early.element);
}

/** Silences an element and lets its download go. */
export function stopAudio(audio: HTMLAudioElement): void {
  audio.pause();
  audio.removeAttribute('src');
  audio.load();
}

/**
 * The engine's side: the early element goes to the first load the store replays as the
 * engine arrives, when that load is for its track and it has not failed; otherwise, or if no
 * load comes in this task, it stops.
 */
export function earlyElementClaim(start: EarlyStart | null) {
  let element = start?.element ?? null;
  const release = () => {
    if (element) stopAudio(element);
    element = null;
  };
  queueMicrotask(release);
  return (src: string): HTMLAudioElement | null => {
    const claimed = element?.src === src && !element.error ? element : null;
    if (claimed) element = null;
    else release();
    return claimed;
  };
}
