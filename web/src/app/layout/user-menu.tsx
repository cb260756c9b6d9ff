import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { User } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { Avatar } from '../../ui/avatar.tsx';

/** The menu's items (workspaces, links, log out): fetched when a pointer or focus nears it. */
const loadPanel = () => import('./user-menu-panel.tsx');
const UserMenuPanel = lazy(async () => ({ default: (await loadPanel()).UserMenuPanel }));
const preloadPanel = () => void loadPanel();

export function UserMenu({ user }: { user: User }) {
  const trans = useTrans();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const [button, setButton] = useState<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={setButton}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        className="flex items-center gap-2 rounded-full p-1 hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary"
      >
        {/* Named by its text (the user's name, then "Account menu" for screen readers), so
            the name a voice-control user reads out is the one they hear. */}
        <Avatar name={user.name} image={user.image} id={user.id} />
        <span className="sr-only text-sm font-medium text-fg md:not-sr-only md:max-w-40 md:truncate md:pr-2">
          {user.name}
        </span>
        <span className="sr-only">{trans('Account menu')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <UserMenuPanel user={user} anchor={button} close={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
