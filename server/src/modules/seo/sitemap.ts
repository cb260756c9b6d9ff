import {
  SITEMAP_PAGE_SIZE,
  albumLink,
  artistLink,
  channelLink,
  playlistLink,
  trackLink,
} from '@backbeat/common';
import type { CatalogSitemapKind, SitemapRow } from '../catalog/sitemap.ts';

export const SITEMAP_KINDS = ['artists', 'albums', 'tracks', 'playlists', 'channels'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** The public content the sitemap lists, each through its module. */
export interface SitemapSources {
  catalog: {
    count(kind: CatalogSitemapKind): Promise<number>;
    rows(kind: CatalogSitemapKind, offset: number, limit: number): Promise<SitemapRow[]>;
  };
  playlists: {
    count(): Promise<number>;
    rows(offset: number, limit: number): Promise<SitemapRow[]>;
  };
  channels: { slugs(): Promise<{ slug: string; updated_at: string | Date }[]> };
}

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
const day = (date: string | Date) => {
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString().slice(0, 10);
};
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * robots.txt and the sitemap: an index naming one file per kind and page, each listing at
 * most SITEMAP_PAGE_SIZE addresses of public content.
 */
export function createSitemap(sources: SitemapSources, pageSize = SITEMAP_PAGE_SIZE) {
  async function count(kind: SitemapKind): Promise<number> {
    if (kind === 'playlists') return sources.playlists.count();
    if (kind === 'channels') return (await sources.channels.slugs()).length;
    return sources.catalog.count(kind);
  }

  async function entries(kind: SitemapKind, page: number) {
    const offset = (page - 1) * pageSize;
    if (kind === 'channels')
      return (await sources.channels.slugs())
        .slice(offset, offset + pageSize)
        .map((c) => ({ path: channelLink(c), updated: c.updated_at }));
    const rows =
      kind === 'playlists'
        ? await sources.playlists.rows(offset, pageSize)
        : await sources.catalog.rows(kind, offset, pageSize);
    const link = (row: SitemapRow) => {
      switch (kind) {
        case 'artists':
          return artistLink(row);
        case 'albums':
          return albumLink(
            { ...row, image: null },
            row.artist_name ? { id: 0, name: row.artist_name, image: null } : undefined,
          );
        case 'tracks':
          return trackLink(row);
        default:
          return playlistLink(row);
      }
    };
    return rows.map((row) => ({ path: link(row), updated: row.updated_at }));
  }

  return {
    robots(origin: string): string {
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /account-settings',
        'Disallow: /library',
        'Disallow: /notifications',
        'Disallow: /api/',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
    },

    async index(origin: string): Promise<string> {
      const files = [`${origin}/sitemaps/sitemap-pages-1.xml`];
      for (const kind of SITEMAP_KINDS) {
        const pages = Math.ceil((await count(kind)) / pageSize);
        for (let page = 1; page <= pages; page++)
          files.push(`${origin}/sitemaps/sitemap-${kind}-${page}.xml`);
      }
      const items = files.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
      return `${XML}<sitemapindex xmlns="${NS}">${items.join('')}</sitemapindex>\n`;
    },

    /** One file of the sitemap; null when there is no such page. */
    async file(origin: string, kind: SitemapKind | 'pages', page: number): Promise<string | null> {
      let list: { path: string; updated?: string | Date }[];
      if (kind === 'pages') {
        if (page !== 1) return null;
        list = [{ path: '/' }, { path: '/search' }];
      } else {
        list = await entries(kind, page);
        if (!list.length) return null;
      }
      const items = list.map(({ path, updated }) => {
        const lastmod = updated ? day(updated) : null;
        return `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
      });
      return `${XML}<urlset xmlns="${NS}">${items.join('')}</urlset>\n`;
    },
  };
}

export type Sitemap = ReturnType<typeof createSitemap>;
