import clsx from 'clsx';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { SELECT_LIST_MAX_HEIGHT } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { Icon } from '../icons.tsx';
import { inputSizeProps, type InputSize } from '../input-size.ts';
import { createTypeAhead, findTypeAheadMatch } from './type-ahead.ts';

export interface SelectOption {
  value: string;
  label: string;
  /** Options of one group follow each other and show under its heading. */
  group?: string;
}

const EMPTY_TEXT = 'There are no items matching your query';

/**
 * The design system's select list (spec §9): a button that opens a list at most 420 px high,
 * with a search box, type-ahead on the list (letters typed within 500 ms join into one
 * search) and "There are no items matching your query" when the search finds nothing. It
 * posts its value with forms through a hidden input named `name`.
 */
export function SelectList({
  label,
  name,
  options,
  value,
  onChange,
  size = 'md',
  searchable = true,
  className,
}: {
  label: string;
  name?: string;
  options: SelectOption[];
  value: string;
  onChange(value: string): void;
  size?: InputSize;
  searchable?: boolean;
  className?: string;
}) {
  const trans = useTrans();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const typeAhead = useRef(createTypeAhead());
  const listRef = useRef<HTMLUListElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const visible = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    return needle ? options.filter((o) => o.label.toLocaleLowerCase().includes(needle)) : options;
  }, [options, query]);
  const selected = options.find((o) => o.value === value);

  const show = () => {
    setOpen(true);
    setQuery('');
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.value === value),
      ),
    );
    typeAhead.current.reset();
    requestAnimationFrame(() => listRef.current?.focus());
  };
  const close = (focusButton = true) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const choose = (option: SelectOption | undefined) => {
    if (!option) return;
    onChange(option.value);
    close();
  };
  const moveTo = (index: number) => {
    const next = Math.min(Math.max(index, 0), visible.length - 1);
    setActive(next);
    listRef.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView({ block: 'nearest' });
  };

  const onListKey = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(active + 1),
      ArrowUp: () => moveTo(active - 1),
      Home: () => moveTo(0),
      End: () => moveTo(visible.length - 1),
      Enter: () => choose(visible[active]),
      Escape: () => close(),
      Tab: () => close(false),
    };
    const action = keys[event.key];
    if (action) {
      if (event.key !== 'Tab') event.preventDefault();
      return action();
    }
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      const search = typeAhead.current.type(event.key);
      const match = findTypeAheadMatch(
        visible.map((o) => o.label),
        search,
        active,
      );
      if (match >= 0) moveTo(match);
    }
  };

  const sizing = inputSizeProps(size);
  return (
    <div className={clsx('relative flex flex-col gap-1.5', className)}>
      <span id={`${id}-label`} className="text-sm font-medium text-fg">
        {label}
      </span>
      {name && <input type="hidden" name={name} value={value} />}
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => (open ? close() : show())}
        style={sizing.style}
        className={clsx(
          'flex w-full items-center justify-between gap-2 rounded-lg border border-border bg-bg-elevated text-left text-fg',
          'focus-visible:ring-2 focus-visible:ring-primary/40 focus-visible:outline-none',
          sizing.className,
        )}
      >
        <span id={`${id}-value`} className="truncate">
          {selected?.label ?? ''}
        </span>
        <Icon name="expand" size={18} className="shrink-0 text-fg-muted" />
      </button>
      {open && (
        <div
          className="absolute top-full right-0 left-0 z-50 mt-1 flex flex-col overflow-hidden rounded-lg border border-border bg-bg-elevated shadow-xl"
          style={{ maxHeight: SELECT_LIST_MAX_HEIGHT }}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) close(false);
          }}
        >
          {searchable && (
            <input
              aria-label={trans('Search')}
              aria-controls={`${id}-list`}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={(event) => {
                if (['ArrowDown', 'ArrowUp', 'Enter', 'Escape'].includes(event.key)) {
                  onListKey(event);
                }
              }}
              placeholder={trans('Search')}
              className="m-2 h-9 shrink-0 rounded-md border border-border bg-bg px-2 text-sm outline-none focus:border-primary"
            />
          )}
          <ul
            ref={listRef}
            id={`${id}-list`}
            role="listbox"
            tabIndex={0}
            aria-labelledby={`${id}-label`}
            aria-activedescendant={active >= 0 ? `${id}-option-${active}` : undefined}
            onKeyDown={onListKey}
            className="min-h-0 flex-1 overflow-y-auto py-1 outline-none"
          >
            {visible.length === 0 && (
              <li role="presentation" className="px-3 py-2 text-sm text-fg-muted">
                {trans(EMPTY_TEXT)}
              </li>
            )}
            {visible.map((option, index) => (
              <OptionRow
                key={option.value}
                id={`${id}-option-${index}`}
                index={index}
                option={option}
                heading={option.group !== visible[index - 1]?.group ? option.group : undefined}
                active={index === active}
                selected={option.value === value}
                onHover={() => setActive(index)}
                onChoose={() => choose(option)}
              />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function OptionRow(props: {
  id: string;
  index: number;
  option: SelectOption;
  heading?: string;
  active: boolean;
  selected: boolean;
  onHover(): void;
  onChoose(): void;
}) {
  return (
    <>
      {props.heading && (
        <li
          role="presentation"
          className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase"
        >
          {props.heading}
        </li>
      )}
      <li
        id={props.id}
        data-index={props.index}
        role="option"
        aria-selected={props.selected}
        onPointerMove={props.onHover}
        onClick={props.onChoose}
        className={clsx(
          'flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm',
          props.active && 'bg-bg-hover',
          props.selected && 'font-semibold text-primary',
        )}
      >
        {props.option.label}
        {props.selected && <Icon name="check" size={16} />}
      </li>
    </>
  );
}
