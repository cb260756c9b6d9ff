import clsx from 'clsx';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { albumLink, formatDuration, trackLink, type Track } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { Icon } from '../../ui/icons.tsx';
import type { MenuAnchor, MenuEntry } from '../../ui/menu.tsx';
import { LikeButton } from '../library/like-button.tsx';
import { TRACK_ROW_DRAG_TYPE, TRACKS_DRAG_TYPE } from '../library/drag.ts';
import { Equalizer } from '../player/play-button.tsx';
import { player, usePlayerStore, type PlaySource } from '../player/player-store.ts';
import { ArtistLinks } from '../catalog/artist-links.tsx';
import { Artwork } from '../catalog/artwork.tsx';
import { PrivateMark } from '../catalog/private-mark.tsx';

// The menu (and its positioning library) loads the first time a menu opens.
const TrackMenu = lazy(async () => ({ default: (await import('./track-menu.tsx')).TrackMenu }));

export interface TrackTableProps {
  tracks: Track[];
  /** Show the track's album column (off on album pages). */
  showAlbum?: boolean;
  /** Show artwork next to the title (off on album pages). */
  showArtwork?: boolean;
  /** Use the track number instead of the position. */
  albumNumbers?: boolean;
  source?: PlaySource;
  className?: string;
  label: string;
  /** Extra menu entries for a row, such as a playlist's move and remove. */
  menuEntries?: (track: Track, index: number) => MenuEntry[];
  /**
   * Rows may be dragged within the list to reorder it (a playlist its reader may edit): the
   * dragged row takes the place of the row it is dropped on. Keyboard users move rows with the
   * menu's "Move up" and "Move down".
   */
  onReorder?: (from: number, to: number) => void;
  /** A line under a row's artists, such as when the history last played it. */
  rowNote?: (track: Track, index: number) => React.ReactNode;
  /**
   * What a row's Play queues when the rows are part of a longer list (one disc of an album
   * plays on into the next): the whole list, and where this table's first row is in it.
   */
  queue?: { tracks: Track[]; start: number };
}

