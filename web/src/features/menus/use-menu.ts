import { useMemo } from 'react';
import {
  isMenuItemVisible,
  resolveMenuAction,
  type MenuItem,
  type MenuPosition,
  type PublicSettings,
} from '@backbeat/common';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { isKnownRoute } from './known-routes.ts';

/** Reads a dotted setting name ("billing.enable") from the public settings. */
export function settingValue(settings: PublicSettings, name: string): unknown {
  let value: unknown = settings;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The items of the first menu at a position that this viewer may see (spec §6) and that lead
 * somewhere.
 */
export function useMenu(position: MenuPosition): { name: string; items: MenuItem[] } | null {
  const menus = useBootstrap((d) => d.menus);
  const user = useBootstrap((d) => d.user);
  const guestPermissions = useBootstrap((d) => d.guest_role?.permissions);
  const settings = useBootstrap((d) => d.settings);

  return useMemo(() => {
    const menu = menus.find((m) => m.positions.includes(position));
    if (!menu) return null;
    const viewer = { user, guestPermissions: guestPermissions ?? [] };
    const items = menu.items
      .filter((item) =>
        isMenuItemVisible(item, viewer, (name) => Boolean(settingValue(settings, name))),
      )
      .map((item) => ({ ...item, action: resolveMenuAction(item.action, user) }))
      // An internal link to a page the app does not have yet would lead to "not found".
      .filter((item) => item.type !== 'route' || isKnownRoute(item.action));
    return { name: menu.name, items };
  }, [menus, position, user, guestPermissions, settings]);
}
