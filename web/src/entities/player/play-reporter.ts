import type { PlaySource } from '@backbeat/common';
import { logTrackPlay, updatePlay } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';

/** A jump of more than this between two time updates is a seek, not listening. */
const MAX_TICK_S = 2;

interface CurrentPlay {
  playId: Promise<number | null>;
  listenedMs: number;
  lastPosition: number | null;
  completed: boolean;
}

let current: CurrentPlay | null = null;

function send(play: CurrentPlay, keepalive = false) {
  const listened = Math.round(play.listenedMs);
  void play.playId.then((id) => {
    if (id === null) return;
    void api(
      updatePlay,
      { id, listened_ms: listened, completed: play.completed },
      { keepalive },
    ).catch(() => {});
  });
}

/**
 * Tells the server about each play (insights, issue 11): once it starts, with where the queue
 * came from, then how long it was heard when it stops (skip, end, stop) or the page is hidden.
 * Only time actually played counts: seeks and pauses add nothing. Reports on page hide use a
 * keepalive request (like sendBeacon, but it carries the XSRF header the API requires).
 */
export const playReporter = {
  start(trackId: number, source: PlaySource) {
    playReporter.finish();
    current = {
      playId: api(logTrackPlay, { id: trackId, source })
        .then((answer) => answer.play_id)
        .catch(() => null),
      listenedMs: 0,
      lastPosition: null,
      completed: false,
    };
  },
  /** The playback position moved (seconds). */
  tick(position: number) {
    if (!current) return;
    if (current.lastPosition !== null) {
      const delta = position - current.lastPosition;
      if (delta > 0 && delta < MAX_TICK_S) current.listenedMs += delta * 1000;
    }
    current.lastPosition = position;
  },
  paused() {
    if (!current) return;
    current.lastPosition = null;
  },
  ended() {
    if (!current) return;
    current.completed = true;
    playReporter.finish();
  },
  /** The play is over (another track, stop): report its length once. */
  finish() {
    if (!current) return;
    const play = current;
    current = null;
    send(play);
  },
  /** The page is being hidden or closed: report so far, and keep counting if it comes back. */
  flush() {
    if (current) send(current, true);
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => playReporter.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') playReporter.flush();
  });
}
