import type { Lyric, RadioStation, SearchType, Track, User } from '@backbeat/common';
import { SUBSONIC_MAX_PAGE, parseLyrics } from '@backbeat/common';
import type { AlbumOrder } from '../catalog/list-orders.ts';
import { ALBUM_ORDERS } from '../catalog/list-orders.ts';
import type { CatalogBrowse } from '../catalog/browse-service.ts';
import type { CatalogService, Viewer } from '../catalog/service.ts';
import type { FolderScope } from '../catalog/list-orders.ts';
import { idsOf, requireId } from './ids.ts';
import { createMusicFolders } from './music-folders.ts';
import {
  EMPTY_MARKS,
  presentAlbum,
  presentArtist,
  presentSong,
  type ListenerMarks,
} from './present.ts';
import { missing, notFound, SubsonicError, type Payload, type SubsonicParams } from './protocol.ts';
import type { SubsonicRepository } from './repository.ts';
import type { ResponseCache } from '../../lib/response-cache.ts';

const STARTED_AT = Date.now();

/** Articles that artist indexes sort past ("The Beatles" under B). */
const IGNORED_ARTICLES = ['The', 'El', 'La', 'Los', 'Las', 'Le', 'Les'];

export interface LibraryCallDeps {
  browse: CatalogBrowse;
  catalog: Pick<
    CatalogService,
    | 'tracks'
    | 'albums'
    | 'album'
    | 'artistPage'
    | 'track'
    | 'lyric'
    | 'artists'
    | 'visibleAlbums'
    | 'visibleTracks'
  >;
  search: {
    search(
      query: string,
      types: SearchType[],
      perPage: number,
      viewer: Viewer,
    ): Promise<{
      artists: { id: number; name: string; image: string | null }[];
      albums: { id: number }[];
      tracks: Track[];
    }>;
  };
  likes: {
    likedSince(
      userId: number,
    ): Promise<Record<'tracks' | 'albums' | 'artists', Map<number, string>>>;
    like(userId: number, type: 'tracks' | 'albums' | 'artists', id: number): Promise<void>;
    unlike(userId: number, type: 'tracks' | 'albums' | 'artists', id: number): Promise<void>;
  };
  radio: { station(type: 'track' | 'artist', id: number, viewer: Viewer): Promise<RadioStation> };
  repository: Pick<SubsonicRepository, 'ratings' | 'setRating'>;
  /**
   * The catalog's answer cache (emptied on every catalog change): album lists, which clients
   * ask for page after page and many at once, are kept there briefly per user.
   */
  answers?: Pick<ResponseCache, 'get' | 'clear'>;
  /** When the listener last played tracks and albums (`played`). */
  plays?: {
    lastPlayedBy(
      userId: number,
      trackIds: readonly number[],
      albumIds: readonly number[],
    ): Promise<{
      tracks: Map<number, string>;
      albums: Map<number, string>;
      counts: { tracks: Map<number, number>; albums: Map<number, number> };
    }>;
  };
  /** The site's address, for absolute links (artistImageUrl). */
  siteAddress?: { current(): Promise<string | null> };
}

const indexLetter = (name: string) => {
  let sortable = name.trim();
  for (const article of IGNORED_ARTICLES) {
    if (sortable.toLowerCase().startsWith(`${article.toLowerCase()} `)) {
      sortable = sortable.slice(article.length + 1);
      break;
    }
  }
  const first = sortable.charAt(0).toUpperCase();
  return /[A-Z]/.test(first) ? first : '#';
};

/**
 * Stored lyrics as OpenSubsonic structured lyrics: synced LRC lines with their start (ms),
 * read by the same LRC reader as the web player's lyrics panel (offset tag honoured).
 */
export function structuredLyrics(lyric: Lyric) {
  const parsed = parseLyrics(lyric.text);
  if (!lyric.is_synced || !parsed.synced) {
    return {
      lang: 'xxx',
      synced: false,
      line: lyric.text.split(/\r?\n/).map((value) => ({ value })),
    };
  }
  return {
    lang: 'xxx',
    synced: true,
    line: parsed.lines.map((line) => ({ start: line.time ?? 0, value: line.text })),
  };
}

