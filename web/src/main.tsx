import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { addRoutesOnNavigation, appRoutes, routesPending } from './app/routes.tsx';
import { applyCustomCode } from './entities/appearance/custom-code.ts';
import { startAppearancePreview } from './entities/appearance/preview.ts';
import { getBootstrap } from './lib/bootstrap.ts';
import { loadConfiguredFont } from './lib/web-fonts.ts';
import { setKnownRoutes } from './entities/menus/known-routes.ts';
import { logClientError } from '@backbeat/common/contracts';
import { api } from './lib/api.ts';
import { installErrorReporter } from './lib/error-reporter.ts';
import { queryClient } from './lib/query-client.ts';
import { RouteTableContext } from './lib/route-table.ts';
import { recordVisitOncePerDay } from './lib/visit.ts';
import { startServiceWorker } from './lib/service-worker.ts';
import './styles.css';

installErrorReporter((report) => api(logClientError, report));
recordVisitOncePerDay();
// The site's font and the admin's custom CSS and HTML on every page (appearance editor,
// issue 14), before the first render: the page never shows the default font first, even
// while a lazily added route area is still loading (the root re-applies a changed font).
loadConfiguredFont(getBootstrap().settings.fonts);
applyCustomCode(getBootstrap().custom_code);
// Framed by the admin's appearance editor: follow its live changes (spec 1 §4).
startAppearancePreview();
// Installable app: the shell and downloaded music offline (issue 19).
startServiceWorker();

const router = createBrowserRouter(appRoutes, { patchRoutesOnNavigation: addRoutesOnNavigation });
setKnownRoutes(() => router.routes, routesPending);
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouteTableContext value={appRoutes}>
        <RouterProvider router={router} />
      </RouteTableContext>
    </QueryClientProvider>
  </StrictMode>,
);
