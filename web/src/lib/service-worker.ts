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
 * Registers the worker after the page has loaded, in a built app opened at the top level (an
 * embed framed by another site, or the appearance editor's preview, does not install one).
 */
export function startServiceWorker(): void {
  if (!serviceWorkerSupported() || !import.meta.env.PROD || window.top !== window) return;
  const start = () =>
    void registerServiceWorker().catch((error: unknown) =>
      console.warn('The service worker did not install.', error),
    );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
