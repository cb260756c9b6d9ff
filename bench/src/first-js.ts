// JavaScript fetched before the home page shows (issue 22: ≤ 150 KB gzip logged in), counted
// in Chromium from the built web app's files, gzip level 9.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT } from './server-process.ts';

const WEB_DIST = resolve(ROOT, process.env.WEB_DIST_PATH ?? 'web/dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type HomeJavaScript = Record<'guest' | 'user', { files: number; gzipBytes: number }>;

/**
 * Gzip bytes of the JavaScript fetched until the home page shows: for a first-time guest, and
 * for a listener already logged in (`cookie`), whose home shows more (account menu, playlists).
 */
export async function homeJavaScript(url: string, cookie: string): Promise<HomeJavaScript> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const measure = async (cookies: { name: string; value: string }[]) => {
    const context = await browser.newContext();
    await context.addCookies(cookies.map((c) => ({ ...c, url })));
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(url);
    await page.getByRole('heading', { name: 'Popular tracks' }).waitFor({ timeout: 30_000 });
    let gzipBytes = 0;
    for (const path of scripts) {
      gzipBytes += gzipSync(readFileSync(join(WEB_DIST, path)), { level: 9 }).length;
    }
    await context.close();
    return { files: scripts.size, gzipBytes };
  };
  try {
    const jar = cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    });
    return { guest: await measure([]), user: await measure(jar) };
  } finally {
    await browser.close();
  }
}
