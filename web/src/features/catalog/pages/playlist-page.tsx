import { useEffect } from 'react';
import { useParams } from 'react-router';
import { formatDuration } from '@backbeat/common';
import { useTrans } from '../../../lib/translator.ts';
import { MediaHeader } from '../components/media-header.tsx';
import { EmptyState, PageSkeleton, QueryError } from '../components/page-states.tsx';
import { PlayActions } from '../components/play-actions.tsx';
import { TrackTable } from '../components/track-table.tsx';
import { usePlaylistQuery } from '../queries.ts';

/** A playlist, read-only here; editing belongs to the library area. */
export function PlaylistPage() {
  const trans = useTrans();
  const id = Number(useParams().playlistId);
  const query = usePlaylistQuery(id);
  const playlist = query.data?.playlist;

  useEffect(() => {
    if (playlist) document.title = playlist.name;
  }, [playlist]);

  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (!playlist) return <PageSkeleton />;
  const total = playlist.tracks.reduce((sum, t) => sum + t.duration, 0);
  return (
    <div className="pb-12">
      <MediaHeader
        image={playlist.image}
        eyebrow={trans('Playlist')}
        title={playlist.name}
        meta={
          <span>
            {playlist.description && <span className="block pb-1">{playlist.description}</span>}
            {playlist.owner?.name ?? trans('Curated by :site', { site: 'Backbeat' })} ·{' '}
            {trans(':count tracks', { count: playlist.tracks.length })} · {formatDuration(total)}
          </span>
        }
        actions={<PlayActions tracks={playlist.tracks} />}
      />
      <div className="px-4 md:px-8">
        {playlist.tracks.length ? (
          <TrackTable tracks={playlist.tracks} label={trans('Tracks')} />
        ) : (
          <EmptyState title={trans('This playlist is empty')} />
        )}
      </div>
    </div>
  );
}
