import type { Track } from '@backbeat/common';

/** One entry of the queue; the key tells apart the same track queued twice. */
export interface QueueItem {
  key: string;
  track: Track;
}

let counter = 0;
export const toQueueItems = (tracks: Track[]): QueueItem[] =>
  tracks.map((track) => ({ key: `${track.id}-${Date.now().toString(36)}-${++counter}`, track }));

/** Fisher–Yates with an injectable random source (tests). */
export function shuffled<T>(items: T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Moves one item; returns the new list and where the current item went. */
export function moveItem(queue: QueueItem[], from: number, to: number, currentKey: string | null) {
  const next = [...queue];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return { queue: next, index: currentKey ? next.findIndex((i) => i.key === currentKey) : -1 };
}

/** The index after `index` when the current track ends or "next" is pressed. */
export function nextIndex(length: number, index: number, repeatAll: boolean): number | null {
  if (index + 1 < length) return index + 1;
  return repeatAll && length > 0 ? 0 : null;
}

export function previousIndex(length: number, index: number, repeatAll: boolean): number | null {
  if (index > 0) return index - 1;
  return repeatAll && length > 0 ? length - 1 : null;
}
