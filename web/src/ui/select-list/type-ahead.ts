import { TYPE_AHEAD_RESET_MS } from '@backbeat/common';

/**
 * Collects the letters typed in quick succession into one search ("new y" for New York); a
 * pause of TYPE_AHEAD_RESET_MS (spec §9: 500 ms) starts a new search.
 */
export function createTypeAhead(now: () => number = Date.now, resetMs = TYPE_AHEAD_RESET_MS) {
  let buffer = '';
  let lastKeyAt = -Infinity;
  return {
    /** Adds a typed character and answers the search so far. */
    type(character: string): string {
      const at = now();
      if (at - lastKeyAt >= resetMs) buffer = '';
      lastKeyAt = at;
      buffer += character.toLocaleLowerCase();
      return buffer;
    },
    reset() {
      buffer = '';
      lastKeyAt = -Infinity;
    },
  };
}

/**
 * The option a type-ahead search lands on: the first label starting with the search, looking
 * after the active option first. Typing one letter again and again (the buffer is then that
 * letter repeated) cycles through the labels starting with it, as native selects do.
 */
export function findTypeAheadMatch(
  labels: readonly string[],
  search: string,
  activeIndex: number,
): number {
  if (!search || labels.length === 0) return -1;
  const repeated = [...search].every((c) => c === search[0]);
  const needle = repeated && search.length > 1 ? search[0]! : search;
  // A fresh search may stay on the active option; a repeated letter moves on from it.
  const start = repeated && search.length > 1 ? activeIndex + 1 : Math.max(activeIndex, 0);
  for (let step = 0; step < labels.length; step++) {
    const index = (start + step) % labels.length;
    if (labels[index]!.toLocaleLowerCase().startsWith(needle)) return index;
  }
  return -1;
}
