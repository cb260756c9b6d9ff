/**
 * Where a play started, as the player knows it from the page that filled the queue (issue 11:
 * traffic sources). `direct` is a play with no known origin.
 */
export const PLAY_SOURCES = [
  'search',
  'playlist',
  'radio',
  'profile',
  'embed',
  'album',
  'artist',
  'track',
  'library',
  'direct',
] as const;
export type PlaySource = (typeof PLAY_SOURCES)[number];