/** Rows of tracks: play from any row, double-click or Enter to play, menu on right-click. */
export function TrackTable({
  tracks,
  showAlbum = true,
  showArtwork = true,
  albumNumbers = false,
  source = 'direct',
  className,
  label,
  menuEntries,
  onReorder,
  rowNote,
  queue,
}: TrackTableProps) {
  const trans = useTrans();
  const currentId = usePlayerStore((s) => s.queue[s.index]?.track.id ?? null);
  const status = usePlayerStore((s) => s.status);
  const [menu, setMenu] = useState<{ track: Track; index: number; anchor: MenuAnchor } | null>(
    null,
  );
  // The dragged row (a ref for the handlers, which may run before a re-render) and, for the
  // marker, where it would land.
  const dragged = useRef<number | null>(null);
  const [drag, setDrag] = useState<{ from: number; over: number } | null>(null);
  const endDrag = () => {
    dragged.current = null;
    setDrag(null);
  };
  const playFrom = (index: number) => {
    if (tracks[index]?.id === currentId) player.toggle();
    else
      player.playTracks(queue?.tracks ?? tracks, {
        startIndex: (queue?.start ?? 0) + index,
        source,
      });
  };

  return (
    <div className={className}>
      <ol aria-label={label} className="flex flex-col">
        {tracks.map((track, index) => {
          const current = track.id === currentId;
          const playing = current && (status === 'playing' || status === 'loading');
          return (
            <li
              key={`${track.id}-${index}`}
              tabIndex={0}
              data-testid="track-row"
              aria-label={track.name}
              draggable
              onDragStart={(e) => {
                // Dropped on a playlist in the sidebar, it is added there.
                e.dataTransfer.setData(TRACKS_DRAG_TYPE, JSON.stringify([track.id]));
                e.dataTransfer.effectAllowed = onReorder ? 'copyMove' : 'copy';
                if (onReorder) {
                  e.dataTransfer.setData(TRACK_ROW_DRAG_TYPE, String(index));
                  dragged.current = index;
                }
              }}
              onDragOver={(e) => {
                if (dragged.current === null || !e.dataTransfer.types.includes(TRACK_ROW_DRAG_TYPE))
                  return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                const from = dragged.current;
                if (drag?.from !== from || drag.over !== index) setDrag({ from, over: index });
              }}
              onDrop={(e) => {
                const from = dragged.current;
                if (from === null || !onReorder) return;
                e.preventDefault();
                endDrag();
                if (from !== index) onReorder(from, index);
              }}
              onDragEnd={endDrag}
              onDoubleClick={() => playFrom(index)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && e.target === e.currentTarget) playFrom(index);
              }}
              onContextMenu={(e) => {
                e.preventDefault();
                setMenu({ track, index, anchor: { x: e.clientX, y: e.clientY } });
              }}
              className={clsx(
                'group grid items-center gap-3 rounded-lg px-2 py-1.5 text-sm outline-none',
                'hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:ring-2 focus-visible:ring-primary/60',
                showAlbum
                  ? 'grid-cols-[2rem_minmax(0,1fr)_auto_auto] @3xl/main:grid-cols-[2rem_minmax(0,1.4fr)_minmax(0,1fr)_auto_auto]'
                  : 'grid-cols-[2rem_minmax(0,1fr)_auto_auto]',
                onReorder && 'cursor-grab active:cursor-grabbing',
                // Where the dragged row would land: above this row when moving up, below when down.
                drag?.over === index &&
                  drag.from !== index &&
                  (drag.from > index
                    ? 'shadow-[inset_0_2px_0_rgb(var(--be-primary))]'
                    : 'shadow-[inset_0_-2px_0_rgb(var(--be-primary))]'),
              )}
            >
              <span className="relative flex h-8 items-center justify-center text-fg-muted tabular-nums">
                <span
                  className={clsx(
                    'group-hover:invisible group-focus-within:invisible',
                    playing && 'invisible',
                  )}
                >
                  {albumNumbers ? (track.number ?? index + 1) : index + 1}
                </span>
                {playing && (
                  <span className="absolute group-hover:invisible">
                    <Equalizer paused={status !== 'playing'} />
                  </span>
                )}
                <button
                  type="button"
                  onClick={() => playFrom(index)}
                  aria-label={
                    playing
                      ? trans('Pause :name', { name: track.name })
                      : trans('Play :name', { name: track.name })
                  }
                  className="absolute inset-0 flex items-center justify-center rounded-md text-fg opacity-0 group-hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-primary"
                >
                  <Icon name={playing ? 'pause' : 'play'} size={20} />
                </button>
              </span>
              <span className="flex min-w-0 items-center gap-3">
                {showArtwork && <Artwork src={track.image} size={40} />}
                <span className="min-w-0">
                  <span className="flex items-center gap-1">
                    <Link
                      to={trackLink(track)}
                      className={clsx(
                        // 24 px tall, like the artist line below: targets a finger can hit.
                        'truncate leading-6 font-medium hover:underline',
                        current ? 'text-primary' : 'text-fg',
                      )}
                    >
                      {track.name}
                    </Link>
                    {!track.is_public && <PrivateMark />}
                  </span>
                  <ArtistLinks
                    artists={track.artists}
                    className="block text-xs leading-6 text-fg-muted [&>a]:inline-block"
                  />
                  {rowNote && (
                    <span className="block truncate text-xs text-fg-muted">
                      {rowNote(track, index)}
                    </span>
                  )}
                </span>
              </span>
              {showAlbum && (
                <span className="hidden min-w-0 truncate text-fg-muted @3xl/main:block">
                  {track.album && (
                    <Link
                      to={albumLink({ ...track.album, artists: track.artists })}
                      className="hover:underline"
                    >
                      {track.album.name}
                    </Link>
                  )}
                </span>
              )}
              <span className="flex items-center gap-1 text-xs text-fg-muted tabular-nums">
                <LikeButton type="tracks" id={track.id} name={track.name} size={18} />
                {formatDuration(track.duration)}
              </span>
              <button
                type="button"
                aria-label={trans('More actions for :name', { name: track.name })}
                aria-haspopup="menu"
                onClick={(e) => setMenu({ track, index, anchor: { element: e.currentTarget } })}
                className="flex size-8 items-center justify-center rounded-full text-fg-muted opacity-60 group-hover:opacity-100 hover:bg-bg-elevated hover:text-fg focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-primary"
              >
                <Icon name="moreHoriz" size={20} />
              </button>
            </li>
          );
        })}
      </ol>
      {menu && (
        <Suspense fallback={null}>
          <TrackMenu
            track={menu.track}
            anchor={menu.anchor}
            onClose={() => setMenu(null)}
            onPlay={() => player.playTracks(tracks, { startIndex: menu.index, source })}
            extraEntries={menuEntries?.(menu.track, menu.index)}
          />
        </Suspense>
      )}
    </div>
  );
}
