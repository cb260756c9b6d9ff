import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Icon } from '../../ui/icons.tsx';
import { useRealtime } from './realtime.ts';

/** The panel and its list, fetched when a pointer or focus nears the bell (issue 22). */
const loadPanel = () => import('./bell-panel.tsx');
const BellPanel = lazy(async () => ({ default: (await loadPanel()).BellPanel }));
const preloadPanel = () => void loadPanel();

/** Navbar bell: the unread count, kept live, and a panel with the latest notifications. */
export function NotificationBell() {
  const trans = useTrans();
  const user = useCurrentUser();
  const count = user?.unread_notifications_count ?? 0;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useRealtime(user?.id ?? null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node) && !(e.target as Element).closest?.('dialog'))
        setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const shownCount = count > 99 ? '99+' : String(count);
  // The badge's text is part of the name, outside parentheses (which axe's label check skips).
  const label =
    count > 0
      ? trans('Notifications: :count unread', { count: shownCount })
      : trans('Notifications');
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        className="relative inline-flex size-10 items-center justify-center rounded-full text-fg-muted hover:bg-bg-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Icon name="notifications" size={24} />
        {count > 0 && (
          <span
            data-testid="unread-count"
            aria-hidden="true"
            className="absolute top-1 right-1 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none font-bold text-on-primary"
          >
            {shownCount}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <BellPanel close={() => setOpen(false)} hasUnread={count > 0} />
        </Suspense>
      )}
    </div>
  );
}
