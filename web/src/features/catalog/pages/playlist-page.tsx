import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDuration, type PlaylistDetails, type Track } from '@backbeat/common';
import { errorMessage } from '../../../lib/api-error.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Icon } from '../../../ui/icons.tsx';
import type { MenuEntry } from '../../../ui/menu.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { FollowButton } from '../../library/components/follow-button.tsx';
import { PlaylistFormDialog } from '../../library/components/playlist-form-dialog.tsx';
import {
  deletePlaylist,
  removeTracksFromPlaylist,
  reorderPlaylist,
} from '../../library/playlist-queries.ts';
import { ConfirmDialog } from '../../workspaces/workspace-form-dialog.tsx';
import { MediaHeader } from '../components/media-header.tsx';
import { EmptyState, PageSkeleton, QueryError } from '../components/page-states.tsx';
import { PlayActions } from '../components/play-actions.tsx';
import { TrackTable } from '../components/track-table.tsx';
import { usePlaylistQuery } from '../queries.ts';

/** Move up, move down and remove, for those who may change the playlist. */
function useEditEntries(playlist: PlaylistDetails | undefined) {
  const trans = useTrans();
  const fail = (error: unknown) => toast.danger(trans(errorMessage(error)));
  return (track: Track, index: number): MenuEntry[] => {
    if (!playlist) return [];
    const ids = playlist.tracks.map((t) => t.id);
    const move = (to: number) => {
      const order = ids.filter((id) => id !== track.id);
      order.splice(to, 0, track.id);
      reorderPlaylist(playlist.id, order).catch(fail);
    };
    return [
      {
        id: 'move-up',
        label: trans('Move up'),
        icon: 'arrowUpward',
        disabled: index === 0,
        onSelect: () => move(index - 1),
      },
      {
        id: 'move-down',
        label: trans('Move down'),
        icon: 'arrowDownward',
        disabled: index === ids.length - 1,
        onSelect: () => move(index + 1),
      },
      {
        id: 'remove',
        label: trans('Remove from this playlist'),
        icon: 'delete',
        onSelect: () => void removeTracksFromPlaylist(playlist.id, [track.id]).catch(fail),
      },
    ];
  };
}

/** A playlist; its owner (or whoever may change it in the workspace) also edits it here. */
export function PlaylistPage() {
  const trans = useTrans();
  const navigate = useNavigate();
  const id = Number(useParams().playlistId);
  const query = usePlaylistQuery(id);
  const playlist = query.data?.playlist;
  const canEdit = query.data?.abilities?.update ?? false;
  const editEntries = useEditEntries(playlist);

  useEffect(() => {
    if (playlist) document.title = playlist.name;
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
      toast.danger(trans(errorMessage(error)));
    }
  };

  return (
    <div className="pb-12">
      <MediaHeader
        image={playlist.image}
        eyebrow={playlist.is_public ? trans('Public playlist') : trans('Private playlist')}
        title={playlist.name}
        meta={
          <span>
            {playlist.description && (
              <span className="block pb-1 whitespace-pre-line">{playlist.description}</span>
            )}
            {playlist.owner?.name ?? trans('Curated by :site', { site: 'Backbeat' })} ·{' '}
            {trans(':count tracks', { count: playlist.tracks.length })} · {formatDuration(total)}
          </span>
        }
        actions={
          <PlayActions tracks={playlist.tracks}>
            {!canEdit && playlist.owner && (
              <FollowButton type="playlists" id={playlist.id} name={playlist.name} />
            )}
            {canEdit && (
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
            label={trans('Tracks')}
            menuEntries={canEdit ? editEntries : undefined}
          />
        ) : (
          <EmptyState
            title={trans('This playlist is empty')}
            text={canEdit ? trans('Add songs from any track menu: "Add to playlist".') : undefined}
          />
        )}
      </div>
    </div>
  );
}
