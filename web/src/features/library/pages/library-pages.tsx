import type { ReactNode } from 'react';
import { formatRelativeTime, type HistoryEntry } from '@backbeat/common';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import {
  AlbumCard,
  ArtistCard,
  CardGrid,
  PlaylistCard,
} from '../../../entities/listings/media-cards.tsx';
import { EmptyState, QueryError } from '../../../entities/errors/page-states.tsx';
import { PlayActions } from '../../../entities/player/play-actions.tsx';
import { TrackTable } from '../../../entities/listings/track-table.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { openNewPlaylistDialog } from '../components/sidebar-playlists.tsx';
import { useMyPlaylists } from '../../../entities/library/playlist-queries.ts';
import {
  useLibraryList,
  type LibraryItems,
  type LibraryListKind,
} from '../../../entities/library/queries.ts';
import { LoadMore } from '../../../ui/load-more.tsx';

function ListSkeleton() {
  const trans = useTrans();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={trans('Loading')}
      className="flex flex-col gap-3"
    >
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** Loading, error, empty and "Load more" around one library list. */
function LibraryList<K extends LibraryListKind>({
  kind,
  empty,
  children,
}: {
  kind: K;
  empty: ReactNode;
  children: (items: LibraryItems[K][]) => ReactNode;
}) {
  const list = useLibraryList(kind);
  if (list.isError) return <QueryError error={list.error} retry={() => void list.refetch()} />;
  if (list.isPending) return <ListSkeleton />;
  const items: LibraryItems[K][] = list.data.pages.flatMap((page) => page.data);
  if (!items.length) return empty;
  return (
    <>
      {children(items)}
      <LoadMore list={list} />
    </>
  );
}

export function LibrarySongsPage() {
  const trans = useTrans();
  return (
    <LibraryList
      kind="tracks"
      empty={
        <EmptyState
          icon="favoriteBorder"
          title={trans('No liked songs yet')}
          text={trans('Tap the heart next to a song to keep it here.')}
        />
      }
    >
      {(tracks) => (
        <>
          <div className="mb-4 flex flex-wrap gap-2">
            <PlayActions tracks={tracks} />
          </div>
          <TrackTable tracks={tracks} source="library" label={trans('Liked songs')} />
        </>
      )}
    </LibraryList>
  );
}

export function LibraryAlbumsPage() {
  const trans = useTrans();
  return (
    <LibraryList
      kind="albums"
      empty={
        <EmptyState
          icon="album"
          title={trans('No liked albums yet')}
          text={trans('Albums you like show up here.')}
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
    </LibraryList>
  );
}

export function LibraryArtistsPage() {
  const trans = useTrans();
  return (
    <LibraryList
      kind="artists"
      empty={
        <EmptyState
          icon="mic"
          title={trans('No liked artists yet')}
          text={trans('Artists you like or follow show up here.')}
        />
      }
    >
      {(artists) => (
        <CardGrid className="-mx-2">
          {artists.map((artist) => (
            <ArtistCard key={artist.id} artist={artist} />
          ))}
        </CardGrid>
      )}
    </LibraryList>
  );
}

/** When a history entry was played, and how many times in a row. */
function PlayedAt({ entry }: { entry: HistoryEntry }) {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const when = formatRelativeTime(entry.played_at, { translate: trans });
  return (
    <>
      <time dateTime={entry.played_at} title={new Date(entry.played_at).toLocaleString()}>
        {when}
      </time>
      {entry.plays > 1 && (
        <> · {transChoice(':count play in a row|:count plays in a row', entry.plays)}</>
      )}
    </>
  );
}

export function LibraryHistoryPage() {
  const trans = useTrans();
  return (
    <LibraryList
      kind="history"
      empty={
        <EmptyState
          icon="history"
          title={trans('Nothing played yet')}
          text={trans('The songs you play show up here, newest first.')}
        />
      }
    >
      {(entries) => (
        <TrackTable
          tracks={entries.map((entry) => entry.track)}
          source="library"
          label={trans('Recently played')}
          rowNote={(_, index) => <PlayedAt entry={entries[index]!} />}
        />
      )}
    </LibraryList>
  );
}

export function LibraryPlaylistsPage() {
  const trans = useTrans();
  const query = useMyPlaylists();
  const all = query.data
    ? [...query.data.playlists, ...query.data.collaborating, ...query.data.followed]
    : [];
  return (
    <>
      <Button variant="outline" className="mb-4" onClick={() => void openNewPlaylistDialog()}>
        <Icon name="add" size={20} />
        {trans('New playlist')}
      </Button>
      {query.isError ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : query.isPending ? (
        <ListSkeleton />
      ) : all.length ? (
        <CardGrid className="-mx-2">
          {all.map((playlist) => (
            <PlaylistCard key={playlist.id} playlist={playlist} />
          ))}
        </CardGrid>
      ) : (
        <EmptyState
          icon="playlistPlay"
          title={trans('No playlists yet')}
          text={trans('Start one, then add songs from any track menu.')}
        />
      )}
    </>
  );
}
