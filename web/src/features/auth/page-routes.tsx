import type { RouteObject } from 'react-router';

/**
 * Signing in, registering and resetting a password: pages with their own full-screen layout
 * (no sidebar or player). Their route table joins the app's on the first visit to one of them
 * (app/routes.tsx, LAZY_AREAS), not in the startup code a signed-in listener loads (issue 22).
 */
export const authPages: RouteObject[] = [
  {
    path: 'login',
    lazy: async () => ({ Component: (await import('./login-page.tsx')).LoginPage }),
  },
  {
    path: 'workspace/join/login',
    lazy: async () => ({ Component: (await import('./login-page.tsx')).LoginPage }),
  },
  {
    path: 'register',
    lazy: async () => ({ Component: (await import('./register-page.tsx')).RegisterPage }),
  },
  {
    path: 'workspace/join/register',
    lazy: async () => ({ Component: (await import('./register-page.tsx')).RegisterPage }),
  },
  {
    path: 'forgot-password',
    lazy: async () => ({
      Component: (await import('./forgot-password-page.tsx')).ForgotPasswordPage,
    }),
  },
  {
    path: 'password/reset/:token',
    lazy: async () => ({
      Component: (await import('./reset-password-page.tsx')).ResetPasswordPage,
    }),
  },
];
