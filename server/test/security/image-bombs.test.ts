import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlaylistDetails } from '@backbeat/common';
import type * as IpModule from '../../src/lib/ip.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { Browser } from '../helpers/client.ts';
import { encodedImage, imageInfo, pngDeclaring, solidPng } from '../helpers/images.ts';

/**
 * Uploaded images are decoded with a pixel limit and re-encoded, so an image bomb (a small file
 * declaring billions of pixels) or a file that only starts like an image is refused, and what
 * is stored is a bounded WebP without the uploader's metadata.
 */

// The image server below listens on 127.0.0.2; only for this file it counts as public, so the
// avatar-by-URL path can be tested end to end. Production code has no such switch.
vi.mock('../../src/lib/ip.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof IpModule>();
  return {
    ...actual,
    isPublicIp: (address: string) => address === '127.0.0.2' || actual.isPublicIp(address),
  };
});

const TOO_MANY_PIXELS = 'The image may not have more than 25 megapixels.';
const UNREADABLE = 'This image could not be read. Please choose another file.';

let t: TestApp;
let imageServer: Server;
let imageServerUrl: string;
const served = new Map<string, Buffer>();

beforeAll(async () => {
  // In process, not the built server (issue 37.3): the vi.mock above makes 127.0.0.2 public
  // in this process only.
  t = await createTestApp();
  imageServer = createServer((request, response) => {
    const body = served.get(request.url ?? '');
    if (!body) return void response.writeHead(404).end();
    response.setHeader('content-type', 'image/png');
    response.end(body);
  });
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.2', resolve));
  imageServerUrl = `http://127.0.0.2:${(imageServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => imageServer.close(resolve));
});

function fileForm(bytes: Buffer, name = 'image.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

interface Target {
  /** Uploads the bytes; answers the response and the stored image's URL when it worked. */
  upload(browser: Browser, id: number, bytes: Buffer): Promise<{ status: number; body: unknown }>;
  imageOf(body: unknown): string;
  /** The box the stored image must fit. */
  box: { width: number; height: number };
  field: string;
}

const targets: Record<string, Target> = {
  avatar: {
    upload: async (browser, id, bytes) => {
      const r = await browser.upload(`/api/v1/users/${id}/avatar`, fileForm(bytes));
      return { status: r.statusCode, body: r.json() };
    },
    imageOf: (body) => (body as { image: string }).image,
    box: { width: 512, height: 512 },
    field: 'file',
  },
  'avatar by URL': {
    upload: async (browser, id, bytes) => {
      const path = `/${served.size}.png`;
      served.set(path, bytes);
      const r = await browser.post(`/api/v1/users/${id}/avatar`, { url: imageServerUrl + path });
      return { status: r.statusCode, body: r.json() };
    },
    imageOf: (body) => (body as { image: string }).image,
    box: { width: 512, height: 512 },
    field: 'url',
  },
  'profile header': {
    upload: async (browser, _id, bytes) => {
      const r = await browser.upload('/api/v1/users/me/header-image', fileForm(bytes));
      return { status: r.statusCode, body: r.json() };
    },
    imageOf: (body) => (body as { image: string }).image,
    box: { width: 1920, height: 1080 },
    field: 'file',
  },
  'playlist image': {
    upload: async (browser, _id, bytes) => {
      const created = await browser.post('/api/v1/playlists', { name: 'Covers' });
      const { id } = (created.json() as { playlist: PlaylistDetails }).playlist;
      const r = await browser.upload(`/api/v1/playlists/${id}/image`, fileForm(bytes));
      return { status: r.statusCode, body: r.json() };
    },
    imageOf: (body) => (body as { playlist: PlaylistDetails }).playlist.image!,
    box: { width: 1000, height: 1000 },
    field: 'file',
  },
};

describe.each(Object.entries(targets))('images uploaded as %s', (_name, target) => {
  it('refuses a PNG declaring 40000×40000 pixels, and stores nothing', async () => {
    const { browser, id } = await signedInUser(t.app);
    const bomb = pngDeclaring(40_000, 40_000);
    expect(bomb.length).toBeLessThan(2048);
    const { status, body } = await target.upload(browser, id, bomb);
    expect(status).toBe(422);
    expect(body).toEqual({
      message: TOO_MANY_PIXELS,
      errors: { [target.field]: [TOO_MANY_PIXELS] },
    });
    expect((await t.app.services.users.findById(id))?.image).toBeNull();
  });

  it.each([
    ['only the PNG signature', () => solidPng(4).subarray(0, 8)],
    ['a PNG cut short', () => solidPng(64).subarray(0, 60)],
    ['a JPEG start followed by garbage', () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])],
  ])('refuses %s as unreadable', async (_case, bytes) => {
    const { browser, id } = await signedInUser(t.app);
    const { status, body } = await target.upload(browser, id, bytes());
    expect(status).toBe(422);
    expect(body).toEqual({ message: UNREADABLE, errors: { [target.field]: [UNREADABLE] } });
  });

  it('stores a large photo as a WebP that fits its box, without metadata', async () => {
    const { browser, id } = await signedInUser(t.app);
    const { default: sharp } = await import('sharp');
    const photo = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: '#2a9d8f' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'GPS and camera details' } })
      .toBuffer();
    expect((await imageInfo(photo)).hasExif).toBe(true);

    const { status, body } = await target.upload(browser, id, photo);
    expect(status).toBe(200);
    const stored = await browser.get(target.imageOf(body));
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/webp');
    const info = await imageInfo(stored.rawPayload);
    const scale = Math.min(target.box.width / 2400, target.box.height / 1200);
    expect(info).toEqual({
      format: 'webp',
      width: Math.round(2400 * scale),
      height: Math.round(1200 * scale),
      hasExif: false,
    });
  });

  it('keeps a small image at its size', async () => {
    const { browser, id } = await signedInUser(t.app);
    const { status, body } = await target.upload(browser, id, await encodedImage('gif', 40, 30));
    expect(status).toBe(200);
    const stored = await browser.get(target.imageOf(body));
    expect(await imageInfo(stored.rawPayload)).toMatchObject({ width: 40, height: 30 });
  });
});
