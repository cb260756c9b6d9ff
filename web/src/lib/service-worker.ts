import { whenPageSettled } from './when-page-settled.ts';

/**
 * The site's one service worker (web/public/sw.js): push notifications, the app shell offline
 * and downloaded music. Its imported build list is checked on every update, not from the
 * HTTP cache, so a new build's worker installs at once.
 */
export const SERVICE_WORKER = '/sw.js';

export const serviceWorkerSupported = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(SERVICE_WORKER, { updateViaCache: 'none' });
}

/**
 * Registers the worker once the page has settled, in a built app opened at the top level (an
 * embed framed by another site, or the appearance editor's preview, does not install one).
 * Its first install fetches the whole build: traced in Chromium, that load begun at the
 * page's `load` event held a quick first Play's track back by 100-400 ms, and begun at the
 * first click it held a gapless album's decoding back as long (issue 22). So not before the
 * page is quiet, whatever the listener clicks.
 */
export function startServiceWorker(): void {
  if (!serviceWorkerSupported() || !import.meta.env.PROD || window.top !== window) return;
  whenPageSettled(
    () =>
      void registerServiceWorker().catch((error: unknown) =>
        console.warn('The service worker did not install.', error),
      ),
    { atFirstInput: false },
  );
}
