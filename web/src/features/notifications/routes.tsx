import type { RouteObject } from 'react-router';

/** Spec §2: `/notifications` and `/notifications/settings`, both for signed-in users. */
export const notificationRoutes: RouteObject[] = [
  {
    path: 'notifications',
    lazy: async () => ({
      Component: (await import('./notifications-page.tsx')).NotificationsPage,
    }),
  },
  {
    path: 'notifications/settings',
    lazy: async () => ({
      Component: (await import('./notification-settings-page.tsx')).NotificationSettingsPage,
    }),
  },
];
