import { useEffect } from 'react';
import { Link } from 'react-router';
import { trackLink } from '@backbeat/common';
import { useBootstrap } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { IconButton } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { ArtistLinks } from '../../../entities/catalog/artist-links.tsx';
import { Artwork } from '../../../entities/catalog/artwork.tsx';
import { player, useCurrentTrack } from '../../../entities/player/player-store.ts';
import { PlayerControls } from './player-controls.tsx';
import { SeekBar } from '../../../entities/player/seek-bar.tsx';

/** The full-screen player of phones: big artwork, seek bar, controls, queue and lyrics. */
export default function ExpandedPlayer() {
  const trans = useTrans();
  const track = useCurrentTrack();
  const close = () => player.setExpanded(false);
  const { hide_queue: hideQueue, hide_lyrics: hideLyrics } = useBootstrap((d) => d.settings.player);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!track) return null;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={trans('Now playing')}
      className="fixed inset-0 z-50 flex flex-col bg-gradient-to-b from-bg-hover to-bg px-6 pt-[max(env(safe-area-inset-top),16px)] pb-[max(env(safe-area-inset-bottom),24px)]"
    >
      <div className="flex items-center justify-between">
        <IconButton label={trans('Close the player')} onClick={close} autoFocus>
          <Icon name="expand" size={28} />
        </IconButton>
        <p className="text-xs font-semibold tracking-wider text-fg-muted uppercase">
          {trans('Now playing')}
        </p>
        {hideQueue ? (
          <span className="size-10" />
        ) : (
          <IconButton
            label={trans('Queue')}
            onClick={() => {
              close();
              player.setQueueOpen(true);
            }}
          >
            <Icon name="queue" size={24} />
          </IconButton>
        )}
      </div>
      <div className="flex min-h-0 flex-1 items-center justify-center py-6">
        <Artwork
          src={track.image}
          rounded="lg"
          className="aspect-square w-full max-w-[min(80vw,420px)] shadow-2xl"
        />
      </div>
      <div className="min-w-0">
        <Link
          to={trackLink(track)}
          onClick={close}
          className="block truncate text-2xl font-bold text-fg"
        >
          {track.name}
        </Link>
        <ArtistLinks
          artists={track.artists}
          onNavigate={close}
          className="block text-base text-fg-muted"
        />
      </div>
      <SeekBar className="mt-5" />
      <div className="mt-4">
        <PlayerControls large />
      </div>
      <div className={hideLyrics ? 'hidden' : 'mt-4 flex justify-center'}>
        <Link
          to="/lyrics"
          onClick={close}
          className="inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium text-fg-muted hover:bg-bg-hover"
        >
          <Icon name="lyrics" size={18} />
          {trans('Lyrics')}
        </Link>
      </div>
    </div>
  );
}
