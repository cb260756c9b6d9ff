/**
 * A first Play can come before the audio engine has loaded: a listener quick to click on a
 * page just opened (issue 22). Rather than wait for the engine's code and only then start
 * fetching the track, the track starts at once on a plain <audio> element made within the
 * click, with the audio context the engine will use (made in the click too, as browsers ask).
 * The engine adopts both when it arrives, so the track goes on where it is.
 */
export interface EarlyStart {
  element: HTMLAudioElement;
  context: AudioContext | null;
}

declare global {
  interface Window {
    webkitAudioContext?: typeof AudioContext;
  }
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

/** Starts `src` now at `volume` (0–1, already levelled and muted as the engine would). */
export function startEarly(src: string, volume: number): HTMLAudioElement {
  stopEarlyElement();
  const element = new Audio();
  element.preload = 'auto';
  element.volume = volume;
  element.src = src;
  // A refusal or a failure is reported by the engine, which sees the element's state.
  element.play().catch(() => undefined);
  // After the fetch has begun: a browser's first context can take tens of milliseconds.
  early = { element, context: early?.context ?? makeAudioContext() };
  return element;
}

/** What was started early, handed over once: the engine owns it from then on. */
export function takeEarlyStart(): EarlyStart | null {
  const taken = early;
  early = null;
  return taken;
}

/** The engine could not load: nothing may go on playing behind the player's back. */
export function stopEarlyStart(): void {
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
