import { searchDocument } from '../search/document.ts';
import type { LibraryTrackInput } from './library-track-input.ts';
import type { MusicDeps } from './ports.ts';
import { isListed } from './present.ts';
import { albumRowFromTags, lowerNames } from './rows-from-tags.ts';

const UNKNOWN_ARTIST = 'Unknown artist';
/** Ids a statement where a query lists them (twice in some: PostgreSQL's 65,535 parameters). */
const IDS = 500;

const chunks = <T>(items: readonly T[], size = IDS): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Artist names as one track (or album) is linked to them: trimmed, each once, in order. */
const wantedNames = (names: string[]) =>
  [...new Map(names.map((n) => [n.trim().toLowerCase(), n.trim()])).values()]
    .filter(Boolean)
    .map((name) => name.slice(0, 255));

interface Named {
  id: number;
  name: string;
}

/**
 * The library import's writes of many new tracks at once (issue 18): the same rows, listing,
 * search documents and artist access as saving them one by one (library-catalog.ts), in a few
 * statements a batch instead of about thirty a track.
 */
export function createLibraryBulkWrites(
  deps: Pick<MusicDeps, 'repository' | 'search' | 'afterChange' | 'albumGains'>,
  isSynced: (lyrics: string) => boolean,
) {
  const { repository: repo } = deps;
  const now = () => new Date().toISOString();

  /** Every wanted artist by lowercased name, found (case-insensitive) or made. */
  async function resolveArtists(wants: { names: string[]; access: number | null }[]) {
    const all = new Map<string, { name: string; access: number | null }>();
    for (const want of wants) {
      for (const name of want.names) {
        const key = name.toLowerCase();
        if (!all.has(key)) all.set(key, { name, access: want.access });
      }
    }
    const byKey = new Map<string, Named>();
    for (const part of chunks([...all.values()].map((want) => want.name))) {
      for (const row of await repo.artistsByName(part)) {
        const key = row.name.toLowerCase();
        if (!byKey.has(key)) byKey.set(key, row);
      }
    }
    const missing = [...all].filter(([key]) => !byKey.has(key));
    if (missing.length) {
      const stamp = now();
      const ids = await repo.insertArtists(
        missing.map(([, want]) => ({
          name: want.name,
          image: null,
          description: null,
          verified: 0,
          links: '[]',
          plays: 0,
          popularity: 0,
          owner_id: null,
          access_folder_id: want.access,
          created_at: stamp,
          updated_at: stamp,
        })),
      );
      missing.forEach(([key, want], index) => byKey.set(key, { id: ids[index]!, name: want.name }));
      await deps.search.upsert(
        missing.map(([, want], index) => searchDocument('artist', ids[index]!, want.name, '', 0)),
      );
    }
    /** One track's or album's artists, each once, in order. */
    return (names: string[]): Named[] => {
      const seen = new Map<number, Named>();
      for (const name of names) {
        const artist = byKey.get(name.toLowerCase())!;
        if (!seen.has(artist.id)) seen.set(artist.id, artist);
      }
      return [...seen.values()];
    };
  }

  /** Genre ids by (lowercase) name, made when missing. */
  async function resolveGenres(names: string[]) {
    const wanted = [...new Set(names)];
    const byName = new Map<string, number>();
    for (const row of await repo.genresByNames(wanted)) byName.set(row.name, row.id);
    const missing = wanted.filter((name) => !byName.has(name));
    if (missing.length) {
      const stamp = now();
      const ids = await repo.insertGenres(
        missing.map((name) => ({
          name,
          display_name: name,
          image: null,
          popularity: 0,
          created_at: stamp,
        })),
      );
      missing.forEach((name, index) => byName.set(name, ids[index]!));
    }
    return byName;
  }

  type AlbumInput = NonNullable<LibraryTrackInput['album']>;
  interface AlbumEntry {
    id: number;
    name: string;
    image: string | null;
    /** Made by this batch, from its first track's tags. */
    made: AlbumInput | null;
    artistIds: number[];
  }

  /**
   * Each track's album: the existing one of that name (case-insensitive) by its album artist,
   * else one made from the first track naming it; a cover comes from the first track with one.
   */
  async function resolveAlbums(
    items: { album: AlbumInput; image: string | null; artists: Named[] }[],
  ) {
    const keyOf = (item: (typeof items)[number]) =>
      `${item.album.name.toLowerCase()}\u0000${item.artists[0]?.id ?? ''}`;
    const rows = await repo.albumsByLowerNames([
      ...new Set(items.map((item) => item.album.name.toLowerCase())),
    ]);
    const albums = new Map<string, AlbumEntry>();
    const made: { key: string; item: (typeof items)[number] }[] = [];
    for (const item of items) {
      const key = keyOf(item);
      if (albums.has(key)) continue;
      const artistId = item.artists[0]?.id;
      const found = rows.find(
        (row) =>
          row.key === item.album.name.toLowerCase() &&
          (artistId === undefined || row.artist_id === artistId),
      );
      albums.set(
        key,
        found
          ? { id: found.id, name: found.name, image: found.image, made: null, artistIds: [] }
          : {
              id: 0,
              name: item.album.name.slice(0, 255),
              image: null,
              made: item.album,
              artistIds: item.artists.map((a) => a.id),
            },
      );
      if (!found) made.push({ key, item });
    }
    // The first track with a picture gives an album without one its cover.
    const covers = new Map<string, string>();
    for (const item of items) {
      const key = keyOf(item);
      if (item.image && !albums.get(key)!.image && !covers.has(key)) covers.set(key, item.image);
    }
    if (made.length) {
      const stamp = now();
      const ids = await repo.insertAlbums(
        made.map(({ key, item }) =>
          albumRowFromTags({
            name: item.album.name,
            year: item.album.year,
            compilation: item.album.compilation,
            image: covers.get(key) ?? null,
            ownerId: null,
            status: 'published',
            stamp,
          }),
        ),
      );
      made.forEach(({ key }, index) => {
        const album = albums.get(key)!;
        album.id = ids[index]!;
        album.image = covers.get(key) ?? null;
        covers.delete(key);
      });
      await repo.insertLinks(
        'album_artists',
        made.flatMap(({ key }) =>
          albums.get(key)!.artistIds.map((artist_id, position) => ({
            album_id: albums.get(key)!.id,
            artist_id,
            position,
          })),
        ),
      );
      const genres = made.map(({ item }) => lowerNames(item.album.genres));
      const genreIds = await resolveGenres(genres.flat());
      await repo.insertLinks(
        'album_genres',
        made.flatMap(({ key }, index) =>
          genres[index]!.map((name) => ({
            album_id: albums.get(key)!.id,
            genre_id: genreIds.get(name)!,
          })),
        ),
      );
    }
    for (const [key, image] of covers) await repo.updateAlbum(albums.get(key)!.id, { image });
    return (item: (typeof items)[number]) => albums.get(keyOf(item))!;
  }

  /** Lists new tracks as saving each would (syncTrack): public unless their folder is restricted. */
  async function listTracks(ids: number[]) {
    const restricted = new Map<number, number>();
    for (const part of chunks(ids)) {
      for (const [id, folder] of await repo.restrictedFolders('tracks', part))
        restricted.set(id, folder);
    }
    await repo.updateMany(
      'tracks',
      ids.filter((id) => !restricted.has(id)),
      { is_public: 1 },
    );
    const byFolder = new Map<number, number[]>();
    for (const [id, folder] of restricted)
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), id]);
    for (const [folder, trackIds] of byFolder) {
      await repo.updateMany('tracks', trackIds, { access_folder_id: folder });
    }
  }

  /** Artists of these tracks (and of their albums) follow the folders they exist through. */
  async function syncArtists(trackIds: number[]) {
    const artists = new Set<number>();
    for (const part of chunks(trackIds)) {
      for (const id of await repo.artistsOfTracks(part)) artists.add(id);
    }
    for (const part of chunks([...artists])) await repo.syncArtistAccess(part);
  }

  return {
    /** New tracks (no track to update) with their artists, albums, genres and lyrics. */
    async insertTracks(inputs: LibraryTrackInput[]) {
      if (!inputs.length) return [];
      const access = (index: number) =>
        inputs[index]!.restricted ? inputs[index]!.folderId : null;
      const trackNames = inputs.map((input) =>
        wantedNames(input.artists.length ? input.artists : [input.album?.artist ?? UNKNOWN_ARTIST]),
      );
      const albumNames = inputs.map((input) =>
        input.album ? wantedNames([input.album.artist]) : [],
      );
      const artistsOf = await resolveArtists(
        inputs.flatMap((_, index) => [
          { names: trackNames[index]!, access: access(index) },
          { names: albumNames[index]!, access: access(index) },
        ]),
      );
      const withAlbum = inputs.flatMap((input, index) =>
        input.album
          ? [
              {
                index,
                album: input.album,
                image: input.image,
                artists: artistsOf(albumNames[index]!),
              },
            ]
          : [],
      );
      const albumOf = await resolveAlbums(withAlbum);
      const albums = new Map(withAlbum.map((item) => [item.index, albumOf(item)]));

      const stamp = now();
      const ids = await repo.insertTracks(
        inputs.map((input, index) => ({
          name: input.title.slice(0, 255),
          duration: input.durationMs,
          album_id: albums.get(index)?.id ?? null,
          image: input.image,
          audio_path: input.audioPath,
          audio_mime: input.mime,
          waveform: JSON.stringify(input.waveform),
          loudness_lufs: input.loudness?.integrated_lufs ?? null,
          true_peak_dbtp: input.loudness?.true_peak_dbtp ?? null,
          track_gain_db: input.loudness?.track_gain_db ?? null,
          gapless: input.gapless ? JSON.stringify(input.gapless) : null,
          library_folder_id: input.folderId,
          updated_at: stamp,
          number: null,
          description: null,
          owner_id: null,
          is_public: 0,
          plays: 0,
          popularity: 0,
          status: 'published',
          release_at: null,
          released_notified: 1,
          file_entry_id: null,
          created_at: stamp,
        })),
      );
      const artists = trackNames.map((names) => artistsOf(names));
      await repo.insertLinks(
        'track_artists',
        ids.flatMap((track_id, index) =>
          artists[index]!.map((artist, position) => ({ track_id, artist_id: artist.id, position })),
        ),
      );
      const genres = inputs.map((input) => lowerNames(input.genres));
      const genreIds = await resolveGenres(genres.flat());
      await repo.insertLinks(
        'track_genres',
        ids.flatMap((track_id, index) =>
          genres[index]!.map((name) => ({ track_id, genre_id: genreIds.get(name)! })),
        ),
      );
      await repo.insertLyrics(
        inputs.flatMap((input, index) => {
          const text = input.lyrics?.trim();
          return text
            ? [
                {
                  track_id: ids[index]!,
                  text,
                  is_synced: isSynced(text) ? 1 : 0,
                  created_at: stamp,
                  updated_at: stamp,
                },
              ]
            : [];
        }),
      );
      await listTracks(ids);
      await deps.albumGains([...albums.values()].map((album) => album?.id ?? null));
      await deps.search.upsert(
        ids.map((id, index) =>
          searchDocument(
            'track',
            id,
            inputs[index]!.title.slice(0, 255),
            [...artists[index]!.map((a) => a.name), albums.get(index)?.name ?? ''].join(' '),
            0,
          ),
        ),
      );
      // An album's artists follow its folder's access once it is ordered (orderAlbums).
      await syncArtists(ids.filter((_, index) => !albums.has(index)));
      deps.afterChange();
      return ids.map((trackId, index) => ({
        trackId,
        albumId: albums.get(index)?.id ?? null,
        previousAlbumId: null,
      }));
    },

    /** Each album's tracks in their current order (number, then id). */
    async albumsTrackIds(albumIds: number[]) {
      const byAlbum = new Map<number, number[]>(albumIds.map((id) => [id, []]));
      for (const row of await repo.tracksOfAlbums(albumIds))
        byAlbum.get(row.album_id!)?.push(row.id);
      return byAlbum;
    },

    /** Puts albums' tracks in the given orders and lists the albums (orderAlbum, for many). */
    async orderAlbums(orders: { albumId: number; trackIds: number[] }[]) {
      if (!orders.length) return;
      await repo.setNumbers(
        orders.flatMap(({ albumId, trackIds }) =>
          trackIds.map((id, index) => ({ id, number: index + 1, albumId })),
        ),
      );
      for (const part of chunks(orders.map((order) => order.albumId))) await listAlbums(part);
      await syncArtists(orders.flatMap((order) => order.trackIds));
      deps.afterChange();
    },
  };

  /** Albums' listing and search documents, as syncAlbum sets them (no one is told). */
  async function listAlbums(albumIds: number[]) {
    const rows = await repo.albumRows(albumIds);
    const listed = rows.filter((row) => isListed(row));
    const restricted = await repo.restrictedFolders(
      'albums',
      listed.map((row) => row.id),
    );
    const groups = new Map<string, { changes: Record<string, number | null>; ids: number[] }>();
    for (const row of rows) {
      const isOn = isListed(row);
      const scheduled =
        row.status === 'published' && row.visibility === 'public' && !!row.release_at && !isOn;
      const folder = isOn ? (restricted.get(row.id) ?? null) : null;
      const changes = {
        is_public: isOn && folder === null ? 1 : 0,
        access_folder_id: folder,
        released_notified: scheduled ? 0 : 1,
      };
      const key = JSON.stringify(changes);
      const group = groups.get(key) ?? { changes, ids: [] as number[] };
      group.ids.push(row.id);
      groups.set(key, group);
    }
    for (const { changes, ids } of groups.values()) await repo.updateMany('albums', ids, changes);
    const artists = new Map<number, string[]>();
    for (const row of await repo.artistsOf(
      'album_artists',
      listed.map((album) => album.id),
    )) {
      artists.set(row.owner, [...(artists.get(row.owner) ?? []), row.name]);
    }
    await deps.search.upsert(
      listed.map((row) =>
        searchDocument('album', row.id, row.name, (artists.get(row.id) ?? []).join(' '), 0),
      ),
    );
    const listedIds = new Set(listed.map((row) => row.id));
    await deps.search.remove(
      'album',
      rows.filter((row) => !listedIds.has(row.id)).map((row) => row.id),
    );
  }
}
