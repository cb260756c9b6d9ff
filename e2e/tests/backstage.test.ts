import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taggedMp3 } from '../../server/test/helpers/tagged-audio.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { seriousAccessibilityProblems } from '../src/axe.ts';
import { acceptCookies } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer, setUserRoles } from '../src/server.ts';

let server: TestServer;
let browser: Browser;
const files = mkdtempSync(join(tmpdir(), 'backbeat-backstage-'));

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(files, { recursive: true, force: true });
});

async function account(email: string, name: string) {
  const password = 'long enough password';
  const id = await server.app.services.users.createUser({ email, password, name });
  return { id, email, password, name };
}

/**
 * The journey of issue 11: a listener asks to become an artist, an admin approves it from the
 * admin queue, the new artist uploads two tagged MP3s (ffmpeg wrote the tags) through the
 * upload panel, sees the drafts filled in from what the media pipeline read, publishes the
 * album, and a follower is told. Then lyrics
 * stamped with the sync helper follow the music in the player.
 */
describe('backstage: from files to a released album', () => {
  it('requests, approval, upload, review, publish, follower notification, synced lyrics', async () => {
    const artistUser = await account('artist@backbeat.test', 'Ada Artist');
    const { page, context } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, artistUser);

    // 1. The request.
    await page.goto(`${server.url}/backstage/requests`);
    await page.getByRole('link', { name: /Become an artist/ }).click();
    await page.getByLabel('Artist name').fill('Echo Valley');
    await page.getByLabel('Your role').fill('Songwriter');
    await page.getByLabel('Links that prove it (one per line)').fill('https://example.com/echo');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('heading', { name: 'Request submitted' }).waitFor();
    const requestId = Number(/requests\/(\d+)\//.exec(page.url())?.[1]);
    expect(requestId).toBeGreaterThan(0);

    // 2. An admin finds it in the queue and approves it.
    const admin = await newPage(browser);
    await acceptCookies(admin.context, server.url);
    await loginThroughApi(admin.context, server.url, ADMIN);
    await admin.page.goto(`${server.url}/admin/backstage-requests`);
    await admin.page.getByRole('link', { name: 'Review Echo Valley' }).click();
    await admin.page.getByRole('heading', { name: 'Request for Echo Valley' }).waitFor();
    await admin.page.getByText('https://example.com/echo').waitFor();
    await admin.page.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText('Request approved').waitFor();
    await admin.context.close();
    const { artist_id: approvedArtist } = await server.app.services.database.db
      .selectFrom('backstage_requests')
      .select('artist_id')
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    const artistId = approvedArtist!;

    // A follower of the new artist.
    const fan = await account('fan@backbeat.test', 'Finn Fan');
    await server.app.services.follows.follow(
      { id: fan.id, name: fan.name, image: null },
      'artists',
      artistId,
    );

    // 3. Upload two tagged files.
    const dawn = join(files, 'dawn.mp3');
    const dusk = join(files, 'dusk.mp3');
    writeFileSync(
      dawn,
      await taggedMp3(
        {
          title: 'Dawn',
          artist: 'Echo Valley',
          album: 'First Light',
          track: 1,
          genre: 'Folk',
          date: 2025,
        },
        11,
        6,
      ),
    );
    writeFileSync(
      dusk,
      await taggedMp3(
        {
          title: 'Dusk',
          artist: 'Echo Valley',
          album: 'First Light',
          track: 2,
          genre: 'Folk',
          date: 2025,
        },
        12,
        6,
      ),
    );
    await page.goto(`${server.url}/backstage/upload`);
    // Through the shared upload panel, the way a person picks files.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Choose files' }).click(),
    ]);
    await chooser.setFiles([dawn, dusk]);

    // 4. The drafts, filled in from the tags, grouped by album.
    const album = page.getByRole('region', { name: 'Album First Light' });
    await album.waitFor({ timeout: 30_000 });
    const rows = album.getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).textContent()).toContain('Dawn');
    expect(await rows.nth(1).textContent()).toContain('Echo Valley');
    expect(await rows.nth(1).textContent()).toContain('folk');
    expect(await rows.nth(2).textContent()).toContain('Dusk');
    // Drafts wait for the media pipeline, so they carry its waveform and exact duration.
    const drafted = await server.app.services.database.db
      .selectFrom('tracks')
      .select(['name', 'waveform', 'duration'])
      .where('name', 'in', ['Dawn', 'Dusk'])
      .execute();
    expect(drafted).toHaveLength(2);
    for (const track of drafted) {
      expect((JSON.parse(track.waveform) as number[]).length).toBeGreaterThan(10);
      expect(track.duration).toBeGreaterThan(5_000);
    }

    // 5. Publish the album.
    await album.getByRole('button', { name: 'Publish album' }).click();
    await expect.poll(() => album.getByRole('cell', { name: 'Published' }).count()).toBe(2);

    // 6. The follower sees the release.
    const fanPage = await newPage(browser);
    await acceptCookies(fanPage.context, server.url);
    await loginThroughApi(fanPage.context, server.url, fan);
    await fanPage.page.goto(`${server.url}/notifications`);
    await fanPage.page.getByText('Echo Valley released a new album: First Light').waitFor();
    await fanPage.context.close();

    // 7. Lyrics with timestamps, edited in backstage, follow the music in the player.
    const track = await server.app.services.database.db
      .selectFrom('tracks')
      .select('id')
      .where('name', '=', 'Dawn')
      .executeTakeFirstOrThrow();
    await page.goto(`${server.url}/backstage/tracks/${track.id}/edit`);
    const lyrics = page.getByLabel('Lyrics (plain text, or LRC with [mm:ss.xx] times)');
    await lyrics.fill('Morning comes\nThe valley wakes');
    // The sync helper: the track plays, and each tap stamps the current line.
    const audio = page.getByLabel('Track audio for syncing');
    const playedSeconds = () => audio.evaluate((element: HTMLAudioElement) => element.currentTime);
    await page.getByRole('button', { name: 'Start syncing' }).click();
    const stampLine = page.getByRole('button', { name: 'Stamp line' });
    await expect.poll(playedSeconds, { timeout: 10_000 }).toBeGreaterThan(0.3);
    await stampLine.click();
    await expect.poll(playedSeconds, { timeout: 10_000 }).toBeGreaterThan(1.3);
    await stampLine.click();
    await expect
      .poll(() => lyrics.inputValue())
      .toMatch(/^\[00:00\.\d\d\]Morning comes\n\[00:0\d\.\d\d\]The valley wakes$/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Track saved').waitFor();

    await page.goto(`${server.url}/track/${track.id}/dawn`);
    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    await page
      .getByRole('region', { name: 'Player' })
      .getByRole('link', { name: 'Lyrics' })
      .click();
    await page.waitForURL(/\/lyrics$/);
    const lines = page.getByRole('list', { name: 'Lyrics' });
    await lines.waitFor();
    await expect
      .poll(() => lines.locator('[aria-current="true"]').textContent(), { timeout: 15_000 })
      .toBe('The valley wakes');
    await context.close();
  });

  it('keeps backstage usable on a phone and free of serious accessibility problems', async () => {
    const user = await account('phone@backbeat.test', 'Pia Phone');
    await setUserRoles(server, user.id, ['users', 'artists']);
    const me = await server.app.services.users.getById(user.id);
    const { id: artistId } = await server.app.services.database.db
      .insertInto('artists')
      .values({
        name: 'Pocket Band',
        image: null,
        description: null,
        verified: 0,
        links: '[]',
        plays: 0,
        popularity: 0,
        owner_id: user.id,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.app.services.database.db
      .insertInto('artist_members')
      .values({ artist_id: artistId, user_id: user.id, created_at: new Date().toISOString() })
      .execute();
    const track = await server.app.services.backstageMusic.createTrack(me, {
      name: 'Pocket Song',
      artist_ids: [artistId],
    });
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 800 } });
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, user);
    for (const [path, heading] of [
      ['/backstage/upload', 'Upload'],
      [`/backstage/tracks/${track.id}/edit`, 'Edit "Pocket Song"'],
      [`/backstage/artists/${artistId}/edit`, 'Edit "Pocket Band"'],
      ['/backstage/requests/claim-artist', 'Claim an artist'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.getByRole('navigation', { name: 'Backstage' }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      expect(await seriousAccessibilityProblems(page), path).toEqual([]);
    }
    await context.close();
  });
});
