import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedSmallCatalog } from '../helpers/catalog.ts';
import { openSubsonicValidator } from '../helpers/opensubsonic.ts';

/**
 * Shares and internet radio stations over /rest (issue 38, item 2), through the `subsonic-api`
 * client: a share is the web app's public link page, counted when visited; stations are
 * listed to everyone signed in and kept by admins.
 */
let test: TestApp;
let url: string;
let listener: SubsonicAPI;
let listenerEmail: string;
let other: SubsonicAPI;
let admin: SubsonicAPI;
let listenerKey: string;
const validator = openSubsonicValidator();

const failure = (answer: unknown) =>
  (answer as { status: string; error?: { code: number; message: string } }).error;

async function apiFor(roleNames?: string[]) {
  const account = await signedInUser(test.app, roleNames ? { roleNames } : {});
  const { plainTextToken } = await test.app.services.accessTokens.create(account.id, 'app');
  return {
    api: new SubsonicAPI({ url, auth: { apiKey: plainTextToken } }),
    email: account.email,
    key: plainTextToken,
  };
}

beforeAll(async () => {
  test = await createTestApp({ builtServer: true });
  await seedSmallCatalog(test.app);
  url = test.url!;
  ({ api: listener, email: listenerEmail, key: listenerKey } = await apiFor());
  ({ api: other } = await apiFor());
  ({ api: admin } = await apiFor(['admin']));
});
afterAll(async () => {
  await test?.close();
});

describe('shares over /rest', () => {
  it('creates a share of an album and a song, whose link a guest opens', async () => {
    const { albumList2 } = await listener.getAlbumList2({ type: 'alphabeticalByName', size: 2 });
    const [first, second] = albumList2.album!;
    const { album } = await listener.getAlbum({ id: second!.id });
    const expires = Date.now() + 86_400_000;
    const created = await listener.createShare({
      id: [first!.id, album.song![0]!.id],
      description: 'Sunday',
      expires,
    });
    expect(created.status).toBe('ok');
    const share = created.shares.share![0]!;
    expect(share).toMatchObject({ description: 'Sunday', username: listenerEmail, visitCount: 0 });
    expect(new Date(share.expires!).getTime()).toBe(expires);
    expect(share.url).toMatch(/^https?:\/\/[^/]+\/share\/[\w-]{16}$/);
    const { album: firstAlbum } = await listener.getAlbum({ id: first!.id });
    expect(share.entry!.map((song) => song.id)).toEqual([
      ...firstAlbum.song!.map((song) => song.id),
      album.song![0]!.id,
    ]);

    // A guest opens the link page (a browser with no cookies yet).
    const page = await fetch(
      `${url}/api/v1/shared/${new URL(share.url).pathname.split('/').pop()}`,
      {
        headers: { accept: 'application/json' },
      },
    );
    expect(page.status).toBe(200);
    const { shares } = await listener.getShares();
    const visited = shares.share!.find((s) => s.id === share.id)!;
    expect(visited.visitCount).toBe(1);
    expect(visited.lastVisited).toBeDefined();
  });

  it("changes and deletes only the user's own shares", async () => {
    const { randomSongs } = await listener.getRandomSongs({ size: 1 });
    const created = await listener.createShare({ id: randomSongs.song![0]!.id });
    const share = created.shares.share![0]!;
    expect(failure(await other.updateShare({ id: share.id, description: 'mine' }))?.code).toBe(70);
    expect(failure(await other.deleteShare({ id: share.id }))?.code).toBe(70);
    expect((await other.getShares()).shares.share ?? []).toEqual([]);

    expect((await listener.updateShare({ id: share.id, description: 'Renamed' })).status).toBe(
      'ok',
    );
    const listed = (await listener.getShares()).shares.share!.find((s) => s.id === share.id)!;
    expect(listed.description).toBe('Renamed');
    expect(listed.expires).toBeUndefined();

    expect((await listener.deleteShare({ id: share.id })).status).toBe('ok');
    expect((await listener.getShares()).shares.share!.map((s) => s.id)).not.toContain(share.id);
  });

  it('refuses a share of nothing, of what is not found, and an expiry in the past', async () => {
    expect(failure(await listener.createShare({ id: [] }))?.code).toBe(10);
    expect(failure(await listener.createShare({ id: 'tr-999999' }))?.code).toBe(70);
    const { randomSongs } = await listener.getRandomSongs({ size: 1 });
    const past = failure(
      await listener.createShare({ id: randomSongs.song![0]!.id, expires: 1000 }),
    );
    expect(past).toMatchObject({ code: 0, message: 'The expiry must be in the future.' });
  });
});

