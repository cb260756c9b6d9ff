import { useCallback } from 'react';
import { matchRoutes } from 'react-router';
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
