import {
  SEO_DESCRIPTION_MAX,
  albumLink,
  artistLink,
  fillSeoTemplate,
  matchAppRoute,
  playlistLink,
  trackLink,
  userLink,
  type AlbumDetails,
  type Artist,
  type Channel,
  type PlaylistDetails,
  type PublicUser,
  type SeoPage,
  type TrackDetails,
} from '@backbeat/common';
import { createKeyedCache } from '../../lib/cache.ts';
import type { SettingsService } from '../settings/service.ts';

/** What the server puts in a page's head for search engines and link previews. */
export interface PageMeta {
  /** 404 for an address the app does not have, or whose subject does not exist. */
  status: 200 | 404;
  title: string;
  description: string;
  /** Absolute address of the page's one true URL (slugs corrected). */
  canonical: string | null;
  /** Absolute address of the page's picture. */
  image: string | null;
  /** Open Graph type. */
  type: string;
  /** Private areas (account, library, admin) and 404s are not indexed. */
  noindex: boolean;
  jsonLd: Record<string, unknown> | null;
}

type Maybe<T> = Promise<T | null>;

/** What the page metadata reads, each through its module's service (cached reads). */
export interface SeoDeps {
  settings: Pick<SettingsService, 'all'>;
  album: (id: number) => Maybe<AlbumDetails>;
  track: (id: number) => Maybe<TrackDetails>;
  artist: (id: number) => Maybe<Artist>;
  playlist: (id: number) => Maybe<PlaylistDetails>;
  channel: (slugOrId: string, restriction?: string) => Maybe<Channel>;
  user: (id: number) => Maybe<PublicUser>;
}

/** Areas only their owner sees, and share links (for those given them): never indexed. */
const PRIVATE_AREAS =
  /^\/(admin|account-settings|library|notifications|workspace|password|share)(\/|$)/;
const ID = /^\d{1,15}$/;

const cut = (text: string) =>
  text.length > SEO_DESCRIPTION_MAX ? `${text.slice(0, SEO_DESCRIPTION_MAX - 1).trimEnd()}…` : text;
