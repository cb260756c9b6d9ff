import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROFILE_IMAGE_MAX_BYTES, type User } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { Browser } from '../helpers/client.ts';
import { createUser } from '../helpers/factories.ts';
import { imageInfo, pngOfSize, solidPng } from '../helpers/images.ts';

const NOT_AN_IMAGE = 'Please select an image.';
const TOO_LARGE = 'The image may not be larger than 2 MB.';

let testApp: TestApp;
/** A web server on loopback with a perfectly good image, which the app must still refuse to fetch. */
let internalServer: Server;
let internalPort: number;
let internalHits = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  internalServer = createServer((_request, response) => {
    internalHits += 1;
    response.setHeader('content-type', 'image/png');
    response.end(solidPng(4));
  });
  await new Promise<void>((resolve) => internalServer.listen(0, '127.0.0.1', resolve));
  internalPort = (internalServer.address() as AddressInfo).port;
});
afterAll(async () => {
  await testApp.close();
  await new Promise((resolve) => internalServer.close(resolve));
});

function fileForm(bytes: Buffer, name = 'avatar.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

async function uploadAvatar(
  browser: Browser,
  id: number,
  bytes: Buffer,
  name?: string,
  type?: string,
) {
  return browser.upload(`/api/v1/users/${id}/avatar`, fileForm(bytes, name, type));
}

describe('POST users/{id}/avatar with a file', () => {
  it('stores a PNG and serves it back as an image', async () => {
    const { browser, id } = await signedInUser(testApp.app);
    const png = solidPng(2);
    const response = await uploadAvatar(browser, id, png);

    expect(response.statusCode).toBe(200);
    const { image, user } = response.json() as { image: string; user: User };
    expect(image).toMatch(/^\/storage\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect(user.image).toBe(image);
    expect((await currentUser(browser))?.image).toBe(image);

    const served = await browser.get(image);
    expect(served.statusCode).toBe(200);
    // Re-encoded, so what is served is the same picture as WebP.
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await imageInfo(served.rawPayload)).toMatchObject({
      format: 'webp',
      width: 2,
      height: 2,
    });
  });

  it('replaces the previous avatar and removes its file', async () => {
    const { browser, id } = await signedInUser(testApp.app);
    const first = (await uploadAvatar(browser, id, solidPng(1))).json() as { image: string };
    const second = (await uploadAvatar(browser, id, solidPng(3))).json() as { image: string };
    expect(second.image).not.toBe(first.image);
    expect((await browser.get(first.image)).statusCode).toBe(404);
    expect((await browser.get(second.image)).statusCode).toBe(200);
  });

  it('judges the file by its content, not its name or declared type', async () => {
    const { browser, id } = await signedInUser(testApp.app);
    const text = await uploadAvatar(
      browser,
      id,
      Buffer.from('just some words, not pixels'),
      'avatar.png',
      'image/png',
    );
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({ message: NOT_AN_IMAGE, errors: { file: [NOT_AN_IMAGE] } });

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect((await uploadAvatar(browser, id, svg, 'avatar.svg', 'image/svg+xml')).statusCode).toBe(
      422,
    );

    const disguised = await uploadAvatar(browser, id, solidPng(1), 'notes.txt', 'text/plain');
    expect(disguised.statusCode).toBe(200);
    expect((disguised.json() as { image: string }).image).toMatch(/\.webp$/);
  });

  it('accepts 2 MB and refuses one byte more', async () => {
    const { browser, id } = await signedInUser(testApp.app);
    const atLimit = await uploadAvatar(browser, id, pngOfSize(PROFILE_IMAGE_MAX_BYTES));
    expect(atLimit.statusCode).toBe(200);
    const imageAtLimit = (atLimit.json() as { image: string }).image;

    const over = await uploadAvatar(browser, id, pngOfSize(PROFILE_IMAGE_MAX_BYTES + 1));
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ message: TOO_LARGE, errors: { file: [TOO_LARGE] } });
    expect((await currentUser(browser))?.image).toBe(imageAtLimit);
  });

  it('answers a multipart body without a file with 422', async () => {
    const { browser, id } = await signedInUser(testApp.app);
    const form = new FormData();
    form.append('note', 'no file here');
    const response = await browser.upload(`/api/v1/users/${id}/avatar`, form);
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual(['file']);
  });

  it('takes the file over a url field sent beside it', async () => {
    const { browser, id } = await signedInUser(testApp.app);
    const form = fileForm(solidPng(2));
    form.append('url', `http://127.0.0.1:${internalPort}/avatar.png`);
    const hitsBefore = internalHits;
    const response = await browser.upload(`/api/v1/users/${id}/avatar`, form);
    expect(response.statusCode).toBe(200);
    expect(internalHits).toBe(hitsBefore);
    expect((await currentUser(browser))?.image).toBe((response.json() as { image: string }).image);
  });

  it("answers 404 for another user's avatar and 401 for a guest", async () => {
    const { browser } = await signedInUser(testApp.app);
    const other = await createUser(testApp.app);
    expect((await uploadAvatar(browser, other.id, solidPng())).statusCode).toBe(404);
    const guest = await guestBrowser(testApp.app);
    expect((await uploadAvatar(guest, other.id, solidPng())).statusCode).toBe(401);
    expect((await testApp.app.services.users.findById(other.id))?.image).toBeNull();
  });
});

