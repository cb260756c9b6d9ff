/**
 * Search-engine pages (spec 2 §2 "SEO pages"): the title and description of each public page
 * come from admin-editable templates stored as settings. Placeholders are `{{name}}`; the
 * values a page offers are listed beside its defaults, for the admin form to show.
 */
export const SEO_PAGES = [
  'artist',
  'album',
  'track',
  'playlist',
  'landing',
  'channel',
  'user',
  'search',
  'home',
] as const;
export type SeoPage = (typeof SEO_PAGES)[number];

/** Placeholders every page offers. */
export const SEO_COMMON_PLACEHOLDERS = ['site_name', 'site_description'] as const;

/** Placeholders each page offers beyond the common ones. */
export const SEO_PLACEHOLDERS: Record<SeoPage, readonly string[]> = {
  artist: ['artist_name', 'artist_description'],
  album: ['album_name', 'artist_name', 'album_type', 'release_year', 'track_count'],
  track: ['track_name', 'artist_name', 'album_name', 'track_description'],
  playlist: ['playlist_name', 'owner_name', 'playlist_description', 'track_count'],
  landing: [],
  channel: ['channel_name', 'channel_description'],
  user: ['user_name', 'user_description'],
  search: ['query'],
  home: [],
};

/** The setting names and default templates (settings `seo.<page>.title` / `.description`). */
export const SEO_SETTING_DEFAULTS = {
  'seo.site_description':
    'Stream music, discover artists and albums, and make playlists to share.' as string,
  'seo.artist.title': '{{artist_name}} · {{site_name}}',
  'seo.artist.description':
    'Listen to {{artist_name}} on {{site_name}}: popular tracks, albums and similar artists.',
  'seo.album.title': '{{album_name}} by {{artist_name}} · {{site_name}}',
  'seo.album.description':
    'Listen to {{album_name}}, the {{album_type}} by {{artist_name}} ({{release_year}}), on {{site_name}}.',
  'seo.track.title': '{{track_name}} by {{artist_name}} · {{site_name}}',
  'seo.track.description': 'Listen to {{track_name}} by {{artist_name}} on {{site_name}}.',
  'seo.playlist.title': '{{playlist_name}} · {{site_name}}',
  'seo.playlist.description':
    'Listen to {{playlist_name}}, a playlist{{#owner_name}} by {{owner_name}}{{/owner_name}} on {{site_name}}.',
  'seo.landing.title': '{{site_name}}: music for everyone',
  'seo.landing.description': '{{site_description}}',
  'seo.channel.title': '{{channel_name}} · {{site_name}}',
  'seo.channel.description':
    '{{#channel_description}}{{channel_description}}{{/channel_description}}{{^channel_description}}Listen to {{channel_name}} on {{site_name}}.{{/channel_description}}',
  'seo.user.title': '{{user_name}} · {{site_name}}',
  'seo.user.description':
    '{{#user_description}}{{user_description}}{{/user_description}}{{^user_description}}Tracks, albums and playlists by {{user_name}} on {{site_name}}.{{/user_description}}',
  'seo.search.title': 'Search {{query}} · {{site_name}}',
  'seo.search.description': 'Find tracks, albums, artists and playlists on {{site_name}}.',
  'seo.home.title': '{{site_name}}',
  'seo.home.description': '{{site_description}}',
};
export type SeoSettingName = keyof typeof SEO_SETTING_DEFAULTS;

const SECTION = /\{\{([#^])\s*([a-z_]+)\s*\}\}([\s\S]*?)\{\{\/\s*\2\s*\}\}/g;

/**
 * Fills `{{name}}` placeholders; unknown or empty ones vanish, with the spaces they leave.
 * `{{#name}}…{{/name}}` keeps its text only when `name` has a value, `{{^name}}…{{/name}}`
 * only when it has none (an editorial playlist has no owner to name: "a playlist by  on …").
 */
export function fillSeoTemplate(
  template: string,
  values: Record<string, string | number | null | undefined>,
): string {
  const text = (name: string) => {
    const value = values[name];
    return value === null || value === undefined ? '' : String(value).trim();
  };
  return template
    .replace(SECTION, (_match, kind: string, name: string, inner: string) =>
      (text(name) !== '') === (kind === '#') ? inner : '',
    )
    .replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_match, name: string) => text(name))
    .replace(/\(\s*\)/g, '')
    .replace(/\s+([.,:;])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** A sitemap file lists at most this many addresses (sitemaps.org). */
export const SITEMAP_PAGE_SIZE = 50_000;

/** A meta description is cut to about what search results show. */
export const SEO_DESCRIPTION_MAX = 160;

/**
 * Every address the web app answers with a page, as route patterns (`:name` one segment,
 * `:name?` an optional one, `*` the rest). Anything else is answered with HTTP 404 (the app
 * still shows its not-found screen). A web unit test checks the router against this list.
 */
export const APP_ROUTES = [
  '/',
  '/404',
  '/login',
  '/register',
  '/forgot-password',
  '/password/reset/:token',
  '/workspace/join/login',
  '/workspace/join/register',
  '/workspace/join/:inviteId',
  '/account-settings',
  '/notifications',
  '/notifications/settings',
  '/pricing',
  '/checkout/:productId/:priceId',
  '/checkout/:productId/:priceId/stripe/done',
  '/checkout/:productId/:priceId/paypal/done',
  '/billing',
  '/billing/*',
  '/change-plan/:productId/:priceId/confirm',
  '/backstage',
  '/backstage/*',
  '/contact',
  '/pages/:pageSlug',
  '/pages/:pageId/:pageSlug',
  '/api-docs',
  '/landing',
  '/download',
  '/library',
  '/library/*',
  '/admin',
  '/admin/*',
  '/user/:userId/:slug?',
  '/user/:userId/:slug/:tabName',
  '/artist/:artistId',
  '/artist/:artistId/:artistName',
  '/album/:albumId/:artistName/:albumName',
  '/album/:albumId/:artistName/:albumName/embed',
  '/track/:trackId/:trackName',
  '/track/:trackId/:trackName/embed',
  '/playlist/:playlistId/:playlistName',
  '/tag/:tagName',
  '/tag/:tagName/:tab',
  '/radio/:seedType/:seedId/:seedName',
  '/radio-stations',
  '/search',
  '/search/:searchQuery',
  '/search/:searchQuery/:tabName',
  '/lyrics',
  '/channel/:slugOrId',
  '/channel/:slugOrId/:restriction',
  '/share/:token',
  '/:slugOrId',
  '/:slugOrId/:restriction',
] as const;

/** The route a path matches and its parameters, or null for an address the app does not have. */
export function matchAppRoute(
  path: string,
  routes: readonly string[] = APP_ROUTES,
): { route: string; params: Record<string, string> } | null {
  const segments = path.split('/').filter(Boolean);
  for (const route of routes) {
    const parts = route.split('/').filter(Boolean);
    const params: Record<string, string> = {};
    let matched = true;
    let i = 0;
    for (const part of parts) {
      if (part === '*') {
        i = segments.length;
        break;
      }
      const segment = segments[i];
      if (part.startsWith(':')) {
        const optional = part.endsWith('?');
        if (segment === undefined) {
          matched = optional;
          break;
        }
        params[part.slice(1).replace(/\?$/, '')] = safeDecode(segment);
      } else if (segment !== part) {
        matched = false;
        break;
      }
      i++;
    }
    if (matched && i >= segments.length) return { route, params };
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
