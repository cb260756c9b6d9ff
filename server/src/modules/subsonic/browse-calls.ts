import type { RadioStation, SearchType, Track, User } from '@backbeat/common';
import { SUBSONIC_MAX_PAGE } from '@backbeat/common';
import type { CatalogBrowse } from '../catalog/browse-service.ts';
import type { CatalogService, Viewer } from '../catalog/service.ts';
import type { SongCriteria } from '../search/service.ts';
import { parseId, requireId } from './ids.ts';
import { structuredLyrics, type LibraryCalls } from './library-calls.ts';
import { createMusicFolders } from './music-folders.ts';
import { isStoredImage, playCountOf, presentAlbum, presentArtist } from './present.ts';
import { missing, notFound, type Payload, type SubsonicParams } from './protocol.ts';

/**
 * `newerThan` is kept at most at the end of year 9999: later moments have no four-digit year,
 * and a six-digit one would compare wrongly with the stored dates (and overflow PostgreSQL's).
 */
const LATEST_NEWER_THAN = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * The folder-browsing and v1 calls of Subsonic 1.16.1 (getMusicDirectory, getAlbumList,
 * getStarred, search2, getSimilarSongs) and the info calls (artist and album info, lyrics by
 * artist and title, songs by genre). The v1 lists are the ID3 answers in v1 shapes: albums as
 * directories (`Child` with `isDir`), artists as `Artist`.
 */
export interface BrowseCallDeps {
  library: Pick<LibraryCalls, 'songs' | 'marksFor' | 'getAlbumList2' | 'getStarred2' | 'search3'>;
  browse: Pick<CatalogBrowse, 'withTotals' | 'keepInFolder' | 'folders' | 'looseTracks'>;
  catalog: Pick<
    CatalogService,
    'album' | 'artistPage' | 'artists' | 'track' | 'lyric' | 'genre' | 'genreTracks'
  >;
  search: {
    search(
      query: string,
      types: SearchType[],
      perPage: number,
      viewer: Viewer,
    ): Promise<{ tracks: Track[] }>;
    songs(
      criteria: SongCriteria,
      page: { limit: number; offset: number },
      viewer: Viewer,
    ): Promise<{ total: number; tracks: Track[] }>;
  };
  radio: { station(type: 'track' | 'artist', id: number, viewer: Viewer): Promise<RadioStation> };
}

type AlbumID3 = ReturnType<typeof presentAlbum>;
type ArtistID3 = ReturnType<typeof presentArtist>;

/** An album as a v1 directory entry (`Child` with `isDir`). */
export function albumAsChild(album: AlbumID3) {
  return {
    id: album.id,
    ...(album.artistId ? { parent: album.artistId } : {}),
    isDir: true,
    title: album.name,
    name: album.name,
    album: album.name,
    ...(album.artist ? { artist: album.artist, artistId: album.artistId } : {}),
    ...(album.year ? { year: album.year } : {}),
    ...(album.genre ? { genre: album.genre } : {}),
    ...(album.coverArt ? { coverArt: album.coverArt } : {}),
    songCount: album.songCount,
    duration: album.duration,
    playCount: album.playCount,
    created: album.created,
    ...(album.starred ? { starred: album.starred } : {}),
    ...(album.userRating ? { userRating: album.userRating } : {}),
    mediaType: 'album',
  };
}

/** An artist as v1 `Artist`. */
const artistV1 = (artist: ArtistID3) => ({
  id: artist.id,
  name: artist.name,
  ...(artist.coverArt ? { coverArt: artist.coverArt } : {}),
  ...(artist.albumCount !== undefined ? { albumCount: artist.albumCount } : {}),
  ...(artist.starred ? { starred: artist.starred } : {}),
});

