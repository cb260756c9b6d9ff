import {
  PROFILE_DESCRIPTION_MAX,
  PROFILE_HEADER_IMAGE_MAX_BYTES,
  type Album,
  type Pagination,
  type PublicUser,
  type Track,
} from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmPassword, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAlbum, createArtist, createTrack } from '../helpers/catalog.ts';
import type { Browser } from '../helpers/client.ts';
import { imageInfo, pngOfSize, solidPng } from '../helpers/images.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const profileOf = async (browser: Browser, id: number) =>
  ((await browser.get(`/api/v1/users/${id}`)).json() as { user: PublicUser }).user;
const editProfile = (browser: Browser, body: object) =>
  browser.put('/api/v1/users/me/profile', body);
const errorsOf = (response: { json(): unknown }) =>
  (response.json() as { errors: Record<string, string[]> }).errors;

function imageForm(bytes: Buffer, name = 'header.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}
const uploadHeader = (browser: Browser, bytes: Buffer, name?: string, type?: string) =>
  browser.upload('/api/v1/users/me/header-image', imageForm(bytes, name, type));

describe('editing one’s profile: PUT users/me/profile', () => {
  it('saves a description and links that every visitor then sees', async () => {
    const { browser, id } = await signedInUser(t.app, { name: 'Dana Deep' });
    const response = await editProfile(browser, {
      description: '  Deep house from Lisbon.\r\nSets every Friday.  ',
      links: [
        { title: 'Website', url: 'https://dana.example/' },
        { title: 'Bandcamp', url: 'http://dana.bandcamp.example/music' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      id,
      name: 'Dana Deep',
      header_image: null,
      description: 'Deep house from Lisbon.\nSets every Friday.',
      links: [
        { title: 'Website', url: 'https://dana.example/' },
        { title: 'Bandcamp', url: 'http://dana.bandcamp.example/music' },
      ],
    };
    expect((response.json() as { user: PublicUser }).user).toMatchObject(expected);

    const visitor = await guestBrowser(t.app);
    const seen = await profileOf(visitor, id);
    expect(seen).toMatchObject(expected);
    // The public answer never carries account details.
    expect(seen).not.toHaveProperty('email');
    // The owner's own answer carries them as well.
    expect(await profileOf(browser, id)).toMatchObject({ ...expected, email: expect.any(String) });
  });

  it('changes only the fields sent, and clears the description with null or blank text', async () => {
    const { browser, id } = await signedInUser(t.app);
    await editProfile(browser, {
      description: 'First words',
      links: [{ title: 'Site', url: 'https://a.example' }],
    });
    await editProfile(browser, { description: 'Second words' });
    expect(await profileOf(browser, id)).toMatchObject({
      description: 'Second words',
      links: [{ title: 'Site', url: 'https://a.example' }],
    });
    await editProfile(browser, { links: [] });
    expect((await profileOf(browser, id)).links).toEqual([]);
    await editProfile(browser, { description: '   ' });
    expect((await profileOf(browser, id)).description).toBeNull();
    await editProfile(browser, { description: 'Back' });
    await editProfile(browser, { description: null });
    expect((await profileOf(browser, id)).description).toBeNull();
  });

  it('keeps the description plain text, as typed: markup is text, line breaks stay', async () => {
    const { browser, id } = await signedInUser(t.app);
    const response = await editProfile(browser, {
      description:
        '<p>Hello <b>there</b></p>\n<script>alert(1)</script><img src=x onerror=alert(1)>\n\n\n\nBye & 1 < 2',
    });
    expect(response.statusCode).toBe(200);
    expect((await profileOf(browser, id)).description).toBe(
      '<p>Hello <b>there</b></p>\n<script>alert(1)</script><img src=x onerror=alert(1)>\n\nBye & 1 < 2',
    );
  });

  it('refuses bad input with 422 and an error per field', async () => {
    const { browser, id } = await signedInUser(t.app);
    const tooLong = await editProfile(browser, {
      description: 'x'.repeat(PROFILE_DESCRIPTION_MAX + 1),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(errorsOf(tooLong))).toEqual(['description']);
    expect(
      (await editProfile(browser, { description: 'x'.repeat(PROFILE_DESCRIPTION_MAX) })).statusCode,
    ).toBe(200);

    const script = await editProfile(browser, {
      links: [
        { title: 'Fine', url: 'https://fine.example' },
        { title: 'Evil', url: 'javascript:alert(document.cookie)' },
      ],
    });
    expect(script.statusCode).toBe(422);
    expect(errorsOf(script)).toEqual({ 'links.1.url': ['Enter an http or https address.'] });

    for (const url of [
      'JavaScript://x.example/%0aalert(1)',
      'data:text/html,hi',
      'ftp://x.example',
      'not a url',
      '',
    ]) {
      const response = await editProfile(browser, { links: [{ title: 'Link', url }] });
      expect(response.statusCode, url).toBe(422);
      expect(Object.keys(errorsOf(response)), url).toEqual(['links.0.url']);
    }

    const untitled = await editProfile(browser, {
      links: [{ title: '  ', url: 'https://x.example' }],
    });
    expect(errorsOf(untitled)).toEqual({ 'links.0.title': ['Give the link a title.'] });

    const six = Array.from({ length: 6 }, (_, i) => ({
      title: `L${i}`,
      url: `https://${i}.example`,
    }));
    const tooMany = await editProfile(browser, { links: six });
    expect(tooMany.statusCode).toBe(422);
    expect(errorsOf(tooMany)).toEqual({ links: ['Add at most 5 links.'] });

    const wrongTypes = await editProfile(browser, { description: 5, links: 'https://x.example' });
    expect(wrongTypes.statusCode).toBe(422);
    expect(Object.keys(errorsOf(wrongTypes)).sort()).toEqual(['description', 'links']);

    // Nothing of the refused edits was kept.
    const profile = await profileOf(browser, id);
    expect(profile.links).toEqual([]);
    expect(profile.description).toBe('x'.repeat(PROFILE_DESCRIPTION_MAX));
  });

  it('answers 401 to someone not logged in, for every edit', async () => {
    const guest = await guestBrowser(t.app);
    expect((await editProfile(guest, { description: 'Hi' })).statusCode).toBe(401);
    expect((await uploadHeader(guest, solidPng(2))).statusCode).toBe(401);
    expect((await guest.delete('/api/v1/users/me/header-image')).statusCode).toBe(401);
  });
});

describe('the header image: POST and DELETE users/me/header-image', () => {
  it('stores an image, shows it on the profile, replaces and removes it with its file', async () => {
    const { browser, id } = await signedInUser(t.app);
    const png = solidPng(3);
    const response = await uploadHeader(browser, png);
    expect(response.statusCode).toBe(200);
    const { image, user } = response.json() as { image: string; user: PublicUser };
    expect(image).toMatch(/^\/storage\/public\/profile-headers\/[0-9a-f-]{36}\.webp$/);
    expect(user.header_image).toBe(image);
    expect((await profileOf(await guestBrowser(t.app), id)).header_image).toBe(image);

    const served = await browser.get(image);
    expect(served.statusCode).toBe(200);
    // Re-encoded, so what is served is the same picture as WebP.
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await imageInfo(served.rawPayload)).toMatchObject({
      format: 'webp',
      width: 3,
      height: 3,
    });

    const second = (await uploadHeader(browser, solidPng(4))).json() as { image: string };
    expect(second.image).not.toBe(image);
    expect((await browser.get(image)).statusCode).toBe(404);

    const removed = await browser.delete('/api/v1/users/me/header-image');
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as { user: PublicUser }).user.header_image).toBeNull();
    expect((await browser.get(second.image)).statusCode).toBe(404);
  });

  it('judges the file by its content and size, whatever its name says', async () => {
    const { browser, id } = await signedInUser(t.app);
    const text = await uploadHeader(browser, Buffer.from('no pixels here'), 'header.png');
    expect(text.statusCode).toBe(422);
    expect(errorsOf(text)).toEqual({ file: ['Please select an image.'] });

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const refused = await uploadHeader(browser, svg, 'header.svg', 'image/svg+xml');
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(errorsOf(refused))).toEqual(['file']);

    const atLimit = await uploadHeader(browser, pngOfSize(PROFILE_HEADER_IMAGE_MAX_BYTES));
    expect(atLimit.statusCode).toBe(200);
    const kept = (atLimit.json() as { image: string }).image;
    const over = await uploadHeader(browser, pngOfSize(PROFILE_HEADER_IMAGE_MAX_BYTES + 1));
    expect(over.statusCode).toBe(422);
    expect(errorsOf(over)).toEqual({ file: ['The image may not be larger than 4 MB.'] });

    const noFile = await browser.post('/api/v1/users/me/header-image', {
      url: 'https://x.example/a.png',
    });
    expect(noFile.statusCode).toBe(422);
    expect(Object.keys(errorsOf(noFile))).toEqual(['file']);
    expect((await profileOf(browser, id)).header_image).toBe(kept);
  });

  it('removes the header file when the account is deleted', async () => {
    const account = await signedInUser(t.app);
    const { image } = (await uploadHeader(account.browser, solidPng(2))).json() as {
      image: string;
    };
    await confirmPassword(account.browser, account.password);
    expect((await account.browser.delete(`/api/v1/users/${account.id}`)).statusCode).toBe(200);
    expect((await account.browser.get(image)).statusCode).toBe(404);
  });
});

describe('a profile’s Tracks and Albums tabs: GET users/{id}/tracks and users/{id}/albums', () => {
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let tracks: Record<'older' | 'newer' | 'hidden', { id: number; name: string }>;
  let albums: Record<'shown' | 'hidden', { id: number; name: string }>;

  beforeAll(async () => {
    owner = await signedInUser(t.app, { name: 'Uploader' });
    const artist = await createArtist(t.app);
    const ownerId = owner.id;
    const older = await createTrack(t.app, {
      name: 'Older upload',
      artistIds: [artist.id],
      ownerId,
    });
    const newer = await createTrack(t.app, {
      name: 'Newer upload',
      artistIds: [artist.id],
      ownerId,
    });
    const hidden = await createTrack(t.app, { name: 'Secret demo', ownerId, isPublic: false });
    tracks = { older, newer, hidden };
    albums = {
      shown: await createAlbum(t.app, { name: 'Out now', artistIds: [artist.id], ownerId }),
      hidden: await createAlbum(t.app, { name: 'Unreleased', ownerId, isPublic: false }),
    };
    // Someone else's music never shows on this profile.
    await createTrack(t.app, { name: 'Not theirs', artistIds: [artist.id] });
  });

  const list = async <T>(browser: Browser, path: string) => {
    const response = await browser.get(path);
    expect(response.statusCode, path).toBe(200);
    return (response.json() as { pagination: Pagination<T> }).pagination;
  };

  it('shows the owner their private uploads too, newest first', async () => {
    const mine = await list<Track>(owner.browser, `/api/v1/users/${owner.id}/tracks`);
    expect(mine.data.map((track) => track.name)).toEqual([
      'Secret demo',
      'Newer upload',
      'Older upload',
    ]);
    expect(mine).toMatchObject({ total: 3, current_page: 1, last_page: 1, from: 1, to: 3 });
    expect(mine.data[0]).toMatchObject({ is_public: false, owner_id: owner.id });
    const myAlbums = await list<Album>(owner.browser, `/api/v1/users/${owner.id}/albums`);
    expect(myAlbums.data.map((album) => album.name).sort()).toEqual(['Out now', 'Unreleased']);
  });

  it('shows other listeners and guests only the public ones', async () => {
    const other = await signedInUser(t.app);
    for (const browser of [other.browser, await guestBrowser(t.app)]) {
      const shown = await list<Track>(browser, `/api/v1/users/${owner.id}/tracks`);
      expect(shown.data.map((track) => track.id)).toEqual([tracks.newer.id, tracks.older.id]);
      expect(shown.total).toBe(2);
      const shownAlbums = await list<Album>(browser, `/api/v1/users/${owner.id}/albums`);
      expect(shownAlbums.data.map((album) => album.id)).toEqual([albums.shown.id]);
      expect(shownAlbums.total).toBe(1);
    }
    expect(tracks.hidden.id).toBeGreaterThan(0);
    expect(albums.hidden.id).toBeGreaterThan(0);
  });

  it('pages like every other list', async () => {
    const first = await list<Track>(owner.browser, `/api/v1/users/${owner.id}/tracks?perPage=2`);
    expect(first).toMatchObject({ per_page: 2, total: 3, last_page: 2, from: 1, to: 2 });
    const second = await list<Track>(
      owner.browser,
      `/api/v1/users/${owner.id}/tracks?perPage=2&page=2`,
    );
    expect(second.data.map((track) => track.name)).toEqual(['Older upload']);
    expect(
      (await owner.browser.get(`/api/v1/users/${owner.id}/tracks?perPage=500`)).statusCode,
    ).toBe(422);
  });

  it('answers an empty list for a user without uploads', async () => {
    const { browser, id } = await signedInUser(t.app);
    expect(await list<Track>(browser, `/api/v1/users/${id}/tracks`)).toMatchObject({
      data: [],
      total: 0,
    });
    expect((await list<Album>(browser, `/api/v1/users/${id}/albums`)).data).toEqual([]);
  });

  it('answers 404 for a user who does not exist or is banned, 422 for a bad id', async () => {
    const guest = await guestBrowser(t.app);
    for (const path of ['', '/tracks', '/albums']) {
      expect((await guest.get(`/api/v1/users/999999${path}`)).statusCode, path).toBe(404);
      expect((await guest.get(`/api/v1/users/abc${path}`)).statusCode, path).toBe(422);
    }
    const banned = await signedInUser(t.app);
    await createTrack(t.app, { ownerId: banned.id });
    await t.app.services.users.update(banned.id, { banned_at: new Date().toISOString() });
    expect((await guest.get(`/api/v1/users/${banned.id}`)).statusCode).toBe(404);
    expect((await guest.get(`/api/v1/users/${banned.id}/tracks`)).statusCode).toBe(404);
  });
});
