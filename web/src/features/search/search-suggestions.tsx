import clsx from 'clsx';
import { useEffect, useMemo } from 'react';
import {
  SELECT_LIST_MAX_HEIGHT,
  albumLink,
  artistLink,
  searchLink,
  trackLink,
  type SearchResults,
} from '@backbeat/common';
import { useTrans, type Trans } from '../../lib/translator.ts';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Artwork } from '../../entities/catalog/artwork.tsx';
import { isRateLimited, useSearchQuery } from './queries.ts';

const PER_TYPE = 4;
const TYPES = ['artists', 'albums', 'tracks'] as const;

export interface SearchOption {
  id: string;
  to: string;
  title: string;
  subtitle: string;
  image: string | null;
  round?: boolean;
}

function optionsOf(results: SearchResults | undefined, trans: Trans): SearchOption[] {
  if (!results) return [];
  const names = (artists: { name: string }[]) => artists.map((x) => x.name).join(', ');
  return [
    ...results.artists.map((a) => ({
      id: `artist-${a.id}`,
      to: artistLink(a),
      title: a.name,
      subtitle: trans('Artist'),
      image: a.image,
      round: true,
    })),
    ...results.albums.map((a) => ({
      id: `album-${a.id}`,
      to: albumLink(a),
      title: a.name,
      subtitle: `${trans('Album')} · ${names(a.artists)}`,
      image: a.image,
    })),
    ...results.tracks.map((t) => ({
      id: `track-${t.id}`,
      to: trackLink(t),
      title: t.name,
      subtitle: `${trans('Track')} · ${names(t.artists)}`,
      image: t.image,
    })),
  ];
}

/** The navbar's result list: artists, albums and tracks as you type. */
export default function SearchSuggestions({
  listId,
  text,
  query,
  active,
  onOptions,
  onGo,
}: {
  listId: string;
  text: string;
  query: string;
  active: number;
  onOptions: (options: SearchOption[]) => void;
  onGo: (to: string) => void;
}) {
  const trans = useTrans();
  const search = useSearchQuery(query, [...TYPES], PER_TYPE);
  const results = search.data?.results;
  const options = useMemo(() => (query ? optionsOf(results, trans) : []), [query, results, trans]);
  useEffect(() => onOptions(options), [options, onOptions]);

  return (
    <div className="absolute inset-x-0 top-12 z-50 overflow-hidden rounded-xl border border-border bg-bg-elevated shadow-2xl">
      <ul
        id={listId}
        role="listbox"
        aria-label={trans('Search results')}
        style={{ maxHeight: SELECT_LIST_MAX_HEIGHT }}
        className="overflow-y-auto py-1.5"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onPointerDown={(e) => e.preventDefault()}
            onClick={() => onGo(option.to)}
            className={clsx(
              'flex cursor-pointer items-center gap-3 px-3 py-2',
              index === active ? 'bg-bg-hover' : 'hover:bg-bg-hover',
            )}
          >
            <Artwork src={option.image} size={40} rounded={option.round ? 'full' : 'md'} />
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-fg">{option.title}</span>
              <span className="block truncate text-xs text-fg-muted">{option.subtitle}</span>
            </span>
          </li>
        ))}
      </ul>
      {query && isRateLimited(search.error) ? (
        <p role="status" className="px-4 py-3 text-sm text-fg-muted">
          {trans('Too many searches. Wait a moment, then try again.')}
        </p>
      ) : (
        query &&
        !options.length && (
          <p className="flex items-center gap-2 px-4 py-3 text-sm text-fg-muted">
            {search.isFetching ? <Spinner size={16} /> : null}
            {search.isFetching ? trans('Searching…') : trans('No results for “:query”', { query })}
          </p>
        )
      )}
      <button
        type="button"
        onClick={() => onGo(searchLink(text))}
        className="flex w-full items-center gap-2 border-t border-border px-4 py-3 text-left text-sm font-medium text-primary hover:bg-bg-hover"
      >
        <Icon name="search" size={18} />
        {trans('See all results for “:query”', { query: text })}
      </button>
    </div>
  );
}
