import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser } from '../helpers/client.ts';
import { seedSmallCatalog } from '../helpers/catalog.ts';

/**
 * getAlbumList2 answers are kept briefly per user (issue 18, speed): what a client asks for
 * next must still show the star or rating it just set, and albums that left the catalog.
 */
let test: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  test = await createTestApp();
  await seedSmallCatalog(test.app);
  const listener = await signedInUser(test.app, { name: 'Lister' });
  const created = await listener.browser.post('/api/v1/account/app-passwords', { name: 'DSub' });
  const { password } = created.json() as { password: string };
  const token = createHash('md5').update(`${password}s4lt`).digest('hex');
  auth = { u: listener.email, t: token, s: 's4lt' };
});
afterAll(async () => {
  await test?.close();
});

type Album = { id: string; name: string; starred?: string; userRating?: number };

async function rest(method: string, params: Record<string, string>) {
  const query = new URLSearchParams({ v: '1.16.1', c: 'test', f: 'json', ...auth, ...params });
  const response = await test.app.inject({ method: 'GET', url: `/rest/${method}?${query}` });
  expect(response.statusCode).toBe(200);
  const answer = (response.json() as { 'subsonic-response': Record<string, unknown> })[
    'subsonic-response'
  ];
  expect(answer.status).toBe('ok');
  return answer;
}

const albumList = async () =>
  (
    (await rest('getAlbumList2', { type: 'alphabeticalByName', size: '50' })).albumList2 as {
      album: Album[];
    }
  ).album;

describe('album lists kept for a moment', () => {
  it('show a star and a rating set right after the list was read', async () => {
    const [first] = await albumList();
    expect(first!.starred).toBeUndefined();
    await rest('star', { albumId: first!.id });
    const starred = (await albumList()).find((album) => album.id === first!.id)!;
    expect(starred.starred).toBeTruthy();
    await rest('setRating', { id: first!.id, rating: '4' });
    const rated = (await albumList()).find((album) => album.id === first!.id)!;
    expect(rated.userRating).toBe(4);
  });

  it('drop an album taken out of the catalog', async () => {
    const before = await albumList();
    const gone = before[0]!;
    const admin = await openBrowser(test.app);
    await admin.login(test.admin.email, test.admin.password);
    const deleted = await admin.delete(`/api/v1/backstage/albums/${gone.id.replace(/^al-/, '')}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await albumList();
    expect(after.map((album) => album.id)).not.toContain(gone.id);
    expect(after).toHaveLength(before.length - 1);
  });
});