describe('POST users/{id}/avatar with a URL', () => {
  it.each([
    ['a loopback address', () => `http://127.0.0.1:${internalPort}/avatar.png`],
    ['a name that resolves to loopback', () => `http://localhost:${internalPort}/avatar.png`],
    ['an IPv6 loopback address', () => `http://[::1]:${internalPort}/avatar.png`],
    ['a private address', () => 'http://10.1.2.3/avatar.png'],
    ['the link-local metadata address', () => 'http://169.254.169.254/latest/meta-data'],
  ])('refuses %s with 422 without connecting', async (_case, url) => {
    const { browser, id } = await signedInUser(testApp.app);
    const hitsBefore = internalHits;
    const response = await browser.post(`/api/v1/users/${id}/avatar`, { url: url() });

    expect(response.statusCode).toBe(422);
    const body = response.json() as { errors: { url: string[] } };
    expect(Object.keys(body.errors)).toEqual(['url']);
    expect(body.errors.url[0]).toMatch(/may not be fetched/);
    expect(internalHits).toBe(hitsBefore);
    expect((await currentUser(browser))?.image).toBeNull();
  });

  it.each([
    ['no url', {}],
    ['an ftp address', { url: 'ftp://example.com/avatar.png' }],
    ['text that is no address', { url: 'my face' }],
  ])('answers %s with 422 on url', async (_case, body) => {
    const { browser, id } = await signedInUser(testApp.app);
    const response = await browser.post(`/api/v1/users/${id}/avatar`, body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual(['url']);
  });
});

describe('DELETE users/{id}/avatar', () => {
  it('removes the avatar and its file', async () => {
    const { browser, id } = await signedInUser(testApp.app);
    const { image } = (await uploadAvatar(browser, id, solidPng())).json() as { image: string };

    const response = await browser.delete(`/api/v1/users/${id}/avatar`);
    expect(response.statusCode).toBe(200);
    expect((response.json() as { user: User }).user.image).toBeNull();
    expect((await currentUser(browser))?.image).toBeNull();
    expect((await browser.get(image)).statusCode).toBe(404);
  });

  it("answers 404 for another user's avatar", async () => {
    const owner = await signedInUser(testApp.app);
    const { image } = (await uploadAvatar(owner.browser, owner.id, solidPng())).json() as {
      image: string;
    };
    const { browser } = await signedInUser(testApp.app);
    expect((await browser.delete(`/api/v1/users/${owner.id}/avatar`)).statusCode).toBe(404);
    expect((await currentUser(owner.browser))?.image).toBe(image);
  });
});
