import type { Album, Track } from '@backbeat/common';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { AlbumCard, CardGrid } from '../listings/media-cards.tsx';
import { EmptyState, QueryError } from '../errors/page-states.tsx';
import { PlayActions } from '../player/play-actions.tsx';
import { TrackTable } from '../listings/track-table.tsx';
import { useProfileUploadsQuery } from './queries.ts';
import { LoadMore } from '../../ui/load-more.tsx';

/** Loading, error, empty and "Load more" around one list of uploads. */
function UploadsList<K extends 'tracks' | 'albums'>({
  userId,
  kind,
  empty,
  children,
}: {
  userId: number;
  kind: K;
  empty: React.ReactNode;
  children: (items: (K extends 'tracks' ? Track : Album)[]) => React.ReactNode;
}) {
  const list = useProfileUploadsQuery(userId, kind);
  if (list.isError) return <QueryError error={list.error} retry={() => void list.refetch()} />;
  if (list.isPending) return <Spinner className="mx-auto my-10" />;
  const items = list.data.pages.flatMap((page) => page.data);
  if (!items.length) return empty;
  return (
    <>
      {children(items)}
      <LoadMore list={list} />
    </>
  );
}

/** The "Tracks" tab: what the user uploaded, playable from here; private ones only for them. */
export function ProfileTracks({ userId }: { userId: number }) {
  const trans = useTrans();
  const own = useCurrentUser()?.id === userId;
  return (
    <UploadsList
      userId={userId}
      kind="tracks"
      empty={
        <EmptyState
          icon="music"
          title={trans('No tracks yet')}
          text={own ? trans('Tracks you upload show up here.') : undefined}
        />
      }
    >
      {(tracks) => (
        <>
          <div className="mb-4 flex flex-wrap gap-2">
            <PlayActions tracks={tracks} />
          </div>
          <TrackTable tracks={tracks} source="profile" label={trans('Uploaded tracks')} />
        </>
      )}
    </UploadsList>
  );
}

/** The "Albums" tab: the albums the user uploaded. */
export function ProfileAlbums({ userId }: { userId: number }) {
  const trans = useTrans();
  const own = useCurrentUser()?.id === userId;
  return (
    <UploadsList
      userId={userId}
      kind="albums"
      empty={
        <EmptyState
          icon="album"
          title={trans('No albums yet')}
          text={own ? trans('Albums you upload show up here.') : undefined}
        />
      }
    >
      {(albums) => (
        <CardGrid className="-mx-2">
          {albums.map((album) => (
            <AlbumCard key={album.id} album={album} />
          ))}
        </CardGrid>
      )}
    </UploadsList>
  );
}
