import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumLink, playlistLink, trackLink } from '@backbeat/common';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createAlbum, createArtist, createTrack } from './helpers/catalog.ts';
import { createUser } from './helpers/factories.ts';
import { readBootstrapData } from './helpers/page.ts';

let t: TestApp;
let album: { id: number; name: string; path: string };
let artist: { id: number; name: string };
let track: { id: number; name: string };
let privateAlbum: { id: number; name: string };

const HOST = 'music.example.test';
const xml = new XMLParser();
const ORIGIN = `http://${HOST}`;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.app, { name: 'Nova Lights' });
  const created = await createAlbum(t.app, { name: 'Night Drive', artistIds: [artist.id] });
  await t.app.services.database.db
    .updateTable('albums')
    .set({ image: '/storage/public/artwork/night-drive.png' })
    .where('id', '=', created.id)
    .execute();
  track = await createTrack(t.app, {
    name: 'Neon Road',
    albumId: created.id,
    artistIds: [artist.id],
  });
  privateAlbum = await createAlbum(t.app, { name: 'Hidden Demos', isPublic: false });
  album = {
    ...created,
    path: albumLink({ ...created, image: null, artists: [{ ...artist, image: null }] }),
  };
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: path,
    headers: { host: HOST, accept: 'text/html', ...headers },
  });

