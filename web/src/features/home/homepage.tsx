import { lazy } from 'react';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { HomePage } from './home-page.tsx';

const LoginPage = lazy(() => import('../auth/login-page.tsx'));

/**
 * Spec §2: the site's homepage can be the login page for guests (a private site); the
 * landing and registration variants arrive with the landing page and registration.
 */
export function Homepage() {
  const type = useBootstrap((d) => d.settings.homepage.type);
  const user = useBootstrap((d) => d.user);
  if (type === 'login' && !user) return <LoginPage />;
  return <HomePage />;
}
