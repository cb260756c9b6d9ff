import { describe, expect, it } from 'vitest';
import {
  decideRouteAccess,
  hasPermission,
  isMenuItemVisible,
  isOverQuota,
  resolveMenuAction,
  userGate,
  type Viewer,
} from './access.ts';
import type { MenuItem, Permission, User } from './types.ts';

function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 42,
    name: 'Ada',
    first_name: null,
    last_name: null,
    image: null,
    email: 'ada@backbeat.test',
    email_verified_at: '2024-01-01T00:00:00.000Z',
    banned_at: null,
    language: null,
    country: null,
    timezone: 'UTC',
    unread_notifications_count: 0,
    roles: [{ id: 2, name: 'users' }],
    permissions: [],
    subscriptions: [],
    two_factor_confirmed_at: null,
    two_factor_state: 0,
    has_password: true,
    social_profiles: [],
    created_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const grant = (name: string, restrictions: Permission['restrictions'] = []): Permission => ({
  name,
  restrictions,
});
const userViewer = (overrides: Partial<User> = {}): Viewer => ({
  user: makeUser(overrides),
  guestPermissions: [grant('music.play')],
});
const guestViewer = (permissions: Permission[] = []): Viewer => ({
  user: null,
  guestPermissions: permissions,
});

describe('hasPermission', () => {
  it('checks the user’s own permissions when logged in, ignoring the guest role', () => {
    const viewer = userViewer({ permissions: [grant('playlists.create')] });
    expect(hasPermission(viewer, 'playlists.create')).toBe(true);
    expect(hasPermission(viewer, 'music.play')).toBe(false);
  });

  it('checks the guest role’s permissions when nobody is logged in', () => {
    expect(hasPermission(guestViewer([grant('music.view')]), 'music.view')).toBe(true);
    expect(hasPermission(guestViewer([grant('music.view')]), 'music.play')).toBe(false);
  });

  it('lets the admin permission grant every permission', () => {
    const admin = userViewer({ permissions: [grant('admin')] });
    expect(hasPermission(admin, 'logs.view')).toBe(true);
    expect(hasPermission(admin, 'anything.at.all')).toBe(true);
  });
});

describe('isOverQuota', () => {
  const viewer = userViewer({
    permissions: [
      grant('playlists.create', [{ name: 'count', value: 3 }]),
      grant('music.create', [{ name: 'count', value: null }]),
    ],
  });

  it('is over quota at and above the restriction value, not below', () => {
    expect(isOverQuota(viewer, 'playlists.create', 'count', 2)).toBe(false);
    expect(isOverQuota(viewer, 'playlists.create', 'count', 3)).toBe(true);
    expect(isOverQuota(viewer, 'playlists.create', 'count', 4)).toBe(true);
  });

  it('treats a restriction given as a string like its number', () => {
    const stringy = userViewer({
      permissions: [grant('music.create', [{ name: 'count', value: '5' }])],
    });
    expect(isOverQuota(stringy, 'music.create', 'count', 4)).toBe(false);
    expect(isOverQuota(stringy, 'music.create', 'count', 5)).toBe(true);
  });

  it('never caps an empty value, a missing restriction or a missing permission', () => {
    expect(isOverQuota(viewer, 'music.create', 'count', 10_000)).toBe(false);
    expect(isOverQuota(viewer, 'playlists.create', 'size', 10_000)).toBe(false);
    expect(isOverQuota(viewer, 'comments.create', 'count', 10_000)).toBe(false);
    const blank = userViewer({
      permissions: [grant('music.create', [{ name: 'count', value: '' }])],
    });
    expect(isOverQuota(blank, 'music.create', 'count', 10_000)).toBe(false);
  });
});

describe('isMenuItemVisible', () => {
  const item = (extra: Partial<MenuItem> = {}): MenuItem => ({
    id: 'i',
    type: 'route',
    label: 'Item',
    action: '/x',
    ...extra,
  });
  const settingsOn =
    (...on: string[]) =>
    (name: string) =>
      on.includes(name);

  it('shows an item without conditions to everyone', () => {
    expect(isMenuItemVisible(item(), guestViewer(), settingsOn())).toBe(true);
  });

  it('requires every listed role', () => {
    const twoRoles = item({ roles: [2, 5] });
    const withBoth = userViewer({
      roles: [
        { id: 2, name: 'users' },
        { id: 5, name: 'artists' },
      ],
    });
    expect(isMenuItemVisible(twoRoles, withBoth, settingsOn())).toBe(true);
    expect(isMenuItemVisible(twoRoles, userViewer(), settingsOn())).toBe(false);
    expect(isMenuItemVisible(twoRoles, guestViewer(), settingsOn())).toBe(false);
  });

  it('requires every listed permission, with admin granting all', () => {
    const adminItem = item({ permissions: ['admin.access', 'logs.view'] });
    const partial = userViewer({ permissions: [grant('admin.access')] });
    expect(isMenuItemVisible(adminItem, partial, settingsOn())).toBe(false);
    const admin = userViewer({ permissions: [grant('admin')] });
    expect(isMenuItemVisible(adminItem, admin, settingsOn())).toBe(true);
  });

  it('requires every listed setting to be on', () => {
    const billing = item({ settings: ['billing.enable', 'i18n.enable'] });
    expect(isMenuItemVisible(billing, guestViewer(), settingsOn('billing.enable'))).toBe(false);
    expect(
      isMenuItemVisible(billing, guestViewer(), settingsOn('billing.enable', 'i18n.enable')),
    ).toBe(true);
  });

  it('matches the subscription status against active subscriptions', () => {
    const subscribedOnly = item({ subscriptionStatus: 'subscribed' });
    const notSubscribedOnly = item({ subscriptionStatus: 'notSubscribed' });
    const subscriber = userViewer({ subscriptions: [{ id: 1, valid: true, active: true }] });
    const lapsed = userViewer({ subscriptions: [{ id: 1, valid: true, active: false }] });
    expect(isMenuItemVisible(subscribedOnly, subscriber, settingsOn())).toBe(true);
    expect(isMenuItemVisible(subscribedOnly, lapsed, settingsOn())).toBe(false);
    expect(isMenuItemVisible(notSubscribedOnly, lapsed, settingsOn())).toBe(true);
    expect(isMenuItemVisible(notSubscribedOnly, guestViewer(), settingsOn())).toBe(true);
    expect(isMenuItemVisible(notSubscribedOnly, subscriber, settingsOn())).toBe(false);
  });
});

