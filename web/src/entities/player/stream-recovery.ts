import { retryDelay } from './stream-retry.ts';

/** A stream that has not moved for this long while it should play is reloaded. */
const STALL_MS = 8000;
/** Playing this far past a resume shows the network is back: the tries start over. */
const RECOVERED_AFTER_S = 5;
const WATCH_EVERY_MS = 1000;

export interface StreamWatch {
  /** A new track (or a new start) on this element: forget the old one's troubles. */
  reset(position: number): void;
  dispose(): void;
}

/**
 * Keeps an <audio> element's stream going through network trouble: when the request fails
 * (a network error, or a failure after the track had started) or stalls, the element loads
 * the same URL again after a growing delay (stream-retry.ts) and goes on from the position it
 * had reached; while the browser says it is offline, it waits for the network instead. A
 * track that fails before it ever played (gone, not audio) is given up at once, as is one
 * whose tries ran out: `failed` lets the store skip it.
 */
export function watchStream(
  audio: HTMLAudioElement,
  hooks: { isCurrent(): boolean; wanted(): boolean; failed(message: string): void },
): StreamWatch {
  let position = 0;
  let tries = 0;
  let resumedAt = 0;
  let played = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let lastSeen = -1;
  let stalledMs = 0;

  const onTime = () => {
    if (audio.seeking || !audio.src) return;
    position = audio.currentTime;
    if (tries > 0 && position > resumedAt + RECOVERED_AFTER_S) tries = 0;
  };
  const onPlaying = () => {
    played = true;
  };
  const onError = () => {
    if (!hooks.isCurrent() || !audio.src || retryTimer) return;
    if (played) return retry();
    // Never started: ask the server whether the track is there at all (a 404 is reported by
    // the element much like a dropped connection), and give up on it only if it is not.
    const src = audio.src;
    const message = audio.error?.message || 'This track could not be played.';
    fetch(src, { headers: { range: 'bytes=0-0' }, credentials: 'same-origin' })
      .then((answer) => {
        if (audio.src !== src || !hooks.isCurrent()) return;
        if (answer.ok || (answer.status >= 400 && answer.status < 500)) hooks.failed(message);
        else retry();
      })
      .catch(() => {
        if (audio.src === src && hooks.isCurrent()) retry();
      });
  };

  function retry() {
    if (retryTimer) return;
    if (!navigator.onLine) {
      window.addEventListener('online', retry, { once: true });
      return;
    }
    const delay = retryDelay(tries++);
    if (delay === null) {
      hooks.failed('The stream stopped and did not come back.');
      return;
    }
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (!hooks.isCurrent()) return;
      const src = audio.src;
      const at = position;
      resumedAt = at;
      stalledMs = 0;
      audio.src = src;
      audio.addEventListener(
        'loadedmetadata',
        () => {
          audio.currentTime = at;
        },
        { once: true },
      );
      if (hooks.wanted()) void audio.play().catch(() => {});
    }, delay);
  }

  const watcher = setInterval(() => {
    const moving = audio.currentTime !== lastSeen;
    lastSeen = audio.currentTime;
    const starving = audio.readyState < HTMLMediaElement.HAVE_FUTURE_DATA;
    if (!hooks.isCurrent() || !hooks.wanted() || audio.paused || moving || !starving) {
      stalledMs = 0;
      return;
    }
    stalledMs += WATCH_EVERY_MS;
    if (stalledMs >= STALL_MS) {
      stalledMs = 0;
      retry();
    }
  }, WATCH_EVERY_MS);

  audio.addEventListener('timeupdate', onTime);
  audio.addEventListener('playing', onPlaying);
  audio.addEventListener('error', onError);
  return {
    reset(at) {
      position = at;
      resumedAt = at;
      tries = 0;
      played = false;
      stalledMs = 0;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      window.removeEventListener('online', retry);
    },
    dispose() {
      this.reset(0);
      clearInterval(watcher);
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('playing', onPlaying);
      audio.removeEventListener('error', onError);
    },
  };
}
