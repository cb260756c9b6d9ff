import type { StoreApi } from 'zustand';

/**
 * Holds a store's listeners back for a moment while its state changes at once (issue 22).
 *
 * A first Play before the audio engine has loaded starts a plain <audio> element within the
 * click (early-start.ts). The browser only begins fetching its source in a task after the
 * click's, and media data reaches the element through the page's main thread too: traced in
 * Chromium, the re-render the click set off (the player bar appearing, every play button
 * changing, ~40 ms on a phone-class core) held the request back until it was done. While held,
 * `getState()` already answers the new state; the page, media session and saved queue hear
 * of it once the element sounds (early-start.ts), or after `maxMs` at most.
 */
export function createListenerHold<T>(maxMs: number) {
  type Listener = (state: T, previous: T) => void;
  /** Each held listener with the state it last heard of. */
  const pending = new Map<Listener, T>();
  let store: StoreApi<T> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Lets the held listeners hear of what changed meanwhile, once. */
  const resume = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = undefined;
    const heard = [...pending];
    pending.clear();
    for (const [listener, previous] of heard) listener(store!.getState(), previous);
  };

  return {
    /** Wraps the store's subscribe: called from the store's initializer, before any listener. */
    attach(api: StoreApi<T>) {
      store = api;
      const subscribe = api.subscribe;
      api.subscribe = (listener) => {
        const unsubscribe = subscribe((state, previous) => {
          if (!timer) listener(state, previous);
          else if (!pending.has(listener)) pending.set(listener, previous);
        });
        return () => {
          pending.delete(listener);
          unsubscribe();
        };
      };
    },
    /** Listeners wait from now until `resume`, or `maxMs` at most. */
    hold() {
      timer ??= setTimeout(resume, maxMs);
    },
    resume,
  };
}
