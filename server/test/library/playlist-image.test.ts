import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYLIST_IMAGE_MAX_BYTES, type PlaylistDetails } from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import type { Browser } from '../helpers/client.ts';
import { encodedImage, imageInfo, pngOfSize, solidPng } from '../helpers/images.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function fileForm(bytes: Buffer, name = 'cover.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}
const upload = (browser: Browser, id: number, bytes: Buffer, name?: string, type?: string) =>
  browser.upload(`/api/v1/playlists/${id}/image`, fileForm(bytes, name, type));
const removeImage = (browser: Browser, id: number) =>
  browser.request({ method: 'DELETE', url: `/api/v1/playlists/${id}/image` });

async function createPlaylist(browser: Browser, body: object = { name: 'Covers' }) {
  const response = await browser.post('/api/v1/playlists', body);
  expect(response.statusCode).toBe(201);
  return (response.json() as { playlist: PlaylistDetails }).playlist;
}

describe('POST playlists/{id}/image', () => {
  it('stores the image, serves it, shows it in lists, and replaces the previous file', async () => {
    const { browser } = await signedInUser(t.app);
    const { id } = await createPlaylist(browser);
    const png = solidPng(3);
    const response = await upload(browser, id, png);
    expect(response.statusCode).toBe(200);
    const { image } = (response.json() as { playlist: PlaylistDetails }).playlist;
    expect(image).toMatch(/^\/storage\/public\/playlists\/[0-9a-f-]{36}\.webp$/);

    const served = await browser.get(image!);
    expect(served.statusCode).toBe(200);
    // Re-encoded, so what is served is the same picture as WebP.
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await imageInfo(served.rawPayload)).toMatchObject({
      format: 'webp',
      width: 3,
      height: 3,
    });
    const listed = (await browser.get('/api/v1/library/playlists')).json() as {
      playlists: PlaylistDetails[];
    };
    expect(listed.playlists[0]?.image).toBe(image);

    // A GIF replaces it, and the old file goes.
    const gif = await encodedImage('gif', 2);
    const second = await upload(browser, id, gif, 'cover.gif', 'image/gif');
    expect(second.statusCode).toBe(200);
    const next = (second.json() as { playlist: PlaylistDetails }).playlist.image!;
    expect(next).toMatch(/\.webp$/);
    expect((await browser.get(next)).headers['content-type']).toBe('image/webp');
    expect((await browser.get(image!)).statusCode).toBe(404);
  });

  it('judges the file by its content, not its name or declared type (422)', async () => {
    const { browser } = await signedInUser(t.app);
    const { id } = await createPlaylist(browser);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    for (const [bytes, name, type] of [
      [Buffer.from('plain text, not a picture'), 'cover.png', 'image/png'],
      [svg, 'cover.svg', 'image/svg+xml'],
      [Buffer.from('%PDF-1.4'), 'cover.jpg', 'image/jpeg'],
    ] as const) {
      const response = await upload(browser, id, bytes, name, type);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'Please select an image.',
        errors: { file: ['Please select an image.'] },
      });
    }
    // A body without a file part.
    const empty = await browser.post(`/api/v1/playlists/${id}/image`, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ errors: { file: [expect.any(String)] } });
    const shown = (await browser.get(`/api/v1/playlists/${id}`)).json() as {
      playlist: PlaylistDetails;
    };
    expect(shown.playlist.image).toBeNull();
  });

  it('takes an image of exactly the limit and refuses one byte more (422)', async () => {
    const { browser } = await signedInUser(t.app);
    const { id } = await createPlaylist(browser);
    expect((await upload(browser, id, pngOfSize(PLAYLIST_IMAGE_MAX_BYTES))).statusCode).toBe(200);
    const tooBig = await upload(browser, id, pngOfSize(PLAYLIST_IMAGE_MAX_BYTES + 1));
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json()).toMatchObject({
      errors: { file: ['The image may not be larger than 4 MB.'] },
    });
  });

  it("answers 404 for others' playlists and 401 without a login", async () => {
    const author = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const open = await createPlaylist(author.browser, { name: 'Open', is_public: true });
    const closed = await createPlaylist(author.browser, { name: 'Closed' });
    for (const { id } of [open, closed]) {
      expect((await upload(other.browser, id, solidPng())).statusCode).toBe(404);
      expect((await removeImage(other.browser, id)).statusCode).toBe(404);
    }
    const guest = await guestBrowser(t.app);
    expect((await upload(guest, open.id, solidPng())).statusCode).toBe(401);
  });
});

describe('DELETE playlists/{id}/image', () => {
  it('removes the image and its file', async () => {
    const { browser } = await signedInUser(t.app);
    const { id } = await createPlaylist(browser);
    const { image } = (
      (await upload(browser, id, solidPng(2))).json() as { playlist: PlaylistDetails }
    ).playlist;
    const removed = await removeImage(browser, id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ playlist: { id, image: null } });
    expect((await browser.get(image!)).statusCode).toBe(404);
  });

  it('removes the file with the playlist', async () => {
    const { browser } = await signedInUser(t.app);
    const { id } = await createPlaylist(browser);
    const { image } = (
      (await upload(browser, id, solidPng(2))).json() as { playlist: PlaylistDetails }
    ).playlist;
    await browser.request({ method: 'DELETE', url: `/api/v1/playlists/${id}` });
    expect((await browser.get(image!)).statusCode).toBe(404);
  });
});
