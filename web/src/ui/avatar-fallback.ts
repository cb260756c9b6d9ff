import { AVATAR_FALLBACK_COLOURS, AVATAR_FALLBACK_PALETTE } from '@backbeat/common';

/**
 * Up to two initials: the first letters of the first and last words of a name ("Ada
 * Lovelace" → "AL", "cher" → "C"), or of the address before the @; "?" when nothing is left.
 */
export function avatarInitials(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .map((word) => [...word].find((c) => /\p{L}|\p{N}/u.test(c)))
    .filter((c): c is string => c !== undefined);
  if (words.length === 0) return '?';
  const initials = words.length === 1 ? words[0]! : words[0]! + words.at(-1)!;
  return initials.toLocaleUpperCase();
}

/** One of the AVATAR_FALLBACK_COLOURS fallback colours (spec §9), the same for a user every time. */
export function avatarColour(id: number): string {
  const index =
    ((id % AVATAR_FALLBACK_COLOURS) + AVATAR_FALLBACK_COLOURS) % AVATAR_FALLBACK_COLOURS;
  return AVATAR_FALLBACK_PALETTE[index]!;
}
