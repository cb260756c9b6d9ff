import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { Link, NavLink, useNavigate, useParams } from 'react-router';
import {
  SEARCH_TYPES,
  searchLink,
  tagLink,
  userLink,
  type SearchResults,
  type SearchType,
} from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { useWriteAfterPause } from '../../lib/use-write-after-pause.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Icon } from '../../ui/icons.tsx';
import {
  AlbumCard,
  ArtistCard,
  CardGrid,
  PlaylistCard,
} from '../../entities/listings/media-cards.tsx';
import { ChannelSkeleton, EmptyState } from '../../entities/errors/page-states.tsx';
import { TrackTable } from '../../entities/listings/track-table.tsx';
import { isRateLimited, useSearchQuery } from './queries.ts';
import { setPageTitle } from '../../lib/document-title.ts';

const TAB_LABELS: Record<SearchType, string> = {
  artists: 'Artists',
  albums: 'Albums',
  tracks: 'Tracks',
  playlists: 'Playlists',
  users: 'Users',
  tags: 'Tags',
};

function Section({
  type,
  results,
  all,
}: {
  type: SearchType;
  results: SearchResults;
  all: boolean;
}) {
  const trans = useTrans();
  const limit = (n: number) => (all ? n : undefined);
  const title = all ? <h2 className="mb-2 text-xl font-bold">{trans(TAB_LABELS[type])}</h2> : null;
  switch (type) {
    case 'tracks':
      return results.tracks.length ? (
        <section>
          {title}
          <TrackTable
            tracks={results.tracks.slice(0, limit(5))}
            source="search"
            label={trans('Tracks')}
          />
        </section>
      ) : null;
    case 'artists':
      return results.artists.length ? (
        <section>
          {title}
          <CardGrid className="-mx-2">
            {results.artists.slice(0, limit(6)).map((a) => (
              <ArtistCard key={a.id} artist={a} />
            ))}
          </CardGrid>
        </section>
      ) : null;
    case 'albums':
      return results.albums.length ? (
        <section>
          {title}
          <CardGrid className="-mx-2">
            {results.albums.slice(0, limit(6)).map((a) => (
              <AlbumCard key={a.id} album={a} />
            ))}
          </CardGrid>
        </section>
      ) : null;
    case 'playlists':
      return results.playlists.length ? (
        <section>
          {title}
          <CardGrid className="-mx-2">
            {results.playlists.slice(0, limit(6)).map((p) => (
              <PlaylistCard key={p.id} playlist={p} />
            ))}
          </CardGrid>
        </section>
      ) : null;
    case 'users':
      return results.users.length ? (
        <section>
          {title}
          <ul className="flex flex-wrap gap-3">
            {results.users.slice(0, limit(8)).map((u) => (
              <li key={u.id}>
                <Link
                  to={userLink(u)}
                  className="flex items-center gap-3 rounded-full border border-border py-1.5 pr-4 pl-1.5 hover:bg-bg-hover"
                >
                  <Avatar name={u.name} image={u.image} id={u.id} size={36} />
                  <span className="text-sm font-medium">{u.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null;
    case 'tags':
      return results.tags.length ? (
        <section>
          {title}
          <ul className="flex flex-wrap gap-2">
            {results.tags.slice(0, limit(12)).map((t) => (
              <li key={t.id}>
                <Link
                  to={tagLink(t)}
                  className="inline-flex h-9 items-center gap-1.5 rounded-full border border-border px-4 text-sm font-medium hover:bg-bg-hover"
                >
                  <Icon name="tag" size={16} className="text-fg-muted" />
                  {t.display_name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null;
  }
}

/** `search[/{query}[/{tab}]]`: every kind of result, or one kind per tab. */
export function SearchPage() {
  const trans = useTrans();
  const navigate = useNavigate();
  const { searchQuery = '', tabName } = useParams();
  const tab = (SEARCH_TYPES as readonly string[]).includes(tabName ?? '')
    ? (tabName as SearchType)
    : null;
  const [text, setText] = useState(searchQuery);
  const query = useSearchQuery(searchQuery, tab ? [tab] : null, tab ? 50 : 12);
  const results = query.data?.results;

  useEffect(() => setText(searchQuery), [searchQuery]);
  useEffect(() => {
    setPageTitle(searchQuery ? trans('Search: :query', { query: searchQuery }) : trans('Search'));
  }, [searchQuery, trans]);
  // Typing here updates the address (and the results) as you go.
  useWriteAfterPause(text.trim(), searchQuery, (next) => {
    void navigate(next ? searchLink(next, tab ?? undefined) : '/search', { replace: true });
  });

  const empty = results && SEARCH_TYPES.every((t) => results[t].length === 0);
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    clsx(
      'inline-flex h-9 shrink-0 items-center rounded-full px-4 text-sm font-semibold',
      isActive ? 'bg-fg text-bg' : 'bg-bg-hover text-fg hover:bg-bg-elevated',
    );

  return (
    <div className="px-4 py-6 pb-12 md:px-8">
      <h1 className="mb-4 text-3xl font-extrabold tracking-tight">
        {searchQuery ? trans('Results for “:query”', { query: searchQuery }) : trans('Search')}
      </h1>
      <div className="relative mb-5 max-w-xl">
        <Icon
          name="search"
          size={22}
          className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-fg-muted"
        />
        <input
          type="search"
          autoFocus={!searchQuery}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label={trans('Search')}
          placeholder={trans('What do you want to listen to?')}
          className="h-12 w-full rounded-full border border-border bg-bg-elevated pr-4 pl-12 text-base outline-none focus:border-primary"
        />
      </div>
      {searchQuery && (
        <nav aria-label={trans('Result types')} className="mb-6 flex gap-2 overflow-x-auto pb-1">
          <NavLink to={searchLink(searchQuery)} end className={tabClass}>
            {trans('All')}
          </NavLink>
          {SEARCH_TYPES.map((type) => (
            <NavLink key={type} to={searchLink(searchQuery, type)} className={tabClass}>
              {trans(TAB_LABELS[type])}
            </NavLink>
          ))}
        </nav>
      )}
      {!searchQuery ? (
        <EmptyState
          icon="search"
          title={trans('Search the catalog')}
          text={trans('Find artists, albums, tracks, playlists, people and tags.')}
        />
      ) : isRateLimited(query.error) ? (
        <EmptyState
          icon="search"
          title={trans('Too many searches')}
          text={trans(
            'You are searching faster than we can keep up. Wait a moment, then try again.',
          )}
        />
      ) : !results ? (
        <ChannelSkeleton />
      ) : empty ? (
        <EmptyState
          icon="search"
          title={trans('No results for “:query”', { query: searchQuery })}
          text={trans('Check the spelling, or try fewer or different words.')}
        />
      ) : (
        <div className={clsx('flex flex-col gap-10', query.isPlaceholderData && 'opacity-60')}>
          {(tab
            ? [tab]
            : (['tracks', 'artists', 'albums', 'playlists', 'users', 'tags'] as const)
          ).map((type) => (
            <Section key={type} type={type} results={results} all={!tab} />
          ))}
        </div>
      )}
    </div>
  );
}