describe('internet radio stations over /rest', () => {
  it('lets admins keep the list that everyone signed in reads', async () => {
    expect(
      (
        await admin.createInternetRadioStation({
          name: 'Radio Paradise',
          streamUrl: 'https://stream.radioparadise.com/mp3-192',
          homepageUrl: 'https://radioparadise.com',
        })
      ).status,
    ).toBe('ok');
    const { internetRadioStations } = await listener.getInternetRadioStations();
    const station = internetRadioStations.internetRadioStation!.find(
      (s) => s.name === 'Radio Paradise',
    )!;
    expect(station).toMatchObject({
      streamUrl: 'https://stream.radioparadise.com/mp3-192',
      homePageUrl: 'https://radioparadise.com',
    });

    expect(
      (
        await admin.updateInternetRadioStation({
          id: station.id,
          name: 'RP',
          streamUrl: 'http://rp.example/aac',
        })
      ).status,
    ).toBe('ok');
    const changed = (
      await listener.getInternetRadioStations()
    ).internetRadioStations.internetRadioStation!.find((s) => s.id === station.id)!;
    expect(changed).toMatchObject({ name: 'RP', streamUrl: 'http://rp.example/aac' });

    expect((await admin.deleteInternetRadioStation({ id: station.id })).status).toBe('ok');
    const after = (await listener.getInternetRadioStations()).internetRadioStations;
    expect((after.internetRadioStation ?? []).map((s) => s.id)).not.toContain(station.id);
    expect(failure(await admin.deleteInternetRadioStation({ id: station.id }))?.code).toBe(70);
  });

  it('refuses changes from listeners and addresses that are not http or https', async () => {
    const refused = await listener.createInternetRadioStation({
      name: 'Mine',
      streamUrl: 'https://radio.example/live',
    });
    expect(failure(refused)?.code).toBe(50);
    for (const streamUrl of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'ftp://radio.example/x',
      'not a url',
    ]) {
      const bad = failure(await admin.createInternetRadioStation({ name: 'Bad', streamUrl }));
      expect(bad, streamUrl).toMatchObject({
        code: 0,
        message: 'The stream address must be an http or https address.',
      });
    }
    const badHome = failure(
      await admin.createInternetRadioStation({
        name: 'Bad',
        streamUrl: 'https://radio.example/live',
        homepageUrl: 'javascript:alert(1)',
      }),
    );
    expect(badHome?.message).toBe('The home page address must be an http or https address.');
    expect(
      failure(await admin.createInternetRadioStation({ name: 'No stream', streamUrl: '' }))?.code,
    ).toBe(10);
    const names = (
      (await listener.getInternetRadioStations()).internetRadioStations.internetRadioStation ?? []
    ).map((s) => s.name);
    expect(names).not.toContain('Bad');
    expect(names).not.toContain('Mine');
  });
});

describe('the answers match the OpenSubsonic description', () => {
  it('validates getShares, createShare and getInternetRadioStations in JSON', async () => {
    const { randomSongs } = await listener.getRandomSongs({ size: 1 });
    await admin.createInternetRadioStation({ name: 'Valid', streamUrl: 'https://radio.example/a' });
    const songId = randomSongs.song![0]!.id;
    for (const [method, extra] of [
      ['createShare', `&id=${songId}&description=Valid&expires=${Date.now() + 60_000}`],
      ['getShares', ''],
      ['getInternetRadioStations', ''],
    ] as const) {
      const response = await fetch(
        `${url}/rest/${method}.view?apiKey=${listenerKey}&v=1.16.1&c=test&f=json${extra}`,
      );
      const body = (await response.json()) as { 'subsonic-response': { status: string } };
      expect(body['subsonic-response'].status, method).toBe('ok');
      expect(validator.problems(method, body), method).toEqual([]);
    }
  });
});
