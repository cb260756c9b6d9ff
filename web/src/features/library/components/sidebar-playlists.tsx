import clsx from 'clsx';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { playlistLink } from '@backbeat/common';
import { useCurrentUser } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Icon } from '../../../ui/icons.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { Artwork } from '../../catalog/components/artwork.tsx';
import { TRACKS_DRAG_TYPE, draggedTrackIds } from '../drag.ts';
import { addTracksToPlaylist, useMyPlaylists } from '../playlist-queries.ts';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';

/** The form (and its validation library) loads only when someone starts a playlist. */
export async function openNewPlaylistDialog() {
  const { PlaylistFormDialog } = await import('./playlist-form-dialog.tsx');
  return openDialog((close) => <PlaylistFormDialog close={close} />);
}

/**
 * The sidebar's "Playlists" section: own playlists, the collaborative ones the listener edits,
 * the ones they follow, and a way to start one. Track rows dropped on a playlist they may
 * change are added to it.
 */
export function SidebarPlaylists() {
  const trans = useTrans();
  const user = useCurrentUser();
  const query = useMyPlaylists();
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  if (!user) return null;
  const addDropped = async (playlist: { id: number; name: string }, ids: number[]) => {
    try {
      const added = await addTracksToPlaylist(playlist.id, ids);
      toast(
        added
          ? trans('Added to :name', { name: playlist.name })
          : trans('Already in :name', { name: playlist.name }),
      );
    } catch (error) {
      showErrorToast(error, trans);
    }
  };
  return (
    <nav aria-label={trans('Playlists')} className="flex flex-col gap-0.5">
      <div className="flex items-center justify-between px-3 pt-5 pb-2">
        <h2 className="text-xs font-semibold tracking-wider text-fg-muted uppercase">
          {trans('Playlists')}
        </h2>
        <button
          type="button"
          aria-label={trans('New playlist')}
          onClick={() => void openNewPlaylistDialog()}
          className="inline-flex size-7 items-center justify-center rounded-full text-fg-muted hover:bg-bg-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
        >
          <Icon name="add" size={18} />
        </button>
      </div>
      {query.isError && (
        <p className="px-3 text-xs text-danger">
          {trans('There was an issue loading your playlists')}
        </p>
      )}
      {query.data?.playlists.length === 0 &&
        !query.data.collaborating.length &&
        !query.data.followed.length && (
          <p className="px-3 text-xs text-fg-muted">{trans('No playlists yet')}</p>
        )}
      {[
        ...(query.data?.playlists ?? []).map((playlist) => ({ playlist, own: true })),
        ...(query.data?.collaborating ?? []).map((playlist) => ({ playlist, own: true })),
        ...(query.data?.followed ?? []).map((playlist) => ({ playlist, own: false })),
      ].map(({ playlist, own }) => (
        <NavLink
          key={playlist.id}
          to={playlistLink(playlist)}
          // Own and collaborative playlists take track rows dropped on them.
          onDragOver={(e) => {
            if (!own || !e.dataTransfer.types.includes(TRACKS_DRAG_TYPE)) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
            setDropTarget(playlist.id);
          }}
          onDragLeave={() => setDropTarget(null)}
          onDrop={(e) => {
            setDropTarget(null);
            const ids = own ? draggedTrackIds(e.dataTransfer) : null;
            if (!ids) return;
            e.preventDefault();
            void addDropped(playlist, ids);
          }}
          className={({ isActive }) =>
            clsx(
              'flex h-9 items-center gap-3 truncate rounded-lg px-3 text-sm transition-colors',
              'focus-visible:outline-2 focus-visible:outline-primary',
              dropTarget === playlist.id && 'ring-2 ring-primary',
              isActive
                ? 'bg-primary/10 text-primary'
                : 'text-fg-muted hover:bg-bg-hover hover:text-fg',
            )
          }
        >
          {playlist.image ? (
            <Artwork src={playlist.image} size={20} className="rounded" />
          ) : (
            <Icon name="playlistPlay" size={18} className="shrink-0" />
          )}
          <span className="truncate">{playlist.name}</span>
          {playlist.is_collaborative && (
            <>
              <Icon name="group" size={14} className="ml-auto shrink-0 opacity-70" />
              <span className="sr-only">{trans('Collaborative')}</span>
            </>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
