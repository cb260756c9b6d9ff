import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchLink } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { Icon } from '../../ui/icons.tsx';
import type { SearchOption } from './search-suggestions.tsx';

// The results list loads with the first keystroke, not with every page.
const SearchSuggestions = lazy(() => import('./search-suggestions.tsx'));
const DEBOUNCE_MS = 200;

/** As-you-type search in the navbar; Enter opens the full results page. */
export function NavbarSearch() {
  const trans = useTrans();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [options, setOptions] = useState<SearchOption[]>([]);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => setActive(-1), [debounced]);
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, []);

  const go = (to: string) => {
    setOpen(false);
    void navigate(to);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length ? (i + step + options.length) % options.length : -1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const option = options[active];
      if (option) go(option.to);
      else if (text.trim()) go(searchLink(text.trim()));
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };
  const showPanel = open && text.trim().length > 0;

  return (
    <div ref={root} className="relative hidden w-full max-w-md md:block">
      <Icon
        name="search"
        size={20}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-fg-muted"
      />
      <input
        type="search"
        role="combobox"
        aria-label={trans('Search')}
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={trans('Search artists, albums and tracks')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-full border border-transparent bg-bg-hover pr-4 pl-10 text-sm text-fg outline-none placeholder:text-fg-muted focus:border-primary focus:bg-bg-elevated"
      />
      {showPanel && (
        <Suspense fallback={null}>
          <SearchSuggestions
            listId={listId}
            text={text.trim()}
            query={debounced}
            active={active}
            onOptions={setOptions}
            onGo={go}
          />
        </Suspense>
      )}
    </div>
  );
}
