import { foldSearchText } from '@backbeat/common';
import type { SearchDocument, SearchKind } from './repository.ts';

/** Popularity 0..∞ to a relevance multiplier 0..~1. */
export const boostOf = (popularity: number) =>
  Math.min(1.5, Math.log10(1 + Math.max(0, popularity)) / 3);

export const searchDocument = (
  kind: SearchKind,
  refId: number,
  name: string,
  extra: string,
  popularity: number,
): SearchDocument => ({
  kind,
  refId,
  name: foldSearchText(name),
  extra: foldSearchText(extra),
  boost: boostOf(popularity),
});