/** The content of `<meta {attribute}="{name}" content="…">` in a page. */
function meta(html: string, name: string, attribute = 'name'): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${name}" content="([^"]*)">`).exec(html);
  return match?.[1]?.replaceAll('&amp;', '&').replaceAll('&quot;', '"');
}

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json" nonce="[^"]+">(.*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe('an album page as a crawler reads it', () => {
  it('carries the title, description, canonical URL, Open Graph and Twitter tags', async () => {
    const response = await get(album.path);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Night Drive by Nova Lights · Backbeat</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(meta(html, 'description')).toBe(
      'Listen to Night Drive, the album by Nova Lights (2024), on Backbeat.',
    );
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${album.path}">`);
    expect(meta(html, 'og:title', 'property')).toBe('Night Drive by Nova Lights · Backbeat');
    expect(meta(html, 'og:type', 'property')).toBe('music.album');
    expect(meta(html, 'og:image', 'property')).toBe(
      `${ORIGIN}/storage/public/artwork/night-drive.png`,
    );
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'robots')).toBeUndefined();
    // The app still boots from the same page.
    expect(readBootstrapData(html).user).toBeNull();
  });

  it('describes the album as MusicAlbum JSON-LD with its tracks as MusicRecordings', async () => {
    const data = jsonLd((await get(album.path)).body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'MusicAlbum',
      name: 'Night Drive',
      url: `${ORIGIN}${album.path}`,
      image: `${ORIGIN}/storage/public/artwork/night-drive.png`,
      numTracks: 1,
      byArtist: [{ '@type': 'MusicGroup', name: 'Nova Lights' }],
      track: [
        {
          '@type': 'MusicRecording',
          name: 'Neon Road',
          url: `${ORIGIN}${trackLink(track)}`,
          duration: 'PT180S',
        },
      ],
    });
  });

  it('points a mistyped slug at the canonical address', async () => {
    const html = (await get(`/album/${album.id}/someone/wrong-name`)).body;
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${album.path}">`);
  });

  it('uses the admin’s templates, placeholders filled', async () => {
    await t.app.services.settings.set({ 'seo.album.title': '{{album_name}} — {{site_name}} ♪' });
    t.app.services.seo.clearCache();
    try {
      expect((await get(album.path)).body).toContain('<title>Night Drive — Backbeat ♪</title>');
    } finally {
      await t.app.services.settings.set({
        'seo.album.title': '{{album_name}} by {{artist_name}} · {{site_name}}',
      });
      t.app.services.seo.clearCache();
    }
  });

  it('escapes names that try to break out of the head', async () => {
    const hostile = await createArtist(t.app, { name: '"><script>alert(1)</script>' });
    const html = (await get(`/artist/${hostile.id}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(jsonLd(html)).toMatchObject({ '@type': 'MusicGroup', name: hostile.name });
  });
});

describe('other public pages', () => {
  it('marks up an artist as MusicGroup and a track as MusicRecording', async () => {
    const artistPage = (await get(`/artist/${artist.id}/nova-lights`)).body;
    expect(artistPage).toContain('<title>Nova Lights · Backbeat</title>');
    expect(jsonLd(artistPage)).toMatchObject({ '@type': 'MusicGroup', name: 'Nova Lights' });
    const trackPage = (await get(trackLink(track))).body;
    expect(meta(trackPage, 'og:type', 'property')).toBe('music.song');
    expect(jsonLd(trackPage)).toMatchObject({
      '@type': 'MusicRecording',
      name: 'Neon Road',
      inAlbum: { '@type': 'MusicAlbum', name: 'Night Drive' },
    });
  });

  it('keeps search results and private areas out of the index', async () => {
    expect(meta((await get('/search/neon')).body, 'robots')).toBe('noindex');
    expect(meta((await get('/library/songs')).body, 'robots')).toBe('noindex');
    expect(meta((await get('/')).body, 'robots')).toBeUndefined();
  });
});

describe('playlist, channel and profile pages, with or without an owner or description', () => {
  async function playlist(name: string, ownerId: number | null): Promise<string> {
    const now = new Date().toISOString();
    const { id } = await t.app.services.database.db
      .insertInto('playlists')
      .values({ name, owner_id: ownerId, is_public: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return playlistLink({ id, name });
  }
  const head = (html: string) => ({
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta(html, 'description'),
    ogTitle: meta(html, 'og:title', 'property'),
    ogDescription: meta(html, 'og:description', 'property'),
    twitterDescription: meta(html, 'twitter:description'),
  });

  it('an editorial playlist (no owner) reads as a playlist on the site, naming no one', async () => {
    const html = (await get(await playlist('Editors Picks', null))).body;
    const description = 'Listen to Editors Picks, a playlist on Backbeat.';
    expect(head(html)).toEqual({
      title: 'Editors Picks · Backbeat',
      description,
      ogTitle: 'Editors Picks · Backbeat',
      ogDescription: description,
      twitterDescription: description,
    });
    expect(meta(html, 'og:type', 'property')).toBe('music.playlist');
  });

  it('a user’s playlist names its owner', async () => {
    const owner = await createUser(t.app, { name: 'Ann Owner' });
    const html = (await get(await playlist('Road Songs', owner.id))).body;
    expect(head(html)).toMatchObject({
      title: 'Road Songs · Backbeat',
      description: 'Listen to Road Songs, a playlist by Ann Owner on Backbeat.',
    });
  });

  it('a channel without a description is described by its name', async () => {
    const html = (await get('/popular-tracks')).body;
    expect(head(html)).toMatchObject({
      title: 'Popular tracks · Backbeat',
      description: 'Listen to Popular tracks on Backbeat.',
      ogDescription: 'Listen to Popular tracks on Backbeat.',
    });
  });

  it('a profile is described by its own words, or by its name without them', async () => {
    const user = await createUser(t.app, { name: 'Bea Listener' });
    const plain = head((await get(`/user/${user.id}/bea-listener`)).body);
    expect(plain).toMatchObject({
      title: 'Bea Listener · Backbeat',
      description: 'Tracks, albums and playlists by Bea Listener on Backbeat.',
    });
    await t.app.services.profiles.update(user.id, { description: 'Night owl, synth lover.' });
    t.app.services.seo.clearCache();
    const described = head((await get(`/user/${user.id}/bea-listener`)).body);
    expect(described).toMatchObject({
      title: 'Bea Listener · Backbeat',
      description: 'Night owl, synth lover.',
      ogDescription: 'Night owl, synth lover.',
    });
  });
});

describe('unknown addresses', () => {
  it.each([
    '/no/such/page/here',
    '/album/999999/x/y',
    '/artist/999999',
    '/track/abc/x',
    '/no-such-channel',
  ])('answers %s with 404 and the app page, which shows its not-found screen', async (path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(readBootstrapData(response.body).user).toBeNull();
    expect(meta(response.body, 'robots')).toBe('noindex');
  });

  it('answers a private album with 404, without its name', async () => {
    const response = await get(`/album/${privateAlbum.id}/x/hidden-demos`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Hidden Demos');
  });

  it('answers the app routes with 200', async () => {
    for (const path of ['/', '/login', '/search', '/library', '/admin/genres', '/landing'])
      expect((await get(path)).statusCode, path).toBe(200);
  });
});

describe('the app page on the wire', () => {
  it('is compressed with brotli or gzip when the browser accepts it', async () => {
    const plain = await get(album.path);
    const response = await get(album.path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('accept-encoding');
    const html = gunzipSync(response.rawPayload).toString();
    // The same page as sent uncompressed, but for its nonce.
    const nonce = /<script nonce="([^"]+)">window/;
    expect(html.replaceAll(nonce.exec(html)![1]!, '')).toBe(
      plain.body.replaceAll(nonce.exec(plain.body)![1]!, ''),
    );
    expect(html).toContain('<title>Night Drive by Nova Lights · Backbeat</title>');
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const brotli = await get(album.path, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('<title>Night Drive');
  });
});

describe('robots.txt and the sitemap', () => {
  it('serves robots.txt naming the sitemap and keeping crawlers out of private areas', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('serves a valid sitemap index whose files list the public content', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(index.body)).toBe(true);
    const parsed = xml.parse(index.body) as {
      sitemapindex: { sitemap: { loc: string }[] | { loc: string } };
    };
    const files = [parsed.sitemapindex.sitemap].flat().map((s) => s.loc);
    expect(files).toContain(`${ORIGIN}/sitemaps/sitemap-albums-1.xml`);

    const urls: string[] = [];
    for (const file of files) {
      const response = await get(file.replace(ORIGIN, ''));
      expect(response.statusCode, file).toBe(200);
      expect(XMLValidator.validate(response.body)).toBe(true);
      const set = xml.parse(response.body) as {
        urlset: { url: { loc: string }[] | { loc: string } };
      };
      urls.push(...[set.urlset.url].flat().map((u) => u.loc));
    }
    expect(urls).toContain(`${ORIGIN}${album.path}`);
    expect(urls).toContain(`${ORIGIN}${trackLink(track)}`);
    expect(urls).toContain(`${ORIGIN}/artist/${artist.id}/nova-lights`);
    expect(urls.some((url) => url.includes('hidden-demos'))).toBe(false);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('answers a sitemap page past the end with 404', async () => {
    expect((await get('/sitemaps/sitemap-albums-99.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/sitemap-secrets-1.xml')).statusCode).toBe(404);
  });
});

describe('the web app manifest', () => {
  it('names the site with its colours and icons, and every page links it', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = response.json() as Record<string, unknown> & {
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Backbeat',
      start_url: '/',
      display: 'standalone',
      theme_color: '#db2754',
      background_color: '#ffffff',
    });
    expect(manifest.icons).toEqual([
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    ]);
    expect((await get('/')).body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('follows the site name setting', async () => {
    await t.app.services.settings.set({ 'branding.site_name': 'Groove Hub' });
    try {
      expect((await get('/manifest.webmanifest')).json()).toMatchObject({ name: 'Groove Hub' });
    } finally {
      await t.app.services.settings.set({ 'branding.site_name': 'Backbeat' });
    }
  });

  it("installs with the appearance editor's SVG favicon as its icon", async () => {
    await t.app.services.settings.set({ 'branding.favicon': '/storage/branding/mark.svg' });
    try {
      const { icons } = (await get('/manifest.webmanifest')).json() as { icons: { src: string }[] };
      expect(icons[0]).toEqual({
        src: '/storage/branding/mark.svg',
        sizes: 'any',
        type: 'image/svg+xml',
      });
    } finally {
      await t.app.services.settings.set({ 'branding.favicon': null });
    }
  });
});
