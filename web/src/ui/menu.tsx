import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react-dom';
import clsx from 'clsx';
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FLOATING_VIEWPORT_PADDING } from '@backbeat/common';
import { Icon, type IconName } from './icons.tsx';

export type MenuEntry =
  | { id: string; label: string; icon?: IconName; onSelect: () => void; disabled?: boolean }
  | { id: string; separator: true };

/** Where a menu opens: under a button, or at the pointer for a right-click. */
export type MenuAnchor = { element: Element } | { x: number; y: number };

/**
 * An accessible popup menu: arrow keys, Home/End, type-ahead by first letter, Escape and
 * outside clicks close it, and focus goes back to where it came from.
 */
export function Menu({
  anchor,
  entries,
  label,
  onClose,
  header,
}: {
  anchor: MenuAnchor;
  entries: MenuEntry[];
  label: string;
  onClose: () => void;
  header?: ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<Element | null>(document.activeElement);
  const { refs, floatingStyles } = useFloating({
    placement: 'bottom-start',
    middleware: [offset(4), flip(), shift({ padding: FLOATING_VIEWPORT_PADDING })],
    whileElementsMounted: autoUpdate,
  });

  useEffect(() => {
    if ('element' in anchor) refs.setReference(anchor.element);
    else {
      const { x, y } = anchor;
      refs.setReference({
        getBoundingClientRect: () => ({
          x,
          y,
          left: x,
          top: y,
          right: x,
          bottom: y,
          width: 0,
          height: 0,
        }),
      });
    }
  }, [anchor, refs]);

  useEffect(() => {
    const items = () => [
      ...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []),
    ];
    items()[0]?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!list.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointer, true);
    const previous = returnFocus.current;
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, [onClose]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const items = [
      ...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []),
    ];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') focus(at + 1);
    else if (e.key === 'ArrowUp') focus(at - 1);
    else if (e.key === 'Home') focus(0);
    else if (e.key === 'End') focus(items.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') onClose();
    else if (e.key.length === 1 && /\S/.test(e.key)) {
      const match = items.findIndex(
        (item, i) => i > at && item.textContent?.toLowerCase().startsWith(e.key.toLowerCase()),
      );
      focus(
        match === -1
          ? items.findIndex((item) =>
              item.textContent?.toLowerCase().startsWith(e.key.toLowerCase()),
            )
          : match,
      );
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return createPortal(
    <div
      ref={(node) => {
        list.current = node;
        refs.setFloating(node);
      }}
      role="menu"
      aria-label={label}
      style={floatingStyles}
      onKeyDown={onKeyDown}
      className="z-[60] w-60 overflow-hidden rounded-xl border border-border bg-bg-elevated py-1.5 shadow-2xl"
    >
      {header}
      {entries.map((entry) =>
        'separator' in entry ? (
          <div key={entry.id} role="separator" className="my-1.5 h-px bg-border" />
        ) : (
          <button
            key={entry.id}
            type="button"
            role="menuitem"
            disabled={entry.disabled}
            onClick={() => {
              onClose();
              entry.onSelect();
            }}
            className={clsx(
              'flex w-full items-center gap-3 px-4 py-2 text-left text-sm text-fg',
              'hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:outline-none disabled:opacity-50',
            )}
          >
            {entry.icon && <Icon name={entry.icon} size={18} className="text-fg-muted" />}
            {entry.label}
          </button>
        ),
      )}
    </div>,
    document.body,
  );
}
