import { player, currentItem, usePlayerStore } from '../../entities/player/player-store.ts';

const SEEK_STEP_S = 10;

/** Lock screen, notification and media keys through the Media Session API. */
export function connectMediaSession(): () => void {
  if (!('mediaSession' in navigator)) return () => {};
  const session = navigator.mediaSession;
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => player.play()],
    ['pause', () => player.pause()],
    ['previoustrack', () => player.previous()],
    ['nexttrack', () => player.next()],
    [
      'seekbackward',
      (d) => player.seek(usePlayerStore.getState().position - (d.seekOffset ?? SEEK_STEP_S)),
    ],
    [
      'seekforward',
      (d) => player.seek(usePlayerStore.getState().position + (d.seekOffset ?? SEEK_STEP_S)),
    ],
    ['seekto', (d) => d.seekTime !== undefined && player.seek(d.seekTime)],
    ['stop', () => player.pause()],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // Not every browser knows every action.
    }
  }

  let lastKey: string | null = null;
  let lastPositionUpdate = 0;
  const unsubscribe = usePlayerStore.subscribe((state) => {
    const item = currentItem(state);
    if (item?.key !== lastKey) {
      lastKey = item?.key ?? null;
      const track = item?.track;
      session.metadata = track
        ? new MediaMetadata({
            title: track.name,
            artist: track.artists.map((a) => a.name).join(', '),
            album: track.album?.name ?? '',
            artwork: track.image
              ? [{ src: new URL(track.image, location.origin).toString(), sizes: '512x512' }]
              : [],
          })
        : null;
    }
    session.playbackState =
      state.status === 'playing' ? 'playing' : state.index >= 0 ? 'paused' : 'none';
    const now = Date.now();
    if (state.duration > 0 && now - lastPositionUpdate > 1000) {
      lastPositionUpdate = now;
      try {
        session.setPositionState({
          duration: state.duration,
          position: Math.min(state.position, state.duration),
          playbackRate: 1,
        });
      } catch {
        // Position outside the duration while a track loads.
      }
    }
  });
  return () => {
    unsubscribe();
    for (const [action] of handlers) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // ignore
      }
    }
  };
}
