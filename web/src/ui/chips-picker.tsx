import { useId, useState } from 'react';
import { useTrans } from '../lib/translator.ts';
import { Icon } from './icons.tsx';

export interface PickedItem {
  id: number;
  name: string;
}

/** What a picker searches: the matches for a typed text (empty text is never asked). */
export interface PickerSearch<T extends PickedItem> {
  data?: T[];
  isPending: boolean;
}

/**
 * Chooses things by name: the chosen ones as removable chips, a search box, and the matches
 * as buttons below it. `single` keeps one choice. Labels name the things (artists, users) so
 * a screen reader hears "Chosen artists", "Remove Ada", "Add Ada".
 */
export function ChipsPicker<T extends PickedItem>({
  label,
  value,
  onChange,
  useSearch,
  searchLabel,
  chosenLabel,
  matchesLabel,
  noMatches,
  single = false,
  error,
}: {
  label: string;
  value: T[];
  onChange: (items: T[]) => void;
  /** A hook: the matches for the text typed (called on every render, as hooks are). */
  useSearch: (text: string) => PickerSearch<T>;
  searchLabel: string;
  chosenLabel: string;
  matchesLabel: string;
  noMatches: string;
  single?: boolean;
  error?: string;
}) {
  const trans = useTrans();
  const id = useId();
  const [query, setQuery] = useState('');
  const text = query.trim();
  const found = useSearch(text);
  const offered = (found.data ?? []).filter((item) => !value.some((v) => v.id === item.id));
  const choose = (item: T) => {
    onChange(single ? [item] : [...value, item]);
    setQuery('');
  };
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{label}</legend>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={chosenLabel}>
          {value.map((item) => (
            <li
              key={item.id}
              className="flex items-center gap-1 rounded-full bg-bg-alt py-1 pr-1 pl-3 text-sm"
            >
              {item.name}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary"
                aria-label={trans('Remove :name', { name: item.name })}
                onClick={() => onChange(value.filter((v) => v.id !== item.id))}
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
        placeholder={searchLabel}
        aria-label={searchLabel}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        className="h-[42px] rounded-lg border border-border bg-bg-elevated px-3 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
      />
      {text && (
        <ul
          aria-label={matchesLabel}
          aria-busy={found.isPending}
          className="flex max-h-48 flex-col overflow-y-auto rounded-lg border border-border"
        >
          {found.isPending ? (
            <li className="px-3 py-2 text-sm text-fg-muted">{trans('Loading')}</li>
          ) : offered.length === 0 ? (
            <li className="px-3 py-2 text-sm text-fg-muted">{noMatches}</li>
          ) : (
            offered.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  aria-label={trans('Add :name', { name: item.name })}
                  className="w-full px-3 py-2 text-left text-sm hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:outline-none"
                  onClick={() => choose(item)}
                >
                  {item.name}
                </button>
              </li>
            ))
          )}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
