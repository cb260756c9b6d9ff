import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESSING_FAILED } from '../../server/src/modules/media/service.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer } from '../src/server.ts';
import { pcmWav } from '../src/wav.ts';
import { markMediaFailed } from '../../server/test/helpers/uploads.ts';

/* Issue 35 item 7: the admin sees an audio file whose processing failed and retries it. */

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** One second of a 440 Hz tone. */
function toneWav(): Buffer {
  const rate = 8000;
  const pcm = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i++) {
    pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  }
  return pcmWav(pcm, rate);
}

/** An audio entry of the admin's whose processing failed (a storage outage on its last try). */
async function failedEntry(name: string): Promise<number> {
  const admin = await server.app.services.users.findRowByEmail(ADMIN.email);
  const entry = await server.app.services.fileEntries.storeGenerated(admin!.id, {
    bytes: toneWav(),
    name,
    mime: 'audio/wav',
    extension: 'wav',
  });
  await markMediaFailed(server.app.services.database.db, entry.id);
  return entry.id;
}

const statusOf = async (id: number) =>
  (
    await server.app.services.database.db
      .selectFrom('file_entries')
      .select('media_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).media_status;

describe('media jobs in the admin', () => {
  it('an admin finds a failed job from the Files menu, retries it by keyboard and sees it queued', async () => {
    const id = await failedEntry('stalled take.wav');
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, ADMIN);
    await page.goto(`${server.url}/admin/files`);
    await page.getByRole('link', { name: 'Media jobs' }).click();
    await page.getByRole('heading', { name: 'Media jobs' }).waitFor();

    const jobs = page.getByRole('list', { name: 'Failed media jobs' });
    await jobs.getByText('stalled take.wav').waitFor();
    await jobs.getByText(PROCESSING_FAILED).waitFor();

    const retry = page.getByRole('button', { name: 'Retry stalled take.wav' });
    await retry.focus();
    await page.keyboard.press('Enter');
    await page
      .getByText(/“stalled take\.wav” is (queued for processing|processed)/)
      .first()
      .waitFor();
    await page.getByText('No media job has failed.').waitFor();
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('ready');
    expect(errors).toEqual([]);
    await context.close();
  });
});
