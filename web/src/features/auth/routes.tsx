import type { RouteObject } from 'react-router';
import { RouteErrorPage } from '../../entities/errors/error-pages.tsx';

/** Pages with their own full-screen layout (no sidebar or player). */
export const authPageRoutes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
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
    ],
  },
];

/** Account pages inside the app shell. */
export const accountRoutes: RouteObject[] = [
  {
    path: 'account-settings',
    lazy: async () => ({
      Component: (await import('../account/account-settings-page.tsx')).AccountSettingsPage,
    }),
  },
  {
    path: 'user/:userId/:slug?',
    lazy: async () => ({
      Component: (await import('../account/user-profile-page.tsx')).UserProfilePage,
    }),
  },
];
