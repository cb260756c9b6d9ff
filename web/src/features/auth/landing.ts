import { useCallback } from 'react';
import { matchRoutes } from 'react-router';
import { landingAddress } from '@backbeat/common';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useRouteTable } from '../../lib/route-table.ts';

/**
 * Admins land at /admin (spec §2) on sites that ship the admin area; where only a catch-all
 * or a dynamic route (a channel slug) would match, they land at / like everyone else.
 */
export function useLandingResolver() {
  const routes = useRouteTable();
  return useCallback(
    (address: '/admin' | '/') => {
      if (address === '/') return address;
      // The admin area's own route must match; its index page has no path of its own.
      const matches = matchRoutes(routes, address) ?? [];
      return matches.some((match) => match.route.path?.startsWith('admin')) ? address : '/';
    },
    [routes],
  );
}

/**
 * Guest-only screens (login, register, forgot password; spec 1 §1) send a signed-in user to
 * this address, their landing address; null for a guest.
 */
export function useSignedInLanding(): string | null {
  const user = useBootstrap((d) => d.user);
  const resolveLanding = useLandingResolver();
  return user ? resolveLanding(landingAddress({ user, guestPermissions: [] })) : null;
}
