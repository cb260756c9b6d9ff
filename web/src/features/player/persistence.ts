import type { Track } from '@backbeat/common';
import {
  defaultVolume,
  player,
  usePlayerStore,
  type PlayerState,
} from '../../entities/player/player-store.ts';
import type { QueueItem } from '../../entities/player/queue.ts';

const STORAGE_KEY = 'backbeat.player';
const MAX_SAVED_ITEMS = 300;
const SAVE_EVERY_MS = 1000;

interface Saved {
  version: 1;
  queue: QueueItem[];
  unshuffled: QueueItem[] | null;
  index: number;
  position: number;
  volume: number;
  muted: boolean;
  repeat: PlayerState['repeat'];
  shuffle: boolean;
}

const isTrack = (value: unknown): value is Track =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as Track).id === 'number' &&
  typeof (value as Track).name === 'string';
const validItems = (items: unknown): QueueItem[] =>
  Array.isArray(items)
    ? items.filter((i): i is QueueItem => !!i && typeof i.key === 'string' && isTrack(i.track))
    : [];

function snapshot(state: PlayerState): Saved {
  // Keep a window around the current track when the queue is very long.
  const start = Math.max(0, Math.min(state.index - 50, state.queue.length - MAX_SAVED_ITEMS));
  return {
    version: 1,
    queue: state.queue.slice(start, start + MAX_SAVED_ITEMS),
    unshuffled: state.unshuffled?.slice(0, MAX_SAVED_ITEMS) ?? null,
    index: state.index - start,
    position: Math.floor(state.position),
    volume: state.volume,
    muted: state.muted,
    repeat: state.repeat,
    shuffle: state.shuffle,
  };
}

/** Restores the last session (queue, track, position, volume, modes) and keeps saving it. */
export function persistPlayer(): () => void {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const saved = raw ? (JSON.parse(raw) as Partial<Saved>) : null;
    if (saved?.version === 1) {
      const queue = validItems(saved.queue);
      const index =
        typeof saved.index === 'number' && saved.index < queue.length ? saved.index : -1;
      player.restore({
        queue,
        unshuffled: saved.unshuffled ? validItems(saved.unshuffled) : null,
        index: queue.length ? Math.max(0, index) : -1,
        position: Number(saved.position) || 0,
        volume: typeof saved.volume === 'number' ? saved.volume : defaultVolume(),
        muted: !!saved.muted,
        repeat: saved.repeat === 'all' || saved.repeat === 'one' ? saved.repeat : 'off',
        shuffle: !!saved.shuffle,
      });
    }
  } catch {
    localStorage.removeItem(STORAGE_KEY);
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(snapshot(usePlayerStore.getState())));
    } catch {
      // Storage full or disabled: the session is simply not kept.
    }
  };
  const unsubscribe = usePlayerStore.subscribe(() => {
    timer ??= setTimeout(save, SAVE_EVERY_MS);
  });
  window.addEventListener('pagehide', save);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', save);
    save();
  };
}
