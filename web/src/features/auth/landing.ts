import { useCallback } from 'react';
import { matchRoutes } from 'react-router';
import { appRoutes } from '../../app/routes.tsx';

/**
 * Admins land at /admin (spec §2) on sites that ship the admin area; where only a catch-all
 * or a dynamic route (a channel slug) would match, they land at / like everyone else.
 */
export function useLandingResolver() {
  return useCallback((address: '/admin' | '/') => {
    if (address === '/') return address;
    const deepest = (matchRoutes(appRoutes, address) ?? []).at(-1);
    return deepest?.route.path?.startsWith('admin') ? address : '/';
  }, []);
}
