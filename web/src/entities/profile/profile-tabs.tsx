import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { Link, NavLink } from 'react-router';
import * as endpoints from '@backbeat/common/contracts';
import { slugify } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { AlbumCard, CardGrid, PlaylistCard } from '../listings/media-cards.tsx';
import { TrackTable } from '../listings/track-table.tsx';
import { EmptyState, QueryError } from '../errors/page-states.tsx';
import { ProfileAlbums, ProfileTracks } from './profile-uploads.tsx';
import { followKeys } from '../library/follow-queries.ts';
import { LoadMore } from '../../ui/load-more.tsx';
import { api } from '../../lib/api.ts';

/** Spec §2 `user/{userId}/{userName}/{tabName}`; the first is shown without a tab name. */
export const PROFILE_TABS = [
  'tracks',
  'albums',
  'playlists',
  'reposts',
  'followers',
  'following',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
const TAB_LABELS: Record<ProfileTab, string> = {
  tracks: 'Tracks',
  albums: 'Albums',
  playlists: 'Playlists',
  reposts: 'Reposts',
  followers: 'Followers',
  following: 'Following',
};

const profileLink = (user: { id: number; name: string }, tab?: ProfileTab) =>
  `/user/${user.id}/${slugify(user.name) || 'user'}${tab ? `/${tab}` : ''}`;

function ProfilePlaylists({ userId }: { userId: number }) {
  const trans = useTrans();
  const query = useQuery({
    queryKey: ['users', userId, 'playlists'],
    queryFn: ({ signal }) => api(endpoints.getUserPlaylists, { id: userId }, { signal }),
  });
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (query.isPending) return <Spinner className="mx-auto my-10" />;
  if (!query.data.playlists.length)
    return <EmptyState icon="playlistPlay" title={trans('No public playlists yet')} />;
  return (
    <CardGrid className="-mx-2">
      {query.data.playlists.map((playlist) => (
        <PlaylistCard key={playlist.id} playlist={playlist} />
      ))}
    </CardGrid>
  );
}

function ProfileReposts({ userId }: { userId: number }) {
  const trans = useTrans();
  const query = useQuery({
    queryKey: ['users', userId, 'reposts'],
    queryFn: async ({ signal }) =>
      (await api(endpoints.getUserReposts, { id: userId, perPage: 100 }, { signal })).pagination
        .data,
  });
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (query.isPending) return <Spinner className="mx-auto my-10" />;
  const tracks = query.data.flatMap((r) => (r.type === 'tracks' ? [r.track] : []));
  const albums = query.data.flatMap((r) => (r.type === 'albums' ? [r.album] : []));
  if (!tracks.length && !albums.length)
    return <EmptyState icon="repeat" title={trans('No reposts yet')} />;
  return (
    <div className="flex flex-col gap-8">
      {tracks.length > 0 && (
        <TrackTable tracks={tracks} source="profile" label={trans('Reposted tracks')} />
      )}
      {albums.length > 0 && (
        <CardGrid className="-mx-2">
          {albums.map((album) => (
            <AlbumCard key={album.id} album={album} />
          ))}
        </CardGrid>
      )}
    </div>
  );
}

function ProfilePeople({ userId, list }: { userId: number; list: 'followers' | 'following' }) {
  const trans = useTrans();
  const query = useInfiniteQuery({
    queryKey: followKeys.people(userId, list),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api(
          list === 'followers' ? endpoints.getUserFollowers : endpoints.getUserFollowing,
          { id: userId, page: pageParam, perPage: 50 },
          { signal },
        )
      ).pagination,
    getNextPageParam: (last) =>
      last.current_page < last.last_page ? last.current_page + 1 : undefined,
    placeholderData: keepPreviousData,
  });
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (query.isPending) return <Spinner className="mx-auto my-10" />;
  const people = query.data.pages.flatMap((page) => page.data);
  if (!people.length)
    return (
      <EmptyState
        icon="group"
        title={list === 'followers' ? trans('No followers yet') : trans('Not following anyone yet')}
      />
    );
  return (
    <>
      <ul aria-label={trans(TAB_LABELS[list])} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {people.map((person) => (
          <li key={person.id}>
            <Link
              to={profileLink(person)}
              className="flex items-center gap-3 rounded-xl p-3 hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary"
            >
              <Avatar name={person.name} image={person.image} id={person.id} size={48} />
              <span className="truncate font-medium">{person.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore list={query} />
    </>
  );
}

/** The tabs under a profile's header: uploads, playlists, reposts, followers, following. */
export function ProfileTabs({
  user,
  tab,
}: {
  user: { id: number; name: string };
  tab: ProfileTab;
}) {
  const trans = useTrans();
  return (
    <section className="mt-6">
      <nav
        aria-label={trans('Profile sections')}
        className="mb-6 flex gap-6 overflow-x-auto border-b border-border"
      >
        {PROFILE_TABS.map((name) => (
          <NavLink
            key={name}
            to={profileLink(user, name)}
            aria-current={name === tab ? 'page' : undefined}
            className={clsx(
              'inline-flex h-10 shrink-0 items-center border-b-2 px-1 text-sm font-semibold',
              'focus-visible:outline-2 focus-visible:outline-primary',
              name === tab
                ? 'border-primary text-fg'
                : 'border-transparent text-fg-muted hover:text-fg',
            )}
          >
            {trans(TAB_LABELS[name])}
          </NavLink>
        ))}
      </nav>
      {tab === 'tracks' ? (
        <ProfileTracks userId={user.id} />
      ) : tab === 'albums' ? (
        <ProfileAlbums userId={user.id} />
      ) : tab === 'playlists' ? (
        <ProfilePlaylists userId={user.id} />
      ) : tab === 'reposts' ? (
        <ProfileReposts userId={user.id} />
      ) : (
        <ProfilePeople userId={user.id} list={tab} />
      )}
    </section>
  );
}
