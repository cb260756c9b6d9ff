import { lazy } from 'react';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { HomeChannelPage } from '../catalog/pages/channel-page.tsx';

const LoginPage = lazy(() => import('../auth/login-page.tsx'));
const RegisterPage = lazy(() => import('../auth/register-page.tsx'));
const LandingPage = lazy(async () => ({
  default: (await import('../landing/landing-page.tsx')).LandingPage,
}));

/**
 * Spec §2: the site's homepage is the home channel, or for guests the login page (a private
 * site), the registration page or the landing page.
 */
export function Homepage() {
  const type = useBootstrap((d) => d.settings.homepage.type);
  const user = useBootstrap((d) => d.user);
  if (type === 'login' && !user) return <LoginPage />;
  if (type === 'register' && !user) return <RegisterPage />;
  if (type === 'landing' && !user) return <LandingPage />;
  return <HomeChannelPage />;
}
