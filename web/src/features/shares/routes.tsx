import type { RouteObject } from 'react-router';

/** A share link's page is public: anyone with the link, whatever their role (issue 38). */
export const shareRoutes: RouteObject[] = [
  {
    path: 'share/:token',
    lazy: async () => ({ Component: (await import('./share-page.tsx')).SharePage }),
  },
];
