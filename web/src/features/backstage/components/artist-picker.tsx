import { useId, useState } from 'react';
import type { ArtistRef } from '@backbeat/common';
import { useTrans } from '../../../lib/translator.ts';
import { Icon } from '../../../ui/icons.tsx';
import { useArtistOptions } from '../queries.ts';

/**
 * Chooses artists by name: a search box with matching artists as buttons below it, and the
 * chosen ones as removable chips. `single` keeps one choice (requests).
 */
export function ArtistPicker({
  label,
  value,
  onChange,
  single = false,
  error,
}: {
  label: string;
  value: ArtistRef[];
  onChange: (artists: ArtistRef[]) => void;
  single?: boolean;
  error?: string;
}) {
  const trans = useTrans();
  const id = useId();
  const [query, setQuery] = useState('');
  const options = useArtistOptions(query.trim());
  const chosen = new Set(value.map((a) => a.id));
  const choose = (artist: ArtistRef) => {
    onChange(single ? [artist] : [...value, artist]);
    setQuery('');
  };
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{label}</legend>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={trans('Chosen artists')}>
          {value.map((artist) => (
            <li
              key={artist.id}
              className="flex items-center gap-1 rounded-full bg-bg-alt py-1 pr-1 pl-3 text-sm"
            >
              {artist.name}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary"
                aria-label={trans('Remove :name', { name: artist.name })}
                onClick={() => onChange(value.filter((a) => a.id !== artist.id))}
              >
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={trans('Search artists')}
        aria-label={trans('Search artists')}
        aria-invalid={error ? true : undefined}
        className="h-[42px] rounded-lg border border-border bg-bg-elevated px-3 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
      />
      {query.trim() && (
        <ul className="flex max-h-48 flex-col overflow-y-auto rounded-lg border border-border">
          {options.isPending ? (
            <li className="px-3 py-2 text-sm text-fg-muted">{trans('Loading')}</li>
          ) : (options.data ?? []).filter((a) => !chosen.has(a.id)).length === 0 ? (
            <li className="px-3 py-2 text-sm text-fg-muted">{trans('No artists match.')}</li>
          ) : (
            (options.data ?? [])
              .filter((a) => !chosen.has(a.id))
              .map((artist) => (
                <li key={artist.id}>
                  <button
                    type="button"
                    className="w-full px-3 py-2 text-left text-sm hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:outline-none"
                    onClick={() => choose(artist)}
                  >
                    {artist.name}
                  </button>
                </li>
              ))
          )}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
