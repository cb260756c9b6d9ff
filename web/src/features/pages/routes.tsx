import type { RouteObject } from 'react-router';
import { RouteGuard } from '../../entities/session/route-guard.tsx';

const page = (load: () => Promise<React.ComponentType>) => ({
  lazy: async () => ({ Component: await load() }),
});

/** Custom pages, the contact form and the API reference (spec 2 §2), each loaded on demand. */
export const sitePageRoutes: RouteObject[] = [
  { path: 'pages/:pageSlug', ...page(async () => (await import('./custom-page.tsx')).CustomPage) },
  {
    path: 'pages/:pageId/:pageSlug',
    ...page(async () => (await import('./custom-page.tsx')).CustomPage),
  },
  { path: 'contact', ...page(async () => (await import('./contact-page.tsx')).ContactPage) },
  {
    path: 'api-docs',
    lazy: async () => {
      const { ApiDocsPage } = await import('./api-docs-page.tsx');
      return {
        Component: () => (
          <RouteGuard permission="api.access" requireLogin={false}>
            <ApiDocsPage />
          </RouteGuard>
        ),
      };
    },
  },
];
