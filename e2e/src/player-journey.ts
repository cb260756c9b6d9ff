import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What a listener does first on a deployed site: play the home page's first popular track.
 * Waits until the player is 2 s in, and answers the statuses of the audio requests made (a
 * player that streams with ranges gets 206s).
 */
export async function playFirstPopularTrack(page: Page, siteUrl: string): Promise<number[]> {
  const streams: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/stream')) streams.push(response.status());
  });
  await page.goto(siteUrl);
  const popular = page.getByRole('list', { name: 'Popular tracks' });
  await popular.getByTestId('track-row').first().waitFor();
  const first = (await popular.getByTestId('track-row').first().getAttribute('aria-label')) ?? '';
  await popular.getByRole('button', { name: `Play ${first}` }).click();
  await expect
    .poll(() => page.getByTestId('player-track-name').textContent(), { timeout: 10_000 })
    .toBe(first);
  const position = async () => {
    const [m = '0', sec = '0'] = (
      (await page.getByTestId('player-position').textContent()) ?? ''
    ).split(':');
    return Number(m) * 60 + Number(sec);
  };
  await expect.poll(position, { timeout: 40_000 }).toBeGreaterThanOrEqual(2);
  return streams;
}
