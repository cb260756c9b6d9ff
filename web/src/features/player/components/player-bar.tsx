import clsx from 'clsx';
import { Link } from 'react-router';
import { trackLink } from '@backbeat/common';
import { useBootstrap } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { IconButton } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { LikeButton } from '../../../entities/library/like-button.tsx';
import { ArtistLinks } from '../../../entities/catalog/artist-links.tsx';
import { Artwork } from '../../../entities/catalog/artwork.tsx';
import { player, useCurrentTrack, usePlayerStore } from '../../../entities/player/player-store.ts';
import '../../../entities/player/player.css';
import { PlayPauseButton } from '../../../entities/player/play-button.tsx';
import { PlayerControls } from './player-controls.tsx';
import { SeekBar } from '../../../entities/player/seek-bar.tsx';
import { VolumeControl } from './volume-control.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';

/** Loaded on demand: most listeners never open it. */
const openPlaybackSettings = () =>
  void import('./playback-settings-dialog.tsx').then(({ PlaybackSettingsDialog }) =>
    openDialog(() => <PlaybackSettingsDialog />),
  );

/** The bar at the bottom of every page: what plays, the controls, the seek bar and volume. */
export function PlayerBar() {
  const trans = useTrans();
  const track = useCurrentTrack();
  const queueOpen = usePlayerStore((s) => s.queueOpen);
  const position = usePlayerStore((s) => s.position);
  const duration = usePlayerStore((s) => s.duration);
  // The admin's player settings may hide these buttons.
  const { hide_queue: hideQueue, hide_lyrics: hideLyrics } = useBootstrap((d) => d.settings.player);

  return (
    <section
      aria-label={trans('Player')}
      className={clsx(
        'relative shrink-0 border-t border-border bg-navbar/95 backdrop-blur',
        // Phones give the room back while nothing is queued.
        !track && 'max-md:hidden',
      )}
    >
      {/* Phones: a compact bar that opens the full-screen player. */}
      <div className="md:hidden">
        <div className="absolute inset-x-0 top-0 h-0.5 bg-fg-muted/20">
          <div
            className="h-full bg-primary"
            style={{ width: `${duration ? (position / duration) * 100 : 0}%` }}
          />
        </div>
        <div className="flex h-16 items-center gap-3 px-3">
          <button
            type="button"
            disabled={!track}
            onClick={() => player.setExpanded(true)}
            className="flex min-w-0 flex-1 items-center gap-3 text-left"
          >
            {/* Named by what it shows too (axe label-content-name-mismatch: a name that
                left out the visible track could not be spoken by voice-control users). */}
            <span className="sr-only">{trans('Open the player')}</span>
            <Artwork src={track?.image} size={44} />
            <span className="min-w-0">
              <span className="block truncate text-sm font-semibold text-fg">
                {track?.name ?? trans('Nothing playing')}
              </span>
              <span className="block truncate text-xs text-fg-muted">
                {track?.artists.map((a) => a.name).join(', ') ?? trans('Pick something to play')}
              </span>
            </span>
          </button>
          {track && <LikeButton type="tracks" id={track.id} name={track.name} />}
          <PlayPauseButton size={40} />
          <IconButton label={trans('Next')} disabled={!track} onClick={player.next}>
            <Icon name="skipNext" size={24} />
          </IconButton>
        </div>
      </div>

      {/* Tablets and desktops. */}
      <div className="hidden h-[88px] grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)_minmax(0,1fr)] items-center gap-4 px-4 md:grid">
        <div className="flex min-w-0 items-center gap-3">
          {track ? (
            <>
              <Artwork src={track.image} size={56} />
              <div className="min-w-0">
                <Link
                  to={trackLink(track)}
                  className="block truncate text-sm font-semibold text-fg hover:underline"
                  data-testid="player-track-name"
                >
                  {track.name}
                </Link>
                <ArtistLinks artists={track.artists} className="block text-xs text-fg-muted" />
              </div>
              <LikeButton type="tracks" id={track.id} name={track.name} />
            </>
          ) : (
            <p className="text-sm text-fg-muted">{trans('Pick something to play')}</p>
          )}
        </div>
        <div className="flex flex-col items-center gap-1">
          <PlayerControls />
          <SeekBar className="w-full max-w-2xl" />
        </div>
        <div className="flex items-center justify-end gap-1">
          {!hideLyrics && (
            <Link
              to="/lyrics"
              aria-label={trans('Lyrics')}
              className="inline-flex size-10 items-center justify-center rounded-full text-fg-muted hover:bg-bg-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
            >
              <Icon name="lyrics" size={20} />
            </Link>
          )}
          {!hideQueue && (
            <IconButton
              label={trans('Queue')}
              aria-pressed={queueOpen}
              onClick={player.toggleQueue}
              className={clsx(queueOpen && 'text-primary hover:text-primary')}
            >
              <Icon name="queue" size={20} />
            </IconButton>
          )}
          <IconButton label={trans('Playback settings')} onClick={openPlaybackSettings}>
            <Icon name="equalizer" size={20} />
          </IconButton>
          <VolumeControl />
        </div>
      </div>
    </section>
  );
}
