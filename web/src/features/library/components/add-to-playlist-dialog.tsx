import { useState } from 'react';
import type { Track } from '@backbeat/common';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog/dialog.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Icon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { addTracksToPlaylist, useMyPlaylists } from '../playlist-queries.ts';
import { PlaylistFormDialog } from './playlist-form-dialog.tsx';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';

/**
 * Picks one of the listener's playlists, a collaborative one they edit, or a new one, and adds
 * the tracks to it.
 */
export function AddToPlaylistDialog({
  tracks,
  close,
}: {
  tracks: Track[];
  close: (result?: boolean) => void;
}) {
  const trans = useTrans();
  const query = useMyPlaylists();
  const [busy, setBusy] = useState(false);
  // Own playlists and the collaborative ones the listener edits.
  const editable = [...(query.data?.playlists ?? []), ...(query.data?.collaborating ?? [])];

  const addTo = async (playlist: { id: number; name: string }) => {
    setBusy(true);
    try {
      const added = await addTracksToPlaylist(
        playlist.id,
        tracks.map((t) => t.id),
      );
      toast(
        added
          ? trans('Added to :name', { name: playlist.name })
          : trans('Already in :name', { name: playlist.name }),
      );
      close(true);
    } catch (error) {
      showErrorToast(error, trans);
      setBusy(false);
    }
  };

  return (
    <Dialog title={trans('Add to playlist')} size="xs">
      <div className="flex flex-col gap-1">
        <Button
          variant="outline"
          disabled={busy}
          onClick={async () => {
            const playlist = await openDialog<{ id: number; name: string }>((closeForm) => (
              <PlaylistFormDialog close={closeForm} />
            ));
            if (playlist) await addTo(playlist);
          }}
        >
          <Icon name="add" size={20} />
          {trans('New playlist')}
        </Button>
        {query.isPending && <Spinner className="mx-auto my-4" size={24} />}
        {query.isError && (
          <p role="alert" className="py-3 text-sm text-danger">
            {trans('There was an issue loading your playlists')}
          </p>
        )}
        {query.data && !editable.length && (
          <p className="py-3 text-center text-sm text-fg-muted">{trans('No playlists yet')}</p>
        )}
        <ul
          aria-label={trans('Your playlists')}
          className="mt-2 flex max-h-72 flex-col overflow-y-auto"
        >
          {editable.map((playlist) => (
            <li key={playlist.id}>
              <button
                type="button"
                disabled={busy}
                onClick={() => void addTo(playlist)}
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50"
              >
                <Icon
                  name={playlist.is_collaborative ? 'group' : 'playlistPlay'}
                  size={20}
                  className="text-fg-muted"
                />
                <span className="min-w-0 flex-1 truncate">{playlist.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
