import { useCallback } from 'react';
import { matchRoutes } from 'react-router';
import { appRoutes } from '../../app/routes.tsx';

/**
 * Admins land at /admin (spec §2) on sites that ship the admin area; where no route but the
 * catch-all would match, they land at / like everyone else.
 */
export function useLandingResolver() {
  return useCallback((address: '/admin' | '/') => {
    if (address === '/') return address;
    const matches = matchRoutes(appRoutes, address) ?? [];
    return matches.some((m) => m.route.path === '*') ? '/' : address;
  }, []);
}