export function createBrowseCalls(deps: BrowseCallDeps) {
  const { library, browse, catalog } = deps;
  const viewerOf = (user: User): Viewer => ({ userId: user.id });
  const folders = createMusicFolders(browse);

  /** Artwork as absolute addresses (stored artwork only, as everywhere in /rest). */
  const imageUrls = (image: string | null, base: string) =>
    isStoredImage(image)
      ? {
          smallImageUrl: `${base}${image}`,
          mediumImageUrl: `${base}${image}`,
          largeImageUrl: `${base}${image}`,
        }
      : {};

  async function artistDirectory(user: User, id: number): Promise<Payload> {
    const page = await catalog.artistPage(id, viewerOf(user));
    if (!page) throw notFound('Directory');
    const [albums, loose] = await Promise.all([
      browse.withTotals(page.albums, viewerOf(user)),
      browse.looseTracks(id, viewerOf(user), SUBSONIC_MAX_PAGE),
    ]);
    const marks = await library.marksFor(
      user,
      loose.map((track) => track.id),
      albums.map((album) => album.id),
    );
    const starred = marks.starred.artists.get(id);
    return {
      directory: {
        id: `ar-${id}`,
        name: page.artist.name,
        ...(starred ? { starred } : {}),
        child: [
          ...albums.map((album) => albumAsChild(presentAlbum(album, marks))),
          ...(await library.songs(user, loose, marks)),
        ],
      },
    };
  }

  async function albumDirectory(user: User, id: number): Promise<Payload> {
    const album = await catalog.album(id, viewerOf(user));
    if (!album) throw notFound('Directory');
    const marks = await library.marksFor(
      user,
      album.tracks.map((track) => track.id),
      [id],
    );
    const starred = marks.starred.albums.get(id);
    const rating = marks.ratings.albums.get(id);
    const first = album.artists[0];
    return {
      directory: {
        id: `al-${id}`,
        ...(first ? { parent: `ar-${first.id}` } : {}),
        name: album.name,
        ...(starred ? { starred } : {}),
        ...(rating ? { userRating: rating } : {}),
        playCount: playCountOf(marks, 'albums', id, album.plays),
        child: await library.songs(user, album.tracks, marks),
      },
    };
  }

  async function similarArtists(user: User, id: number, count: number) {
    const page = await catalog.artistPage(id, viewerOf(user));
    if (!page) throw notFound('Artist');
    const marks = await library.marksFor(user, [], []);
    return {
      page,
      similar: page.similar.slice(0, count).map((artist) => presentArtist(artist, marks)),
    };
  }

  /** An album id, or a song id standing for its album (getAlbumInfo takes either). */
  async function albumOf(user: User, params: SubsonicParams) {
    const raw = params.required('id');
    const parsed = parseId(raw, 'al');
    let albumId = parsed?.kind === 'al' ? parsed.id : undefined;
    if (parsed?.kind === 'tr') {
      albumId = (await catalog.track(parsed.id, viewerOf(user)))?.album?.id;
    }
    const album = albumId ? await catalog.album(albumId, viewerOf(user)) : null;
    if (!album) throw notFound('Album');
    return album;
  }

  return {
    /** An artist's albums, or an album's songs: what folder-browsing clients descend through. */
    async getMusicDirectory(user: User, params: SubsonicParams): Promise<Payload> {
      const parsed = parseId(params.required('id'));
      if (parsed?.kind === 'ar') return artistDirectory(user, parsed.id);
      if (parsed?.kind === 'al') return albumDirectory(user, parsed.id);
      throw notFound('Directory');
    },

    async getAlbumList(user: User, params: SubsonicParams): Promise<Payload> {
      const { albumList2 } = (await library.getAlbumList2(user, params)) as {
        albumList2: { album: AlbumID3[] };
      };
      return { albumList: { album: albumList2.album.map(albumAsChild) } };
    },

    async getStarred(user: User, params: SubsonicParams): Promise<Payload> {
      const { starred2 } = (await library.getStarred2(user, params)) as {
        starred2: { artist: ArtistID3[]; album: AlbumID3[]; song: unknown[] };
      };
      return {
        starred: {
          artist: starred2.artist.map(artistV1),
          album: starred2.album.map(albumAsChild),
          song: starred2.song,
        },
      };
    },

    async search2(user: User, params: SubsonicParams): Promise<Payload> {
      const { searchResult3 } = (await library.search3(user, params)) as {
        searchResult3: { artist: ArtistID3[]; album: AlbumID3[]; song: unknown[] };
      };
      return {
        searchResult2: {
          artist: searchResult3.artist.map(artistV1),
          album: searchResult3.album.map(albumAsChild),
          song: searchResult3.song,
        },
      };
    },

    /**
     * Subsonic's first search (deprecated since 1.4.0; old apps still ask it): songs only,
     * each of artist, album and title narrowing by its field, `any` searching all of them,
     * `newerThan` keeping songs added after it, and `totalHits` counting every match.
     */
    async search(user: User, params: SubsonicParams): Promise<Payload> {
      const text = (name: string) => params.string(name)?.trim() || undefined;
      const fields = { artist: text('artist'), album: text('album'), title: text('title') };
      const given = [fields.artist, fields.album, fields.title].filter(Boolean);
      const any = text('any');
      // The OpenSubsonic description types `any` as a flag ("searches all fields") where
      // Subsonic took words: `any=true` beside other fields searches every field for theirs.
      const isFlag = given.length > 0 && (any === 'true' || any === 'false');
      const criteria: SongCriteria = !isFlag
        ? { ...fields, any }
        : any === 'true'
          ? { any: given.join(' ') }
          : fields;
      if (!criteria.any && !given.length) throw missing('any');
      const count = params.int('count', 20, { min: 0, max: SUBSONIC_MAX_PAGE });
      const offset = params.int('offset', 0, { min: 0 });
      if (params.string('newerThan')) {
        criteria.newerThan = new Date(
          params.int('newerThan', 0, { min: 0, max: LATEST_NEWER_THAN }),
        );
      }
      const found = await deps.search.songs(criteria, { limit: count, offset }, viewerOf(user));
      return {
        searchResult: {
          offset,
          totalHits: found.total,
          match: await library.songs(user, found.tracks),
        },
      };
    },

    /** Songs like an artist's, an album's (its first artist) or a song's. */
    async getSimilarSongs(user: User, params: SubsonicParams): Promise<Payload> {
      const parsed = parseId(params.required('id'));
      const viewer = viewerOf(user);
      let seed: { type: 'track' | 'artist'; id: number } | null = null;
      if (parsed?.kind === 'tr' || parsed?.kind === 'ar') {
        seed = { type: parsed.kind === 'tr' ? 'track' : 'artist', id: parsed.id };
      } else if (parsed?.kind === 'al') {
        const first = (await catalog.album(parsed.id, viewer))?.artists[0];
        if (first) seed = { type: 'artist', id: first.id };
      }
      if (!seed) throw notFound('Data');
      const station = await deps.radio.station(seed.type, seed.id, viewer);
      const size = params.int('count', 50, { min: 1, max: SUBSONIC_MAX_PAGE });
      return { similarSongs: { song: await library.songs(user, station.tracks.slice(0, size)) } };
    },

    async getArtistInfo(
      user: User,
      params: SubsonicParams,
      base: string,
      version: 1 | 2,
    ): Promise<Payload> {
      const id = requireId(params, 'id', 'ar');
      const count = params.int('count', 20, { min: 0, max: SUBSONIC_MAX_PAGE });
      const { page, similar } = await similarArtists(user, id, count);
      const info = {
        ...(page.artist.description ? { biography: page.artist.description } : {}),
        ...imageUrls(page.artist.image, base),
        similarArtist: version === 2 ? similar : similar.map(artistV1),
      };
      return version === 2 ? { artistInfo2: info } : { artistInfo: info };
    },

    async getAlbumInfo(user: User, params: SubsonicParams, base: string): Promise<Payload> {
      const album = await albumOf(user, params);
      return {
        albumInfo: {
          ...(album.description ? { notes: album.description } : {}),
          ...imageUrls(album.image, base),
        },
      };
    },

    /** The lyrics of the first song with this title (and artist, when given) that has some. */
    async getLyrics(user: User, params: SubsonicParams): Promise<Payload> {
      const title = params.string('title')?.trim() ?? '';
      const artist = params.string('artist')?.trim().toLowerCase() ?? '';
      if (!title) return { lyrics: {} };
      const viewer = viewerOf(user);
      const found = await deps.search.search(title, ['tracks'], 50, viewer);
      const match = found.tracks.find(
        (track) =>
          track.has_lyrics &&
          track.name.toLowerCase() === title.toLowerCase() &&
          (!artist || track.artists.some((a) => a.name.toLowerCase() === artist)),
      );
      const lyric = match ? await catalog.lyric(match.id, viewer).catch(() => null) : null;
      if (!match || !lyric) return { lyrics: {} };
      return {
        lyrics: {
          artist: match.artists.map((a) => a.name).join(', '),
          title: match.name,
          value: structuredLyrics(lyric)
            .line.map((line) => line.value)
            .join('\n'),
        },
      };
    },

    async getSongsByGenre(user: User, params: SubsonicParams): Promise<Payload> {
      const name = params.required('genre');
      const count = params.int('count', 10, { min: 1, max: SUBSONIC_MAX_PAGE });
      const offset = params.int('offset', 0, { min: 0 });
      const folder = await folders.scope(user, params);
      const genre = await catalog.genre(name);
      const tracks = genre
        ? await browse.keepInFolder(
            'tracks',
            await catalog.genreTracks(genre.id, viewerOf(user), count, offset),
            folder,
          )
        : [];
      return { songsByGenre: { song: await library.songs(user, tracks) } };
    },
  };
}

export type BrowseCalls = ReturnType<typeof createBrowseCalls>;
