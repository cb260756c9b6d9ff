import { searchDocument } from '../search/document.ts';
import type { LibraryTrackInput } from './library-track-input.ts';
import { chunks, type Listing } from './listing.ts';
import { albumRowFromTags, lowerNames, newArtistRow, newLibraryTrackRow } from './rows.ts';
import type { CatalogWritePorts } from './writer.ts';

const UNKNOWN_ARTIST = 'Unknown artist';

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
  deps: Pick<CatalogWritePorts, 'repository' | 'search' | 'afterChange'>,
  listing: Listing,
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
        missing.map(([, want]) =>
          newArtistRow({ name: want.name, ownerId: null, accessFolderId: want.access, stamp }),
        ),
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
        inputs.map((input, index) =>
          newLibraryTrackRow(input, albums.get(index)?.id ?? null, stamp),
        ),
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
      await listing.listNewTracks(ids);
      await repo.refreshAlbumGains([...albums.values()].map((album) => album?.id ?? null));
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
      await listing.syncArtists(ids.filter((_, index) => !albums.has(index)));
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

    /**
     * Puts albums' tracks in the given orders and lists the albums (orderAlbum, for many).
     * With `discs` (each track's disc, in the same order), numbers start again at 1 on each
     * disc, so a two-disc album reads 1–3, 1–3 as its tags do.
     */
    async orderAlbums(
      orders: { albumId: number; trackIds: number[]; discs?: (number | null)[] }[],
    ) {
      if (!orders.length) return;
      await repo.setNumbers(
        orders.flatMap(({ albumId, trackIds, discs }) => {
          let number = 0;
          return trackIds.map((id, index) => {
            const disc = discs?.[index] ?? 1;
            number = index > 0 && disc !== (discs?.[index - 1] ?? 1) ? 1 : number + 1;
            return { id, number, albumId };
          });
        }),
      );
      for (const part of chunks(orders.map((order) => order.albumId)))
        await listing.syncAlbums(part);
      await listing.syncArtists(orders.flatMap((order) => order.trackIds));
      deps.afterChange();
    },
  };
}
