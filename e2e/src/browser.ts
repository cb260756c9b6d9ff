import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the background traffic this closed network refuses. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it: apt-get install -y chromium`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Playback starts from clicks, but a restored queue or a radio may start on its own.
      '--autoplay-policy=no-user-gesture-required',
      ...extraArgs,
    ],
  });
}

/** A page that records console errors and uncaught exceptions, for "no errors" checks. */
export async function newPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  // Fail with the locator that did not appear rather than at the test's own time-out.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Logs in through the API (the shared cookie jar of the context), as DESIGN §6 asks. */
export async function loginThroughApi(
  context: BrowserContext,
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<void> {
  await context.request.get(`${baseUrl}/`);
  const xsrf = (await context.cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await context.request.post(`${baseUrl}/auth/login`, {
    headers: { 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' },
    data: { ...credentials, remember: true },
  });
  if (!response.ok())
    throw new Error(`Login failed: ${response.status()} ${await response.text()}`);
}

/**
 * Resolves once any of the page's realtime sockets says it is subscribed (`ready`); call it
 * before the page opens one. Every socket is watched, not only the first: a tab that signs in
 * may open one and then another, and the first may never be the one that gets ready (the
 * reverse-proxy journey once waited 30 s on a first socket that never did).
 */
export function realtimeReady(page: Page, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No realtime socket of the page was ready within ${timeoutMs} ms`)),
      timeoutMs,
    );
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/api/v1/realtime')) return;
      socket.on('framereceived', (frame) => {
        if (!String(frame.payload).includes('"ready"')) return;
        clearTimeout(timer);
        resolve();
      });
    });
  });
}
