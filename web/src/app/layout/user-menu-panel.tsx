import { autoUpdate, offset, shift, useFloating } from '@floating-ui/react-dom';
import { Link } from 'react-router';
import {
  FLOATING_VIEWPORT_PADDING,
  hasPermission,
  isSubscribed,
  slugify,
  type User,
} from '@backbeat/common';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useLogout } from '../../features/auth/session-queries.ts';
import { useTrans } from '../../lib/translator.ts';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { WorkspaceSwitcher } from '../../features/workspaces/workspace-switcher.tsx';

/**
 * The account menu's items, loaded when the menu is about to open (issue 22). Placed under
 * its button like the other menus (ui/menu.tsx): kept FLOATING_VIEWPORT_PADDING from the
 * viewport's edges, which the navbar's own padding (12 px on a phone) was not.
 */
export function UserMenuPanel({
  user,
  anchor,
  close,
}: {
  user: User;
  anchor: HTMLElement | null;
  close: () => void;
}) {
  const trans = useTrans();
  const { refs, floatingStyles } = useFloating({
    placement: 'bottom-end',
    elements: { reference: anchor },
    middleware: [offset(8), shift({ padding: FLOATING_VIEWPORT_PADDING })],
    whileElementsMounted: autoUpdate,
  });
  const logout = useLogout();
  // Spec §6: the billing entry shows only to subscribers (and only on a billing site).
  const showBilling = useBootstrap((d) => d.settings.billing.enable) && isSubscribed(user);

  return (
    <div
      ref={refs.setFloating}
      role="menu"
      style={floatingStyles}
      className="z-50 w-64 overflow-hidden rounded-xl border border-border bg-bg-elevated shadow-xl"
    >
      <div className="border-b border-border px-4 py-3">
        <p className="truncate text-sm font-semibold text-fg">{user.name}</p>
        <p className="truncate text-xs text-fg-muted">{user.email}</p>
      </div>
      <WorkspaceSwitcher onDone={close} />
      <MenuLink to={`/user/${user.id}/${slugify(user.name)}`} icon="person" onClick={close}>
        {trans('Profile')}
      </MenuLink>
      <MenuLink to="/account-settings" icon="dashboard" onClick={close} autoFocus>
        {trans('Account settings')}
      </MenuLink>
      {hasPermission({ user, guestPermissions: [] }, 'music.create') ? (
        <MenuLink to="/backstage/upload" icon="mic" onClick={close}>
          {trans('Backstage')}
        </MenuLink>
      ) : (
        hasPermission({ user, guestPermissions: [] }, 'backstageRequests.create') && (
          <MenuLink to="/backstage/requests/become-artist" icon="mic" onClick={close}>
            {trans('Become an artist')}
          </MenuLink>
        )
      )}
      {hasPermission({ user, guestPermissions: [] }, 'admin.access') && (
        <MenuLink to="/admin" icon="settings" onClick={close}>
          {trans('Admin area')}
        </MenuLink>
      )}
      {showBilling && (
        <MenuLink to="/billing" icon="lock" onClick={close}>
          {trans('Billing')}
        </MenuLink>
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

const ITEM_CLASS =
  'flex w-full items-center gap-3 px-4 py-3 text-sm text-fg hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:outline-none';

/** One link of the menu: its icon, its label, and the menu closing behind it. */
function MenuLink({
  to,
  icon,
  onClick,
  autoFocus,
  children,
}: {
  to: string;
  icon: IconName;
  onClick: () => void;
  autoFocus?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Link role="menuitem" to={to} autoFocus={autoFocus} onClick={onClick} className={ITEM_CLASS}>
      <Icon name={icon} size={20} className="text-fg-muted" />
      {children}
    </Link>
  );
}
