import type { RouteObject } from 'react-router';

const page = (load: () => Promise<React.ComponentType>) => ({
  lazy: async () => ({ Component: await load() }),
});
const insightsPages = () => import('./insights-page.tsx');

/** Track, album and artist insights, relative to the area that mounts them. */
export const subjectInsightsRoutes: RouteObject[] = [
  { path: 'tracks/:id/insights', ...page(async () => (await insightsPages()).TrackInsightsPage) },
  { path: 'albums/:id/insights', ...page(async () => (await insightsPages()).AlbumInsightsPage) },
  { path: 'artists/:id/insights', ...page(async () => (await insightsPages()).ArtistInsightsPage) },
];

/** Admin insights (issue 12 content screens), mounted under `admin` (admin.access). */
export const adminInsightsRoutes: RouteObject[] = subjectInsightsRoutes;

/** The admin index: the dashboard with its report, plays and visitors views. */
export const adminDashboardRoute: RouteObject = {
  index: true,
  ...page(async () => (await import('./dashboard-page.tsx')).AdminDashboardPage),
};
