import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDuration, playlistLink, type PlaylistDetails, type Track } from '@backbeat/common';
import { useCurrentUser } from '../../../lib/bootstrap.ts';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Icon } from '../../../ui/icons.tsx';
import type { MenuEntry } from '../../../ui/menu.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { FollowButton } from '../../../entities/library/follow-button.tsx';
import { PlaylistFormDialog } from '../../../entities/library/playlist-form-dialog.tsx';
import { CollaboratorsDialog } from '../../../entities/library/collaborators-dialog.tsx';
import {
  CollaborativeBadge,
  PlaylistEditors,
} from '../../../entities/library/playlist-editors.tsx';
import {
  deletePlaylist,
  leavePlaylist,
  removeTracksFromPlaylist,
  reorderPlaylist,
} from '../../../entities/library/playlist-queries.ts';
import { ConfirmDialog } from '../../../entities/workspaces/workspace-form-dialog.tsx';
import { MediaHeader } from '../../../entities/catalog/media-header.tsx';
import { EmptyState, PageSkeleton, QueryError } from '../../../entities/errors/page-states.tsx';
import { PlayActions } from '../../../entities/player/play-actions.tsx';
import { DownloadButton } from '../../../entities/offline/download-button.tsx';
import { TrackTable } from '../../../entities/listings/track-table.tsx';
import { usePlaylistQuery } from '../../../entities/catalog/queries.ts';
import { setPageTitle } from '../../../lib/document-title.ts';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';

/**
 * Moving a track (by drag and drop or the menu) and the menu's move and remove entries, for
 * those who may change the playlist's tracks. A refused move is undone and told in a toast.
 */
function useTrackEditing(playlist: PlaylistDetails | undefined) {
  const trans = useTrans();
  const fail = (error: unknown) => showErrorToast(error, trans);
  const move = (from: number, to: number) => {
    if (!playlist) return;
    const order = playlist.tracks.map((t) => t.id);
    const [moved] = order.splice(from, 1);
    if (moved === undefined) return;
    order.splice(to, 0, moved);
    reorderPlaylist(playlist.id, order).catch(fail);
  };
  const entries = (track: Track, index: number): MenuEntry[] => {
    if (!playlist) return [];
    const count = playlist.tracks.length;
    return [
      {
        id: 'move-up',
        label: trans('Move up'),
        icon: 'arrowUpward',
        disabled: index === 0,
        onSelect: () => move(index, index - 1),
      },
      {
        id: 'move-down',
        label: trans('Move down'),
        icon: 'arrowDownward',
        disabled: index === count - 1,
        onSelect: () => move(index, index + 1),
      },
      {
        id: 'remove',
        label: trans('Remove from this playlist'),
        icon: 'delete',
        onSelect: () => void removeTracksFromPlaylist(playlist.id, [track.id]).catch(fail),
      },
    ];
  };
  return { move, entries };
}

/**
 * A playlist. Its owner (or whoever may change it in the workspace) also edits it here, and
 * invites editors to a collaborative one; those editors change its tracks and may leave.
 */
export function PlaylistPage() {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const id = Number(useParams().playlistId);
  const query = usePlaylistQuery(id);
  const playlist = query.data?.playlist;
  const abilities = query.data?.abilities;
  const canUpdate = abilities?.update ?? false;
  const canEditTracks = abilities?.editTracks ?? false;
  const editing = useTrackEditing(playlist);

  useEffect(() => {
    if (playlist) setPageTitle(playlist.name);
  }, [playlist]);

  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (!playlist) return <PageSkeleton />;
  const total = playlist.tracks.reduce((sum, t) => sum + t.duration, 0);

  const remove = async () => {
    const confirmed = await openDialog<boolean>((close) => (
      <ConfirmDialog
        title={trans('Delete playlist')}
        body={trans('":name" will be deleted for good.', { name: playlist.name })}
        confirm={trans('Delete')}
        close={close}
      />
    ));
    if (!confirmed) return;
    try {
      await deletePlaylist(playlist.id);
      toast(trans('Playlist deleted'));
      void navigate('/library/playlists', { replace: true });
    } catch (error) {
      showErrorToast(error, trans);
    }
  };

  const leave = async () => {
    const confirmed = await openDialog<boolean>((close) => (
      <ConfirmDialog
        title={trans('Leave playlist')}
        body={trans('You will no longer be able to add tracks to ":name".', {
          name: playlist.name,
        })}
        confirm={trans('Leave')}
        close={close}
      />
    ));
    if (!confirmed || !user) return;
    try {
      await leavePlaylist(playlist.id, user.id);
      toast(trans('You left :name', { name: playlist.name }));
      void navigate('/library/playlists', { replace: true });
    } catch (error) {
      showErrorToast(error, trans);
    }
  };

  return (
    <div className="pb-12">
      <MediaHeader
        image={playlist.image}
        eyebrow={
          <span className="inline-flex flex-wrap items-center justify-center gap-2">
            {playlist.is_public ? trans('Public playlist') : trans('Private playlist')}
            {playlist.is_collaborative && <CollaborativeBadge />}
          </span>
        }
        title={playlist.name}
        meta={
          <>
            {playlist.description && (
              <span className="block pb-1 whitespace-pre-line">{playlist.description}</span>
            )}
            {playlist.owner?.name ?? trans('Curated by :site', { site: 'Backbeat' })} ·{' '}
            {transChoice(':count track|:count tracks', playlist.tracks.length)} ·{' '}
            {formatDuration(total)}
            <PlaylistEditors playlist={playlist} />
          </>
        }
        actions={
          <PlayActions tracks={playlist.tracks} source="playlist">
            <DownloadButton
              kind="playlist"
              id={playlist.id}
              name={playlist.name}
              link={playlistLink(playlist)}
              image={playlist.image}
              tracks={playlist.tracks}
            />
            {!canEditTracks && playlist.owner && (
              <FollowButton type="playlists" id={playlist.id} name={playlist.name} />
            )}
            {abilities?.leave && (
              <Button variant="outline" size="lg" onClick={() => void leave()}>
                <Icon name="logout" size={20} />
                {trans('Leave')}
              </Button>
            )}
            {canUpdate && (
              <>
                <Button
                  variant="outline"
                  size="lg"
                  onClick={() =>
                    void openDialog((close) => (
                      <PlaylistFormDialog playlist={playlist} close={close} />
                    ))
                  }
                >
                  <Icon name="edit" size={20} />
                  {trans('Edit')}
                </Button>
                <Button
                  variant="outline"
                  size="lg"
                  onClick={() =>
                    void openDialog((close) => (
                      <CollaboratorsDialog playlist={playlist} close={close} />
                    ))
                  }
                >
                  <Icon name="personAdd" size={20} />
                  {trans('Collaborators')}
                </Button>
                <Button
                  variant="text"
                  size="lg"
                  aria-label={trans('Delete playlist')}
                  onClick={() => void remove()}
                >
                  <Icon name="delete" size={20} />
                </Button>
              </>
            )}
          </PlayActions>
        }
      />
      <div className="px-4 md:px-8">
        {playlist.tracks.length ? (
          <TrackTable
            tracks={playlist.tracks}
            source="playlist"
            label={trans('Tracks')}
            menuEntries={canEditTracks ? editing.entries : undefined}
            onReorder={canEditTracks ? editing.move : undefined}
          />
        ) : (
          <EmptyState
            title={trans('This playlist is empty')}
            text={
              canEditTracks ? trans('Add songs from any track menu: "Add to playlist".') : undefined
            }
          />
        )}
      </div>
    </div>
  );
}
