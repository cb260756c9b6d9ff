import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { config as configureZod } from 'zod';
import { appRoutes } from './app/routes.tsx';
import { setKnownRoutes } from './features/menus/known-routes.ts';
import { errorReporterConfig, installErrorReporter } from './lib/error-reporter.ts';
import { http } from './lib/http.ts';
import { queryClient } from './lib/query-client.ts';
import './styles.css';

// Zod probes for eval with `new Function` before compiling fast parsers; the page's CSP
// forbids eval, so the probe only fills the console with a CSP violation report.
configureZod({ jitless: true });
installErrorReporter((report) => http.post(errorReporterConfig.endpoint, report));
setKnownRoutes(appRoutes);

const router = createBrowserRouter(appRoutes);
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
