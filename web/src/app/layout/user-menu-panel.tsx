import { Link } from 'react-router';
import { hasPermission, isSubscribed, slugify, type User } from '@backbeat/common';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useLogout } from '../../features/auth/session-queries.ts';
import { useTrans } from '../../lib/translator.ts';
import { Icon } from '../../ui/icons.tsx';
import { WorkspaceSwitcher } from '../../features/workspaces/workspace-switcher.tsx';

/** The account menu's items, loaded when the menu is about to open (issue 22). */
export function UserMenuPanel({ user, close }: { user: User; close: () => void }) {
  const trans = useTrans();
  const logout = useLogout();
  // Spec §6: the billing entry shows only to subscribers (and only on a billing site).
  const showBilling = useBootstrap((d) => d.settings.billing.enable) && isSubscribed(user);

  return (
    <div
      role="menu"
      className="absolute right-0 z-50 mt-2 w-64 overflow-hidden rounded-xl border border-border bg-bg-elevated shadow-xl"
    >
      <div className="border-b border-border px-4 py-3">
        <p className="truncate text-sm font-semibold text-fg">{user.name}</p>
        <p className="truncate text-xs text-fg-muted">{user.email}</p>
      </div>
      <WorkspaceSwitcher onDone={close} />
      <Link
        role="menuitem"
        to={`/user/${user.id}/${slugify(user.name)}`}
        onClick={close}
        className="flex w-full items-center gap-3 px-4 py-3 text-sm text-fg hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:outline-none"
      >
        <Icon name="person" size={20} className="text-fg-muted" />
        {trans('Profile')}
      </Link>
      <Link
        role="menuitem"
        to="/account-settings"
        autoFocus
        onClick={close}
        className="flex w-full items-center gap-3 px-4 py-3 text-sm text-fg hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:outline-none"
      >
        <Icon name="dashboard" size={20} className="text-fg-muted" />
        {trans('Account settings')}
      </Link>
      {hasPermission({ user, guestPermissions: [] }, 'admin.access') && (
        <Link
          role="menuitem"
          to="/admin"
          onClick={close}
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
          onClick={close}
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
  );
}
