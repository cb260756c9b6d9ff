import type { RoutesPlugin } from '../../http/types.ts';
import { baseUrlOf } from '../bootstrap/present.ts';
import { webAppManifest } from './manifest.ts';
import { SITEMAP_KINDS, type SitemapKind } from './sitemap.ts';

const SITEMAP_FILE = /^sitemap-([a-z]+)-(\d{1,6})\.xml$/;
/** Crawlers may keep these an hour; what is public changes slowly. */
const CRAWLER_CACHE = 'public, max-age=3600';

/** robots.txt, the sitemap index and its files, and the web app manifest. */
export const seoRoutes: RoutesPlugin = async (app) => {
  const { seo } = app.services;
  const noSession = { config: { session: false } };

  app.get('/robots.txt', noSession, async (request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', CRAWLER_CACHE)
      .send(seo.sitemap.robots(await baseUrlOf(request))),
  );

  app.get('/sitemap.xml', noSession, async (request, reply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', CRAWLER_CACHE)
      .send(await seo.sitemap.index(await baseUrlOf(request))),
  );

  app.get('/sitemaps/:file', noSession, async (request, reply) => {
    const match = SITEMAP_FILE.exec((request.params as { file: string }).file);
    const kind = match?.[1] as SitemapKind | 'pages' | undefined;
    const xml =
      match && (kind === 'pages' || SITEMAP_KINDS.includes(kind as SitemapKind))
        ? await seo.sitemap.file(await baseUrlOf(request), kind!, Number(match[2]))
        : null;
    if (xml === null) return reply.code(404).send({ message: 'Not found.' });
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', CRAWLER_CACHE)
      .send(xml);
  });

  app.get('/manifest.webmanifest', noSession, async (_request, reply) => {
    const [settings, themes] = await Promise.all([
      app.services.settings.all(),
      app.services.themes.all(),
    ]);
    return reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(
        JSON.stringify(
          webAppManifest({
            siteName: settings['branding.site_name'],
            description: settings['seo.site_description'],
            themes,
            logo: settings['branding.logo_light'],
            favicon: settings['branding.favicon'],
          }),
        ),
      );
  });
};
