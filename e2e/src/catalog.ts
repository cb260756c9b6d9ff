import type { BrowserContext } from 'playwright-core';
import type { TestServer } from './server.ts';
import { seedSmallCatalog } from '../../server/test/helpers/catalog.ts';

/**
 * A small demo catalog with short tracks (8–12 s of real synthesised audio, rendered on first
 * play), so playback, endings and radio are quick to exercise.
 */
export async function seedCatalog(server: TestServer) {
  return seedSmallCatalog(server.app, { artists: 4, tracks: 16, plays: 120, seconds: [8, 12] });
}

/** Accepts the cookie notice up front, so it does not cover the player bar. */
export async function acceptCookies(context: BrowserContext, url: string) {
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url }]);
}