describe('resolveMenuAction', () => {
  it('puts the user id in place of every {currentUser}', () => {
    expect(resolveMenuAction('/user/{currentUser}', makeUser({ id: 7 }))).toBe('/user/7');
    expect(resolveMenuAction('/u/{currentUser}/p/{currentUser}', makeUser({ id: 7 }))).toBe(
      '/u/7/p/7',
    );
  });

  it('leaves the placeholder empty for a guest and other actions alone', () => {
    expect(resolveMenuAction('/user/{currentUser}', null)).toBe('/user/');
    expect(resolveMenuAction('/library', makeUser())).toBe('/library');
  });
});

describe('decideRouteAccess', () => {
  it('sends a guest to login first, before any other check', () => {
    const decision = decideRouteAccess(guestViewer(), {
      permission: 'admin.access',
      billingEnabled: true,
      requireSubscription: true,
    });
    expect(decision).toEqual({ allow: false, redirectTo: '/login' });
  });

  it('sends an unsubscribed user to pricing before checking permissions', () => {
    const decision = decideRouteAccess(userViewer(), {
      permission: 'admin.access',
      billingEnabled: true,
      requireSubscription: true,
    });
    expect(decision).toEqual({ allow: false, redirectTo: '/pricing' });
  });

  it('ignores the subscription requirement while billing is off', () => {
    const decision = decideRouteAccess(userViewer(), {
      billingEnabled: false,
      requireSubscription: true,
    });
    expect(decision).toEqual({ allow: true });
  });

  it('answers 404 for a missing permission', () => {
    const subscriber = userViewer({ subscriptions: [{ id: 1, valid: true, active: true }] });
    const decision = decideRouteAccess(subscriber, {
      permission: 'admin.access',
      billingEnabled: true,
      requireSubscription: true,
    });
    expect(decision).toEqual({ allow: false, redirectTo: '/404' });
  });

  it('sends a free user refused a permission to pricing on a billing site, without opting in', () => {
    expect(
      decideRouteAccess(userViewer(), { permission: 'music.view', billingEnabled: true }),
    ).toEqual({ allow: false, redirectTo: '/pricing' });
    // Billing off: the same refusal is a plain 404.
    expect(
      decideRouteAccess(userViewer(), { permission: 'music.view', billingEnabled: false }),
    ).toEqual({ allow: false, redirectTo: '/404' });
  });

  it('lets a free user into a guarded route whose permission they hold', () => {
    const listener = userViewer({ permissions: [grant('music.view')] });
    expect(decideRouteAccess(listener, { permission: 'music.view', billingEnabled: true })).toEqual(
      { allow: true },
    );
    expect(decideRouteAccess(listener, { billingEnabled: true })).toEqual({ allow: true });
  });

  it('lets a guest into routes that do not require login when the guest role allows', () => {
    const guest = guestViewer([grant('music.view')]);
    expect(
      decideRouteAccess(guest, {
        requireLogin: false,
        permission: 'music.view',
        billingEnabled: false,
      }),
    ).toEqual({
      allow: true,
    });
    expect(
      decideRouteAccess(guest, {
        requireLogin: false,
        permission: 'music.play',
        billingEnabled: false,
      }),
    ).toEqual({
      allow: false,
      redirectTo: '/login',
    });
  });

  it('sends a guest refused a permission to login, on a billing site too (issue 36.6)', () => {
    for (const billingEnabled of [false, true]) {
      expect(
        decideRouteAccess(guestViewer(), {
          requireLogin: false,
          permission: 'music.view',
          billingEnabled,
        }),
      ).toEqual({ allow: false, redirectTo: '/login' });
    }
  });
});

describe('userGate', () => {
  it('lets guests route normally', () => {
    expect(userGate(null, true)).toBe('normal');
  });

  it('asks for email verification only when the site requires it', () => {
    const unverified = makeUser({ email_verified_at: null });
    expect(userGate(unverified, true)).toBe('verify-email');
    expect(userGate(unverified, false)).toBe('normal');
  });

  it('shows the suspended screen to a banned user', () => {
    expect(userGate(makeUser({ banned_at: '2024-02-01T00:00:00.000Z' }), true)).toBe('suspended');
  });

  it('checks verification before the ban', () => {
    const both = makeUser({ email_verified_at: null, banned_at: '2024-02-01T00:00:00.000Z' });
    expect(userGate(both, true)).toBe('verify-email');
  });

  it('routes a verified, unbanned user normally', () => {
    expect(userGate(makeUser(), true)).toBe('normal');
  });
});
