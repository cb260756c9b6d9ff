/** Query keys of the listener's playlists, apart so realtime updates need not load the queries. */
export const playlistKeys = {
  mine: ['library', 'playlists'] as const,
};
