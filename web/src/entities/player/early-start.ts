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

/** How long a press waits for the click that plays its track. */
const PRESS_HOLD_MS = 2000;

/**
 * The page's audio context until the engine takes it: made when a Play button first shows,
 * silent (suspended) until a press or a click resumes it, as browsers ask; or made within
 * the press or click where nothing was readied.
 */
let pageContext: AudioContext | null = null;

const earlyContext = () => (pageContext ??= makeAudioContext());

/**
 * The track a Play button on the page would start, readied before its click: from the sight
 * of the button, loading in full from a press on it where nothing was readied.
 */
let ready: (EarlyStart & { src: string; expiry: ReturnType<typeof setTimeout> | null }) | null =
  null;

/**
 * The page shows a Play button for `src` (issue 22): its element is made now with
 * `preload="metadata"` (what a browser does for an <audio> of the page's own) and routed into
 * the page's context, so the click finds the file probed and the context made. Measured in
 * Chromium, click to the first sound p90 ~100 → ~55 ms on a bare page; the context alone was
 * ~15 ms of that. A data-saving browser readies nothing before a press.
 */
export function readyEarly(src: string): void {
  if (ready?.src === src || early || savingData()) return;
  releaseReady();
  const context = earlyContext();
  silence(context);
  ready = { src, ...routedAudio(src, 'metadata', context), expiry: null };
}

/** The page no longer shows that Play button: what was readied for it, unless pressed, goes. */
export function unreadyEarly(src: string): void {
  if (ready?.src === src && !ready.expiry) releaseReady();
}

/**
 * A mouse press on a Play button comes a tenth of a second or so before its click: the
 * context starts then (a press is a user activation), and a track not readied at sight starts
 * loading, so the click only has to play it. A press that leads nowhere lets them go after two
 * seconds.
 */
export function prepareEarly(src: string): void {
  if (ready?.src === src && ready.expiry) return;
  if (ready?.src !== src) releaseReady();
  const context = earlyContext();
  if (context) resumeContext(context);
  if (ready) {
    ready.expiry = setTimeout(unpress, PRESS_HOLD_MS);
    return;
  }
  ready = { src, ...routedAudio(src, 'auto', context), expiry: setTimeout(unpress, PRESS_HOLD_MS) };
}

/** An element loading `src` as `preload` says, routed into `context` where there is one. */
function routedAudio(src: string, preload: 'metadata' | 'auto', context: AudioContext | null) {
  const element = new Audio();
  element.preload = preload;
  element.src = src;
  return { element, context, source: context && routeEarly(context, element) };
}

/** No click followed the press: a track loading in full goes, one readied at sight stays. */
function unpress() {
  if (!ready) return;
  if (ready.element.preload === 'auto') releaseReady();
  else ready.expiry = null;
  silence(pageContext);
}

function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

function resumeContext(context: AudioContext) {
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
}

/** The page's context waits silent while nothing plays: a running one renders all the time. */
function silence(context: AudioContext | null) {
  if (context?.state === 'running' && !early) void context.suspend().catch(() => undefined);
}

/** The element readied for `src`, handed over; one for another track goes. */
function takeReady(src: string) {
  if (ready?.src !== src) {
    releaseReady();
    return null;
  }
  const taken = ready;
  if (taken.expiry) clearTimeout(taken.expiry);
  ready = null;
  return taken;
}

function releaseReady() {
  if (!ready) return;
  if (ready.expiry) clearTimeout(ready.expiry);
  stopAudio(ready.element);
  // Connected, the node would keep the element alive as long as the context.
  ready.source?.disconnect();
  ready = null;
}

/** Starts `src` now at `volume` (0–1, already levelled and muted as the engine would). */
export function startEarly(src: string, volume: number): HTMLAudioElement {
  stopEarlyElement();
  const readied = takeReady(src);
  // A readied context first: resumed before the play, the first sound came ~10 ms sooner.
  if (readied?.context) resumeContext(readied.context);
  const element = readied?.element ?? new Audio();
  element.volume = volume;
  // A readied element keeps its `preload`: raising it now restarts Chromium's suspended
  // pipeline (measured: ~15 ms more to the first sound); playing loads it in full anyway.
  if (!readied) {
    element.preload = 'auto';
    element.src = src;
  }
  // A refusal or a failure is reported by the engine, which sees the element's state.
  const played = element.play();
  beginForegroundWork(sounding(element, played), FIRST_SOUND_HOLD_MS);
  if (readied) early = { element, context: readied.context, source: readied.source };
  else {
    // After the fetch has begun: a browser's first context can take tens of milliseconds.
    const context = earlyContext();
    if (context) resumeContext(context);
    early = { element, context, source: context && routeEarly(context, element) };
  }
  return element;
}

/** How far the media clock runs past `playing` before the sound is surely out. */
const SOUNDING_SECONDS = 0.02;

/**
 * Settles once `element` is heard, or will not be. `playing` comes before the sound: in
 * Chromium the first frames still need a turn of the main thread to reach the audio context
 * (measured: 50 ms of work run at `playing` delayed the first sound by 50 ms; run once the
 * media clock had moved 20 ms, by nothing), so the clock is watched until then.
 */
function sounding(element: HTMLAudioElement, played: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    for (const type of ['pause', 'error', 'emptied'])
      element.addEventListener(type, () => resolve(), { once: true });
    played.catch(() => resolve());
    element.addEventListener(
      'playing',
      () => {
        const from = element.currentTime;
        const watch = () => {
          if (element.paused || element.currentTime - from >= SOUNDING_SECONDS) resolve();
          else setTimeout(watch, 4);
        };
        watch();
      },
      { once: true },
    );
  });
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
  // Nothing is readied once the engine is here; it owns the context from now on, or makes
  // its own where nothing started early (one made at sight would only wait unused).
  releaseReady();
  if (!taken) void pageContext?.close().catch(() => undefined);
  pageContext = null;
  return taken;
}

/** The engine could not load: nothing may go on playing behind the player's back. */
export function stopEarlyStart(): void {
  releaseReady();
  stopEarlyElement();
  void pageContext?.close().catch(() => undefined);
  pageContext = null;
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