/** AlbumID3 `discTitles`: the titles its discs have (from tags or `Disc 2 - Live` folders). */
function discTitlesOf(tracks: Track[]) {
  const titles = new Map<number, string>();
  for (const track of tracks) {
    if (track.disc_number && track.disc_title && !titles.has(track.disc_number))
      titles.set(track.disc_number, track.disc_title);
  }
  if (!titles.size) return {};
  return {
    discTitles: [...titles].sort(([a], [b]) => a - b).map(([disc, title]) => ({ disc, title })),
  };
}

/** The browsing, list, search and star calls of OpenSubsonic. */
export function createLibraryCalls(deps: LibraryCallDeps) {
  /** Cached answers read back once each (they go with their entry; nobody changes them). */
  const parsed = new WeakMap<object, Payload>();
  const { browse, catalog } = deps;
  const viewerOf = (user: User): Viewer => ({ userId: user.id });
  const folders = createMusicFolders(browse);
  const site = async () => (await deps.siteAddress?.current()) ?? null;

  async function marksFor(
    user: User,
    trackIds: number[],
    albumIds: number[],
  ): Promise<ListenerMarks> {
    const [starred, trackRatings, albumRatings, played] = await Promise.all([
      deps.likes.likedSince(user.id),
      deps.repository.ratings(user.id, 'tracks', trackIds),
      deps.repository.ratings(user.id, 'albums', albumIds),
      deps.plays?.lastPlayedBy(user.id, trackIds, albumIds),
    ]);
    return {
      starred,
      ratings: { tracks: trackRatings, albums: albumRatings },
      ...(played
        ? { played: { tracks: played.tracks, albums: played.albums }, playCounts: played.counts }
        : {}),
    };
  }

  async function songs(user: User, tracks: Track[], marks?: ListenerMarks) {
    const ids = tracks.map((track) => track.id);
    const [facts, known] = await Promise.all([
      browse.trackFacts(ids),
      marks ?? marksFor(user, ids, []),
    ]);
    return tracks.map((track) => presentSong(track, facts.get(track.id), known));
  }

  async function albumsById(user: User, ids: number[], folder?: FolderScope) {
    const visible = await browse.keepInFolder(
      'albums',
      await catalog.visibleAlbums(ids, viewerOf(user)),
      folder,
    );
    const albums = await browse.withTotals(visible, viewerOf(user));
    const marks = await marksFor(user, [], ids);
    return albums.map((album) => presentAlbum(album, marks));
  }

  async function artistIndex(user: User, folder: FolderScope) {
    const [artists, marks, address] = await Promise.all([
      browse.artists(viewerOf(user), folder),
      marksFor(user, [], []),
      site(),
    ]);
    const groups = new Map<string, ReturnType<typeof presentArtist>[]>();
    for (const artist of artists) {
      const letter = indexLetter(artist.name);
      groups.set(letter, [...(groups.get(letter) ?? []), presentArtist(artist, marks, address)]);
    }
    return {
      ignoredArticles: IGNORED_ARTICLES.join(' '),
      index: [...groups.entries()]
        .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
        .map(([name, artist]) => ({ name, artist })),
    };
  }

  return {
    songs,
    marksFor,

    getMusicFolders: async (user: User): Promise<Payload> => ({
      musicFolders: { musicFolder: await folders.list(user) },
    }),

    async getIndexes(user: User, params: SubsonicParams): Promise<Payload> {
      const folder = await folders.scope(user, params);
      const { ignoredArticles, index } = await artistIndex(user, folder);
      // Indexes are always sent whole (ifModifiedSince is not honoured), so any stable time does.
      return { indexes: { lastModified: STARTED_AT, ignoredArticles, index } };
    },

    async getArtists(user: User, params: SubsonicParams): Promise<Payload> {
      return { artists: await artistIndex(user, await folders.scope(user, params)) };
    },

    async getArtist(user: User, params: SubsonicParams): Promise<Payload> {
      const id = requireId(params, 'id', 'ar');
      const page = await catalog.artistPage(id, viewerOf(user));
      if (!page) throw notFound('Artist');
      const albums = await browse.withTotals(page.albums, viewerOf(user));
      const marks = await marksFor(
        user,
        [],
        albums.map((album) => album.id),
      );
      return {
        artist: {
          ...presentArtist({ ...page.artist, album_count: albums.length }, marks, await site()),
          album: albums.map((album) => presentAlbum(album, marks)),
        },
      };
    },

    async getAlbum(user: User, params: SubsonicParams): Promise<Payload> {
      const id = requireId(params, 'id', 'al');
      const album = await catalog.album(id, viewerOf(user));
      if (!album) throw notFound('Album');
      const [withTotals] = await browse.withTotals([album], viewerOf(user));
      const marks = await marksFor(
        user,
        album.tracks.map((track) => track.id),
        [id],
      );
      const genre = album.genres[0]?.display_name ?? null;
      return {
        album: {
          ...presentAlbum(withTotals!, marks, { genre }),
          ...discTitlesOf(album.tracks),
          song: await songs(user, album.tracks, marks),
        },
      };
    },

    async getSong(user: User, params: SubsonicParams): Promise<Payload> {
      const id = requireId(params, 'id', 'tr');
      const track = await catalog.track(id, viewerOf(user));
      if (!track) throw notFound('Song');
      const [song] = await songs(user, [track]);
      return { song };
    },

    async getAlbumList2(user: User, params: SubsonicParams): Promise<Payload> {
      const type = params.required('type');
      if (!(ALBUM_ORDERS as readonly string[]).includes(type)) {
        throw new SubsonicError(0, `Unknown list type: ${type}`);
      }
      const order = type as AlbumOrder;
      const fromYear = params.optionalInt('fromYear');
      const toYear = params.optionalInt('toYear');
      const genre = params.string('genre');
      if (order === 'byYear' && (fromYear === undefined || toYear === undefined)) {
        throw missing(fromYear === undefined ? 'fromYear' : 'toYear');
      }
      if (order === 'byGenre' && !genre) throw missing('genre');
      const folder = await folders.scope(user, params);
      const query = {
        order,
        size: params.int('size', 10, { min: 1, max: SUBSONIC_MAX_PAGE }),
        offset: params.int('offset', 0, { min: 0 }),
        ...(fromYear !== undefined ? { fromYear } : {}),
        ...(toYear !== undefined ? { toYear } : {}),
        ...(genre ? { genre } : {}),
      };
      const load = async (): Promise<Payload> => {
        const albums = await browse.albumList(query, viewerOf(user), folder);
        const marks = await marksFor(
          user,
          [],
          albums.map((album) => album.id),
        );
        return { albumList2: { album: albums.map((album) => presentAlbum(album, marks)) } };
      };
      if (order === 'random' || !deps.answers) return load();
      // The user's own list (what they may see, their stars): kept until the catalog or their
      // stars change, or for the cache's few seconds.
      const key = `subsonic:albumList2:${user.id}:${folder ?? '-'}:${JSON.stringify(query)}`;
      const answer = (await deps.answers.get(key, load))!;
      let payload = parsed.get(answer);
      if (!payload) parsed.set(answer, (payload = JSON.parse(answer.json.toString()) as Payload));
      return payload;
    },

    async getRandomSongs(user: User, params: SubsonicParams): Promise<Payload> {
      const genre = params.string('genre');
      const fromYear = params.optionalInt('fromYear');
      const toYear = params.optionalInt('toYear');
      const folder = await folders.scope(user, params);
      const tracks = await browse.randomTracks(
        params.int('size', 10, { min: 1, max: SUBSONIC_MAX_PAGE }),
        {
          ...(genre ? { genre } : {}),
          ...(fromYear !== undefined ? { fromYear } : {}),
          ...(toYear !== undefined ? { toYear } : {}),
        },
        viewerOf(user),
        folder,
      );
      return { randomSongs: { song: await songs(user, tracks) } };
    },

    async getGenres(user: User): Promise<Payload> {
      const genres = await browse.genres(viewerOf(user));
      return {
        genres: {
          genre: genres.map((genre) => ({
            value: genre.name,
            songCount: genre.song_count,
            albumCount: genre.album_count,
          })),
        },
      };
    },

    async getStarred2(user: User, params: SubsonicParams): Promise<Payload> {
      const folder = await folders.scope(user, params);
      const address = await site();
      const liked = await deps.likes.likedSince(user.id);
      const marks: ListenerMarks = { ...EMPTY_MARKS, starred: liked };
      const viewer = viewerOf(user);
      const [artists, albums, tracks] = await Promise.all([
        catalog
          .artists([...liked.artists.keys()], viewer)
          .then((found) => browse.keepInFolder('artists', found, folder)),
        albumsById(user, [...liked.albums.keys()], folder),
        catalog
          .visibleTracks([...liked.tracks.keys()], viewer)
          .then((found) => browse.keepInFolder('tracks', found, folder)),
      ]);
      return {
        starred2: {
          artist: artists.map((artist) => presentArtist(artist, marks, address)),
          album: albums,
          song: await songs(user, tracks, marks),
        },
      };
    },

    async star(user: User, params: SubsonicParams, starred: boolean): Promise<Payload> {
      const change = starred ? deps.likes.like : deps.likes.unlike;
      const targets = [
        ...idsOf(params, 'id', 'tr').map((id) => ['tracks', id] as const),
        ...idsOf(params, 'id', 'al').map((id) => ['albums', id] as const),
        ...idsOf(params, 'id', 'ar').map((id) => ['artists', id] as const),
        ...idsOf(params, 'albumId', 'al').map((id) => ['albums', id] as const),
        ...idsOf(params, 'artistId', 'ar').map((id) => ['artists', id] as const),
      ];
      if (!targets.length) throw missing('id');
      for (const [type, id] of targets) await change(user.id, type, id);
      deps.answers?.clear(); // Album lists show the user's stars.
      return {};
    },

    async setRating(user: User, params: SubsonicParams): Promise<Payload> {
      const raw = params.required('id');
      const rating = params.int('rating', -1);
      if (rating < 0 || rating > 5) throw new SubsonicError(0, 'The rating must be 0 to 5.');
      const [song] = idsOf(params, 'id', 'tr');
      const [album] = idsOf(params, 'id', 'al');
      if (song !== undefined) {
        if (!(await catalog.track(song, viewerOf(user)))) throw notFound('Song');
        await deps.repository.setRating(user.id, 'tracks', song, rating);
      } else if (album !== undefined) {
        if (!(await catalog.album(album, viewerOf(user)))) throw notFound('Album');
        await deps.repository.setRating(user.id, 'albums', album, rating);
      } else {
        throw notFound(raw);
      }
      deps.answers?.clear(); // Album lists show the user's ratings.
      return {};
    },

    async search3(user: User, params: SubsonicParams): Promise<Payload> {
      const query = (params.string('query') ?? '').replace(/^"(.*)"$/, '$1').trim();
      const count = (name: string, fallback: number) =>
        params.int(name, fallback, { min: 0, max: SUBSONIC_MAX_PAGE });
      const offset = (name: string) => params.int(name, 0, { min: 0 });
      const want = {
        artists: [count('artistCount', 20), offset('artistOffset')] as const,
        albums: [count('albumCount', 20), offset('albumOffset')] as const,
        songs: [count('songCount', 20), offset('songOffset')] as const,
      };
      const viewer = viewerOf(user);
      const folder = await folders.scope(user, params);
      const address = await site();
      // An empty query lists everything: clients sync their whole library that way, page after
      // page, each read after the key where the previous one ended (catalog/page-cursors.ts).
      if (!query) {
        const [artists, albums, tracks] = await Promise.all([
          want.artists[0]
            ? browse.artistsPage(want.artists[1], want.artists[0], viewer, folder)
            : [],
          want.albums[0]
            ? browse.albumList(
                { order: 'alphabeticalByName', size: want.albums[0], offset: want.albums[1] },
                viewer,
                folder,
              )
            : [],
          want.songs[0] ? browse.tracksPage(want.songs[1], want.songs[0], viewer, folder) : [],
        ]);
        const marks = await marksFor(
          user,
          tracks.map((t) => t.id),
          albums.map((a) => a.id),
        );
        return {
          searchResult3: {
            artist: artists.map((artist) => presentArtist(artist, marks, address)),
            album: albums.map((album) => presentAlbum(album, marks)),
            song: await songs(user, tracks, marks),
          },
        };
      }
      const widest = Math.max(...Object.values(want).map(([size, from]) => size + from), 1);
      const searched = await deps.search.search(
        query,
        ['artists', 'albums', 'tracks'],
        widest,
        viewer,
      );
      const [foundArtists, foundAlbums, foundTracks] = await Promise.all([
        browse.keepInFolder('artists', searched.artists, folder),
        browse.keepInFolder('albums', searched.albums, folder),
        browse.keepInFolder('tracks', searched.tracks, folder),
      ]);
      const found = { artists: foundArtists, albums: foundAlbums, tracks: foundTracks };
      const slice = <T>(items: T[], [size, from]: readonly [number, number]) =>
        items.slice(from, from + size);
      const albumIds = slice(found.albums, want.albums).map((album) => album.id);
      const tracks = slice(found.tracks, want.songs);
      const marks = await marksFor(
        user,
        tracks.map((t) => t.id),
        albumIds,
      );
      return {
        searchResult3: {
          artist: slice(found.artists, want.artists).map((artist) =>
            presentArtist(artist, marks, address),
          ),
          album: await albumsById(user, albumIds),
          song: await songs(user, tracks, marks),
        },
      };
    },

    async getLyricsBySongId(user: User, params: SubsonicParams): Promise<Payload> {
      const id = requireId(params, 'id', 'tr');
      const track = await catalog.track(id, viewerOf(user));
      if (!track) throw notFound('Song');
      const lyric = await catalog.lyric(id, viewerOf(user)).catch(() => null);
      return {
        lyricsList: {
          structuredLyrics: lyric
            ? [
                {
                  ...structuredLyrics(lyric),
                  displayArtist: track.artists.map((a) => a.name).join(', '),
                  displayTitle: track.name,
                },
              ]
            : [],
        },
      };
    },

    async getSimilarSongs2(user: User, params: SubsonicParams): Promise<Payload> {
      const id = requireId(params, 'id', 'ar');
      const station = await deps.radio.station('artist', id, viewerOf(user));
      const size = params.int('count', 50, { min: 1, max: SUBSONIC_MAX_PAGE });
      return { similarSongs2: { song: await songs(user, station.tracks.slice(0, size)) } };
    },

    async getTopSongs(user: User, params: SubsonicParams): Promise<Payload> {
      const name = params.required('artist').toLowerCase();
      const size = params.int('count', 50, { min: 1, max: SUBSONIC_MAX_PAGE });
      const found = await deps.search.search(name, ['artists'], 10, viewerOf(user));
      const artist = found.artists.find((a) => a.name.toLowerCase() === name) ?? found.artists[0];
      if (!artist) return { topSongs: { song: [] } };
      const page = await catalog.artistPage(artist.id, viewerOf(user));
      return { topSongs: { song: await songs(user, (page?.top_tracks ?? []).slice(0, size)) } };
    },
  };
}

export type LibraryCalls = ReturnType<typeof createLibraryCalls>;
