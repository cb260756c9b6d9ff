import type { RouteObject } from 'react-router';

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
