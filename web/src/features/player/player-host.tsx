import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { playerActions, shortcutKey } from './actions.ts';
import { persistPlayer } from './persistence.ts';
import {
  currentItem,
  prefetchPlayback,
  usePlayerStore,
} from '../../entities/player/player-store.ts';
import { setPlayingTitle } from '../../lib/document-title.ts';
import { whenPageSettled } from '../../lib/when-page-settled.ts';

const ExpandedPlayer = lazy(() => import('./components/expanded-player.tsx'));

/**
 * Lives in the app layout: restores and saves the session, connects the Media Session and
 * the keyboard shortcuts. Embeds leave it out, so they never touch the listener's queue.
 */
export function PlayerHost() {
  const navigate = useNavigate();
  const expanded = usePlayerStore((s) => s.expanded);
  const actions = useMemo(
    () =>
      playerActions({
        openHelp: () =>
          void import('./components/shortcuts-dialog.tsx').then(({ ShortcutsDialog }) =>
            openDialog(() => <ShortcutsDialog actions={actions} />),
          ),
        openLyrics: () => void navigate('/lyrics'),
      }),
    [navigate],
  );

  const playingTitle = usePlayerStore((s) => {
    const track = currentItem(s)?.track;
    if (!track || (s.status !== 'playing' && s.status !== 'loading')) return null;
    return `${track.name} · ${track.artists.map((a) => a.name).join(', ')}`;
  });
  // The tab shows what plays, like other music players; the page's title comes back on pause.
  useEffect(() => {
    setPlayingTitle(playingTitle);
    return () => setPlayingTitle(null);
  }, [playingTitle]);

  useEffect(() => persistPlayer(), []);
  // The audio engine's code, after the page shows: a first click on play then finds it in
  // place; it starts with that first play (see prefetchPlayback).
  useEffect(() => whenPageSettled(prefetchPlayback), []);
  // Lock screen and media keys: nothing to show before a track plays, so after the page has
  // settled, or at the first press (issue 22).
  useEffect(() => {
    let disconnect: (() => void) | undefined;
    let stopped = false;
    const cancel = whenPageSettled(
      () =>
        void import('./media-session.ts').then(({ connectMediaSession }) => {
          if (!stopped) disconnect = connectMediaSession();
        }),
    );
    return () => {
      stopped = true;
      cancel();
      disconnect?.();
    };
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const key = shortcutKey(event);
      const action = key && actions.find((a) => a.keys.includes(key));
      if (!action) return;
      event.preventDefault();
      action.perform();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);

  return expanded ? (
    <Suspense fallback={null}>
      <ExpandedPlayer />
    </Suspense>
  ) : null;
}
