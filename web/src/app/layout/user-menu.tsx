import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { hasPermission, isSubscribed, slugify, type User } from '@backbeat/common';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useLogout } from '../../features/auth/session-queries.ts';
import { useTrans } from '../../lib/translator.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Icon } from '../../ui/icons.tsx';
import { WorkspaceSwitcher } from '../../features/workspaces/workspace-switcher.tsx';

export function UserMenu({ user }: { user: User }) {
  const trans = useTrans();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  // Spec §6: the billing entry shows only to subscribers (and only on a billing site).
  const showBilling = useBootstrap((d) => d.settings.billing.enable) && isSubscribed(user);

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
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
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
        <div
          role="menu"
          className="absolute right-0 z-50 mt-2 w-64 overflow-hidden rounded-xl border border-border bg-bg-elevated shadow-xl"
        >
          <div className="border-b border-border px-4 py-3">
            <p className="truncate text-sm font-semibold text-fg">{user.name}</p>
            <p className="truncate text-xs text-fg-muted">{user.email}</p>
          </div>
          <WorkspaceSwitcher onDone={() => setOpen(false)} />
          <Link
            role="menuitem"
            to={`/user/${user.id}/${slugify(user.name)}`}
            onClick={() => setOpen(false)}
            className="flex w-full items-center gap-3 px-4 py-3 text-sm text-fg hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:outline-none"
          >
            <Icon name="person" size={20} className="text-fg-muted" />
            {trans('Profile')}
          </Link>
          <Link
            role="menuitem"
            to="/account-settings"
            autoFocus
            onClick={() => setOpen(false)}
            className="flex w-full items-center gap-3 px-4 py-3 text-sm text-fg hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:outline-none"
          >
            <Icon name="dashboard" size={20} className="text-fg-muted" />
            {trans('Account settings')}
          </Link>
          {hasPermission({ user, guestPermissions: [] }, 'admin.access') && (
            <Link
              role="menuitem"
              to="/admin"
              onClick={() => setOpen(false)}
              className="flex w-full items-center gap-3 px-4 py-3 text-sm text-fg hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:outline-none"
            >
              <Icon name="settings" size={20} className="text-fg-muted" />
              {trans('Admin area')}
            </Link>
          )}
          {showBilling && (
            <Link
              role="menuitem"
              to="/billing"
              onClick={() => setOpen(false)}
              className="flex w-full items-center gap-3 px-4 py-3 text-sm text-fg hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:outline-none"
            >
              <Icon name="lock" size={20} className="text-fg-muted" />
              {trans('Billing')}
            </Link>
          )}
          <button
            type="button"
            role="menuitem"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
            className="flex w-full items-center gap-3 px-4 py-3 text-left text-sm text-fg hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:outline-none"
          >
            <Icon name="logout" size={20} className="text-fg-muted" />
            {trans('Log out')}
          </button>
        </div>
      )}
    </div>
  );
}