const plain = (html: string | null | undefined) =>
  (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const year = (date: string | null) => date?.slice(0, 4) ?? null;
const seconds = (ms: number) => `PT${Math.round(ms / 1000)}S`;

/**
 * Builds the title, description, canonical address, picture and JSON-LD of a public page
 * from the admin's templates (settings `seo.*`, declared in common/seo.ts). Everything is
 * read as a guest, so the answer is the same for everyone and cached per address.
 */
export function createSeoService(deps: SeoDeps) {
  const cache = createKeyedCache<string, PageMeta>({ ttlMs: 30_000, maxEntries: 1000 });

  async function build(path: string, origin: string): Promise<PageMeta> {
    const settings = await deps.settings.all();
    const site = settings['branding.site_name'];
    const common = { site_name: site, site_description: settings['seo.site_description'] };
    const absolute = (url: string | null | undefined) =>
      !url
        ? null
        : /^https?:\/\//.test(url)
          ? url
          : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
    const page = (
      kind: SeoPage,
      values: Record<string, string | number | null | undefined>,
      rest: Partial<PageMeta> = {},
    ): PageMeta => {
      const all = { ...common, ...values };
      const description = cut(fillSeoTemplate(settings[`seo.${kind}.description`], all));
      return {
        status: 200,
        title: fillSeoTemplate(settings[`seo.${kind}.title`], all) || site,
        description: description || cut(common.site_description),
        canonical: rest.canonical === undefined ? `${origin}${path}` : rest.canonical,
        image: null,
        type: 'website',
        noindex: false,
        jsonLd: null,
        ...rest,
      };
    };
    const notFound = (): PageMeta => ({
      ...page('home', {}),
      title: `${site}`,
      status: 404,
      canonical: null,
      noindex: true,
    });

    const match = matchAppRoute(path);
    if (!match) return notFound();
    const { route, params } = match;
    const id = (name: string) => (ID.test(params[name] ?? '') ? Number(params[name]) : null);

    switch (route) {
      case '/': {
        const home = settings['homepage.type'] === 'landing' ? 'landing' : 'home';
        return page(
          home,
          {},
          {
            jsonLd: {
              '@context': 'https://schema.org',
              '@type': 'WebSite',
              name: site,
              url: `${origin}/`,
              potentialAction: {
                '@type': 'SearchAction',
                target: `${origin}/search/{search_term_string}`,
                'query-input': 'required name=search_term_string',
              },
            },
          },
        );
      }
      case '/landing':
        return page('landing', {});
      case '/artist/:artistId':
      case '/artist/:artistId/:artistName': {
        const artistId = id('artistId');
        const artist = artistId && (await deps.artist(artistId));
        if (!artist) return notFound();
        const url = `${origin}${artistLink(artist)}`;
        const description = plain(artist.description);
        return page(
          'artist',
          { artist_name: artist.name, artist_description: description },
          {
            canonical: url,
            image: absolute(artist.image),
            type: 'profile',
            jsonLd: {
              '@context': 'https://schema.org',
              '@type': 'MusicGroup',
              name: artist.name,
              url,
              ...(artist.image ? { image: absolute(artist.image) } : {}),
              ...(description ? { description: cut(description) } : {}),
              ...(artist.genres.length ? { genre: artist.genres.map((g) => g.display_name) } : {}),
            },
          },
        );
      }
      case '/album/:albumId/:artistName/:albumName':
      case '/album/:albumId/:artistName/:albumName/embed': {
        const albumId = id('albumId');
        const album = albumId && (await deps.album(albumId));
        if (!album) return notFound();
        const url = `${origin}${albumLink(album)}`;
        const by = album.artists.map((a) => a.name).join(', ');
        return page(
          'album',
          {
            album_name: album.name,
            artist_name: by,
            album_type: album.type,
            release_year: year(album.release_date),
            track_count: album.tracks_count,
          },
          {
            canonical: url,
            image: absolute(album.image),
            type: 'music.album',
            noindex: route.endsWith('/embed'),
            jsonLd: {
              '@context': 'https://schema.org',
              '@type': 'MusicAlbum',
              name: album.name,
              url,
              ...(album.image ? { image: absolute(album.image) } : {}),
              ...(album.release_date ? { datePublished: album.release_date } : {}),
              numTracks: album.tracks_count,
              byArtist: album.artists.map((a) => ({
                '@type': 'MusicGroup',
                name: a.name,
                url: `${origin}${artistLink(a)}`,
              })),
              track: album.tracks.map((t) => recording(origin, t)),
            },
          },
        );
      }
      case '/track/:trackId/:trackName':
      case '/track/:trackId/:trackName/embed': {
        const trackId = id('trackId');
        const track = trackId && (await deps.track(trackId));
        if (!track) return notFound();
        return page(
          'track',
          {
            track_name: track.name,
            artist_name: track.artists.map((a) => a.name).join(', '),
            album_name: track.album?.name,
            track_description: plain(track.description),
          },
          {
            canonical: `${origin}${trackLink(track)}`,
            image: absolute(track.image),
            type: 'music.song',
            noindex: route.endsWith('/embed'),
            jsonLd: { '@context': 'https://schema.org', ...recording(origin, track) },
          },
        );
      }
      case '/playlist/:playlistId/:playlistName': {
        const playlistId = id('playlistId');
        const playlist = playlistId && (await deps.playlist(playlistId));
        if (!playlist) return notFound();
        const url = `${origin}${playlistLink(playlist)}`;
        return page(
          'playlist',
          {
            playlist_name: playlist.name,
            owner_name: playlist.owner?.name,
            playlist_description: plain(playlist.description),
            track_count: playlist.tracks_count,
          },
          {
            canonical: url,
            image: absolute(playlist.image),
            type: 'music.playlist',
            jsonLd: {
              '@context': 'https://schema.org',
              '@type': 'MusicPlaylist',
              name: playlist.name,
              url,
              numTracks: playlist.tracks_count,
              ...(playlist.image ? { image: absolute(playlist.image) } : {}),
              track: playlist.tracks.map((t) => recording(origin, t)),
            },
          },
        );
      }
      case '/channel/:slugOrId':
      case '/channel/:slugOrId/:restriction':
      case '/:slugOrId':
      case '/:slugOrId/:restriction': {
        const channel = await deps.channel(params.slugOrId!, params.restriction);
        if (!channel) return notFound();
        const name = channel.restriction?.display_name ?? channel.name;
        return page('channel', {
          channel_name: name,
          channel_description: plain(channel.description),
        });
      }
      case '/user/:userId/:slug?':
      case '/user/:userId/:slug/:tabName': {
        const userId = id('userId');
        const user = userId && (await deps.user(userId));
        if (!user) return notFound();
        return page(
          'user',
          { user_name: user.name, user_description: plain(user.description) },
          {
            canonical: `${origin}${userLink(user)}`,
            image: absolute(user.image),
            type: 'profile',
          },
        );
      }
      case '/search':
      case '/search/:searchQuery':
      case '/search/:searchQuery/:tabName':
        // Result pages are endless: described, but left out of the index.
        return page('search', { query: params.searchQuery }, { noindex: !!params.searchQuery });
      default:
        return page('home', {}, { title: site, noindex: PRIVATE_AREAS.test(path) });
    }
  }

  return {
    /** The head of the page at `path` (no query), as a guest sees it. */
    pageMeta(path: string, origin: string): Promise<PageMeta> {
      const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
      return cache.get(`${origin}${clean}`, () => build(clean, origin));
    },
    clearCache: () => cache.clear(),
  };
}

function recording(origin: string, track: TrackDetails | AlbumDetails['tracks'][number]) {
  const url = `${origin}${trackLink(track)}`;
  return {
    '@type': 'MusicRecording',
    name: track.name,
    url,
    duration: seconds(track.duration),
    byArtist: track.artists.map((a) => ({
      '@type': 'MusicGroup',
      name: a.name,
      url: `${origin}${artistLink(a)}`,
    })),
    ...(track.album ? { inAlbum: { '@type': 'MusicAlbum', name: track.album.name } } : {}),
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
