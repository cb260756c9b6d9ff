import clsx from 'clsx';
import { useEffect } from 'react';
import { NavLink, useParams } from 'react-router';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { tagLink, type Album, type Pagination, type Track } from '@backbeat/common';
import { getTagAlbums, getTagTracks } from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { AlbumCard, CardGrid } from '../../../entities/listings/media-cards.tsx';
import { EmptyState, PageSkeleton, QueryError } from '../../../entities/errors/page-states.tsx';
import { PlayActions } from '../../../entities/player/play-actions.tsx';
import { TrackTable } from '../../../entities/listings/track-table.tsx';
import { catalogKeys, useTagQuery } from '../../../entities/catalog/queries.ts';
import { LoadMore } from '../../../ui/load-more.tsx';
import { setPageTitle } from '../../../lib/document-title.ts';

const PAGE_SIZE = 30;

/** A paginated list that grows with "Load more". */
const TAG_LISTS = { tracks: getTagTracks, albums: getTagAlbums } as const;

function useTagListQuery<T extends Track | Album>(name: string, kind: 'tracks' | 'albums') {
  return useInfiniteQuery({
    queryKey: catalogKeys.tagList(name, kind),
    queryFn: async ({ pageParam, signal }) =>
      (await api(TAG_LISTS[kind], { name, page: pageParam, perPage: PAGE_SIZE }, { signal })) as {
        pagination: Pagination<T>;
      },
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.current_page < last.pagination.last_page
        ? last.pagination.current_page + 1
        : undefined,
    placeholderData: keepPreviousData,
  });
}

function TagTracks({ name }: { name: string }) {
  const trans = useTrans();
  const list = useTagListQuery<Track>(name, 'tracks');
  const tracks = list.data?.pages.flatMap((p) => p.pagination.data) ?? [];
  if (list.isPending) return <PageSkeleton />;
  if (!tracks.length) return <EmptyState title={trans('No tracks with this tag yet')} />;
  return (
    <>
      <div className="mb-4 flex gap-2">
        <PlayActions tracks={tracks} source="search" />
      </div>
      <TrackTable tracks={tracks} source="search" label={trans('Tracks')} />
      <LoadMore list={list} />
    </>
  );
}

function TagAlbums({ name }: { name: string }) {
  const trans = useTrans();
  const list = useTagListQuery<Album>(name, 'albums');
  const albums = list.data?.pages.flatMap((p) => p.pagination.data) ?? [];
  if (list.isPending) return <PageSkeleton />;
  if (!albums.length)
    return <EmptyState icon="album" title={trans('No albums with this tag yet')} />;
  return (
    <>
      <CardGrid className="-mx-2">
        {albums.map((album) => (
          <AlbumCard key={album.id} album={album} />
        ))}
      </CardGrid>
      {list.hasNextPage && (
        <Button variant="outline" className="mt-4" onClick={() => void list.fetchNextPage()}>
          {trans('Load more')}
        </Button>
      )}
    </>
  );
}

/** `tag/{tagName}[/tracks|/albums]`. */
export function TagPage() {
  const trans = useTrans();
  const { tagName = '', tab } = useParams();
  const query = useTagQuery(tagName);
  const tag = query.data?.tag;
  const active = tab === 'albums' ? 'albums' : 'tracks';

  useEffect(() => {
    if (tag) setPageTitle(`#${tag.display_name}`);
  }, [tag]);

  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (!tag) return <PageSkeleton />;
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    clsx(
      'inline-flex h-10 items-center border-b-2 px-1 text-sm font-semibold',
      isActive ? 'border-primary text-fg' : 'border-transparent text-fg-muted hover:text-fg',
    );
  return (
    <div className="px-4 py-8 pb-12 md:px-8">
      <p className="text-xs font-semibold tracking-wider text-fg-muted uppercase">{trans('Tag')}</p>
      <h1 className="text-4xl font-extrabold tracking-tight">#{tag.display_name}</h1>
      <nav
        aria-label={trans('Tag sections')}
        className="mt-6 mb-6 flex gap-6 border-b border-border"
      >
        <NavLink
          to={tagLink(tag, 'tracks')}
          className={() => tabClass({ isActive: active === 'tracks' })}
        >
          {trans('Tracks')}
        </NavLink>
        <NavLink
          to={tagLink(tag, 'albums')}
          className={() => tabClass({ isActive: active === 'albums' })}
        >
          {trans('Albums')}
        </NavLink>
      </nav>
      {active === 'albums' ? <TagAlbums name={tag.name} /> : <TagTracks name={tag.name} />}
    </div>
  );
}
