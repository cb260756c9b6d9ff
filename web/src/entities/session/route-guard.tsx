import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigation } from 'react-router';
import { decideRouteAccess } from '@backbeat/common';
import { useBootstrap } from '../../lib/bootstrap.ts';

/**
 * Spec §2 route guard, run by every guarded route: not logged in goes to /login (with a way
 * back), refused while not subscribed on a billing site to /pricing, missing permission to
 * /404 (`decideRouteAccess`).
 */
export function RouteGuard({
  children,
  permission,
  requireLogin = true,
  requireSubscription = false,
}: {
  children: ReactNode;
  permission?: string;
  requireLogin?: boolean;
  requireSubscription?: boolean;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const user = useBootstrap((d) => d.user);
  const guestPermissions = useBootstrap((d) => d.guest_role?.permissions ?? []);
  const billingEnabled = useBootstrap((d) => d.settings.billing.enable);
  const decision = decideRouteAccess(
    { user, guestPermissions },
    { permission, requireLogin, requireSubscription, billingEnabled },
  );
  if (decision.allow) return children;
  // Already leaving (say, home after deleting the account): do not redirect over that navigation.
  if (navigation.state !== 'idle') return null;
  // A page already left but not yet unmounted (the router commits in a transition; logging out
  // from the admin layout) must not redirect from where the user no longer is.
  if (window.location.pathname !== location.pathname) return null;
  const back = `${location.pathname}${location.search}`;
  const to =
    decision.redirectTo === '/login'
      ? `/login?redirect=${encodeURIComponent(back)}`
      : decision.redirectTo;
  return <Navigate to={to} replace />;
}
