import type { MenuItem, Permission, User } from './types.ts';

export interface Viewer {
  user: User | null;
  /** Permissions of the guest role, used when nobody is logged in. */
  guestPermissions: Permission[];
}

function permissionsOf(viewer: Viewer): Permission[] {
  return viewer.user ? viewer.user.permissions : viewer.guestPermissions;
}

/** The permission named `admin` grants every permission (spec §6). */
export function hasPermission(viewer: Viewer, name: string): boolean {
  return permissionsOf(viewer).some((p) => p.name === name || p.name === 'admin');
}

export function hasRole(viewer: Viewer, roleId: number): boolean {
  return viewer.user?.roles.some((role) => role.id === roleId) ?? false;
}

/** Being subscribed means having at least one valid subscription. */
export function isSubscribed(user: User | null): boolean {
  return user?.subscriptions.some((s) => s.valid) ?? false;
}

/** A restriction caps a quantity: over quota means the count is at or above the value. */
export function isOverQuota(
  viewer: Viewer,
  permission: string,
  restriction: string,
  currentCount: number,
): boolean {
  const granted = permissionsOf(viewer).find((p) => p.name === permission);
  const value = granted?.restrictions.find((r) => r.name === restriction)?.value;
  if (value === null || value === undefined || value === '') return false;
  return currentCount >= Number(value);
}

/**
 * A menu item shows only if the viewer has all its roles and permissions, every setting
 * it names is on, and its subscription status matches (spec §6).
 */
export function isMenuItemVisible(
  item: MenuItem,
  viewer: Viewer,
  isSettingOn: (name: string) => boolean,
): boolean {
  if (item.roles?.length && !item.roles.every((id) => hasRole(viewer, id))) return false;
  if (item.permissions?.length && !item.permissions.every((p) => hasPermission(viewer, p))) {
    return false;
  }
  if (item.settings?.length && !item.settings.every(isSettingOn)) return false;
  if (item.subscriptionStatus) {
    const subscribed = viewer.user?.subscriptions.some((s) => s.active) ?? false;
    if ((item.subscriptionStatus === 'subscribed') !== subscribed) return false;
  }
  return true;
}

/** Replaces the `{currentUser}` placeholder of a menu action with the user's id. */
export function resolveMenuAction(action: string, user: User | null): string {
  return action.replaceAll('{currentUser}', user ? String(user.id) : '');
}

export type GuardDecision =
  { allow: true } | { allow: false; redirectTo: '/login' | '/pricing' | '/404' };

export interface GuardRequirements {
  requireLogin?: boolean;
  permission?: string;
  billingEnabled: boolean;
  /** Routes that need a subscription whatever the permissions, when billing is on. */
  requireSubscription?: boolean;
}

/**
 * The route guard of spec §2 (both documents), for every guarded route: login first (also
 * for a guest refused a permission on a route open to guests: signing in may grant it, where
 * a 404 would hide the page from a site that keeps its music for members); then,
 * on a billing site, a signed-in user without a subscription who would be refused (the
 * route's permission is missing, or the route needs a subscription) goes to /pricing, where
 * a plan can grant it; anyone else missing the permission gets /404. A free user who holds
 * the permission is let in: sending every free user to /pricing would leave a free plan
 * nothing to open, not even their account settings.
 */
export function decideRouteAccess(viewer: Viewer, req: GuardRequirements): GuardDecision {
  const requireLogin = req.requireLogin ?? true;
  if (requireLogin && !viewer.user) return { allow: false, redirectTo: '/login' };
  const missingPermission = req.permission !== undefined && !hasPermission(viewer, req.permission);
  const refused = missingPermission || Boolean(req.requireSubscription);
  if (req.billingEnabled && refused && viewer.user && !isSubscribed(viewer.user)) {
    return { allow: false, redirectTo: '/pricing' };
  }
  if (missingPermission) return { allow: false, redirectTo: viewer.user ? '/404' : '/login' };
  return { allow: true };
}

export type UserGate = 'verify-email' | 'suspended' | 'normal';

/** Which restricted-mode screen, if any, replaces routing for this user (spec §4). */
export function userGate(user: User | null, requireEmailConfirmation: boolean): UserGate {
  if (!user) return 'normal';
  if (requireEmailConfirmation && !user.email_verified_at) return 'verify-email';
  if (user.banned_at) return 'suspended';
  return 'normal';
}

/** Where a user lands after login (spec §2): admins at /admin, everyone else at /. */
export function landingAddress(viewer: Viewer): '/admin' | '/' {
  return viewer.user && hasPermission(viewer, 'admin.access') ? '/admin' : '/';
}

/**
 * Of the permission names someone would hand out (to a user, a role or a plan), those the
 * giver may not: a holder of `admin` may give anything; anyone else only what they hold
 * themselves or what every new account gets anyway (`everyoneGets`, the default roles'),
 * and never `admin`. Issue 35: staff with users.update or roles.update made themselves admins.
 */
export function permissionsBeyondGiver(
  giver: Pick<User, 'permissions'>,
  names: Iterable<string>,
  everyoneGets: Iterable<string> = [],
): string[] {
  const held = new Set(giver.permissions.map((p) => p.name));
  if (held.has('admin')) return [];
  for (const name of everyoneGets) if (name !== 'admin') held.add(name);
  return [...new Set(names)].filter((name) => !held.has(name));
}
