import { formatLrc } from '@backbeat/common';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { createCatalogWriteRepository } from '../../modules/catalog-writes/repository.ts';
import { demoAudioKey, plannedWaveform } from '../../modules/demo-audio/generator.ts';
import { lyricTimes, planSong, random } from '../../modules/demo-audio/plan.ts';
import type { Storage } from '../../storage/storage.ts';
import { albumArtwork, artistPortrait, genreArtwork } from './artwork.ts';
import {
  DEMO_ARTISTS,
  DEMO_GENRES,
  DEMO_PLAYLISTS,
  DEMO_TAGS,
  albumName,
  lyricLine,
  trackName,
} from './names.ts';

/** How a demo album's description names its kind ("An EP by …", never "A ep by …"). */
const RELEASE_KIND: Record<string, string> = { album: 'An album', ep: 'An EP', single: 'A single' };

export interface DemoCatalogOptions {
  artists: number;
  tracks: number;
  /** Albums the tracks are spread over; about 7.5 tracks each when not given. */
  albums?: number;
  /** Plays by made-up listeners over the last two weeks (trending, "also played"). */
  plays: number;
  /** Track lengths in seconds (demo audio is generated at this length). */
  seconds: [number, number];
  /** `files`: artwork per album and artist; `shared`: a small set reused (huge catalogs). */
  artwork: 'files' | 'shared';
  seed: number;
}

export const DEMO_CATALOG_DEFAULTS: DemoCatalogOptions = {
  artists: 20,
  tracks: 300,
  plays: 1500,
  seconds: [75, 150],
  artwork: 'files',
  seed: 7,
};

const ARTWORK_PREFIX = 'public/artwork/demo';
const SHARED_ARTWORK = 48;
const DAY = 86_400_000;
export const artworkUrl = (key: string) => `/storage/${key}`;

/**
 * Seeds a catalog that looks and sounds like a real one: artists with genres, tags, bios and
 * artwork, albums of every type, tracks with waveforms, synced lyrics, playlists and plays.
 * Audio is not rendered here: each track's key names its synth seed, and the stream makes
 * the file on first play (modules/streaming).
 */
export async function seedDemoCatalog(
  db: Db,
  storage: Storage,
  partial: Partial<DemoCatalogOptions> = {},
): Promise<{ artists: number; albums: number; tracks: number }> {
  const o = { ...DEMO_CATALOG_DEFAULTS, ...partial };
  const rand = random(o.seed);
  const pick = (n: number) => Math.floor(rand() * n);
  const files = new Map<string, string>();
  const now = new Date().toISOString();
  const image = (key: string, svg: () => string) => {
    if (!files.has(key)) files.set(key, svg());
    return artworkUrl(key);
  };

  const summary = await db.transaction().execute(async (trx) => {
    const writes = createCatalogWriteRepository(trx);
    const genreIds = new Map<string, number>();
    for (const [index, [name, display]] of DEMO_GENRES.entries()) {
      const id = await writes.insertGenre({
        name,
        display_name: display,
        image: image(`${ARTWORK_PREFIX}/genre-${index}.svg`, () =>
          genreArtwork(o.seed * 31 + index, display),
        ),
        popularity: 100 - index * 4,
        created_at: now,
      });
      genreIds.set(name, id);
    }
    const tagIds = new Map<string, number>();
    for (const name of DEMO_TAGS) {
      tagIds.set(name, await writes.insertTag({ name, display_name: name, created_at: now }));
    }

    // Artists: the hand-written twenty, then variations for bigger catalogs.
    const artists = Array.from({ length: o.artists }, (_, i) => {
      const base = DEMO_ARTISTS[i % DEMO_ARTISTS.length]!;
      const name = i < DEMO_ARTISTS.length ? base.name : `${albumName(pick)} ${i}`;
      return { ...base, name, popularity: 25 + pick(75) };
    });
    const artistImage = (i: number, name: string) =>
      o.artwork === 'files' || i < SHARED_ARTWORK
        ? image(`${ARTWORK_PREFIX}/artist-${i}.svg`, () => artistPortrait(o.seed * 17 + i, name))
        : artworkUrl(`${ARTWORK_PREFIX}/artist-${i % SHARED_ARTWORK}.svg`);
    const artistIds = await writes.insertArtists(
      artists.map((a, i) => ({
        name: a.name,
        image: artistImage(i, a.name),
        description: a.bio,
        verified: a.verified ? 1 : 0,
        links: JSON.stringify([
          {
            title: 'Website',
            url: `https://example.com/${encodeURIComponent(a.name.toLowerCase())}`,
          },
        ]),
        plays: a.popularity * 137,
        popularity: a.popularity,
        created_at: now,
        updated_at: now,
      })),
    );
    await writes.insertMany(
      'artist_genres',
      artists.flatMap((a, i) =>
        a.genres.map((g) => ({ artist_id: artistIds[i]!, genre_id: genreIds.get(g)! })),
      ),
    );

    // Albums: about 7.5 tracks each unless told, sizes varied so singles, EPs and albums all appear.
    const albumCount = Math.max(1, Math.min(o.tracks, Math.round(o.albums ?? o.tracks / 7.5)));
    const weights = Array.from({ length: albumCount }, () => 0.15 + rand() * 1.7);
    const weightSum = weights.reduce((a, b) => a + b, 0);
    const sizes = weights.map((w) => Math.max(1, Math.round((w / weightSum) * o.tracks)));
    sizes[sizes.length - 1] = Math.max(
      1,
      sizes.at(-1)! + o.tracks - sizes.reduce((a, b) => a + b, 0),
    );
    const albums = sizes.map((size, i) => {
      const artist = i % o.artists;
      const recent = i % 7 === 0;
      const released = new Date(Date.now() - (recent ? pick(60) : 60 + pick(8 * 365)) * DAY);
      return {
        artist,
        size,
        name: albumName(pick),
        type: size <= 2 ? 'single' : size <= 5 ? 'ep' : 'album',
        release_date: released.toISOString().slice(0, 10),
        popularity: Math.max(1, Math.round(artists[artist]!.popularity * (0.5 + rand() * 0.5))),
      };
    });
    const albumImage = (i: number, name: string, artistName: string) =>
      o.artwork === 'files' || i < SHARED_ARTWORK
        ? image(`${ARTWORK_PREFIX}/album-${i}.svg`, () =>
            albumArtwork(o.seed * 13 + i, name, artistName),
          )
        : artworkUrl(`${ARTWORK_PREFIX}/album-${i % SHARED_ARTWORK}.svg`);
    const albumIds = await writes.insertAlbums(
      albums.map((a, i) => ({
        name: a.name,
        release_date: a.release_date,
        image: albumImage(i, a.name, artists[a.artist]!.name),
        type: a.type,
        description: `${RELEASE_KIND[a.type]} by ${artists[a.artist]!.name}.`,
        is_public: 1,
        plays: a.popularity * 53,
        popularity: a.popularity,
        created_at: now,
        updated_at: now,
      })),
    );
    await writes.insertMany(
      'album_artists',
      albums.map((a, i) => ({
        album_id: albumIds[i]!,
        artist_id: artistIds[a.artist]!,
        position: 0,
      })),
    );
    await writes.insertMany(
      'album_genres',
      albums.flatMap((a, i) =>
        artists[a.artist]!.genres.map((g) => ({
          album_id: albumIds[i]!,
          genre_id: genreIds.get(g)!,
        })),
      ),
    );
    await writes.insertMany(
      'album_tags',
      albums.flatMap((a, i) =>
        artists[a.artist]!.tags.slice(0, 2).map((t) => ({
          album_id: albumIds[i]!,
          tag_id: tagIds.get(t)!,
        })),
      ),
    );

    // Tracks.
    const tracks: (Insertable<Database['tracks']> & {
      artist: number;
      feature: number | null;
      seed: number;
      style: string;
    })[] = [];
    albums.forEach((album, albumIndex) => {
      const artist = artists[album.artist]!;
      for (let n = 1; n <= album.size; n++) {
        const seconds = o.seconds[0] + pick(o.seconds[1] - o.seconds[0] + 1);
        const seed = o.seed * 100_003 + tracks.length;
        const popularity = Math.max(
          1,
          Math.round(album.popularity * (0.35 + rand() * 0.65) * (n <= 3 ? 1.2 : 1)),
        );
        tracks.push({
          name: trackName(pick),
          number: n,
          duration: seconds * 1000,
          album_id: albumIds[albumIndex]!,
          owner_id: null,
          is_public: 1,
          audio_path: demoAudioKey(seed, seconds, artist.style),
          audio_mime: 'audio/mpeg',
          waveform: JSON.stringify(plannedWaveform(seed, seconds, artist.style)),
          plays: popularity * 41,
          popularity,
          created_at: now,
          updated_at: now,
          artist: album.artist,
          feature:
            o.artists > 1 && rand() < 0.12
              ? (album.artist + 1 + pick(o.artists - 1)) % o.artists
              : null,
          seed,
          style: artist.style,
        });
      }
    });
    const trackIds = await writes.insertTracks(
      tracks.map(({ artist: _a, feature: _f, seed: _s, style: _st, ...row }) => row),
    );
    await writes.insertMany(
      'track_artists',
      tracks.flatMap((t, i) => [
        { track_id: trackIds[i]!, artist_id: artistIds[t.artist]!, position: 0 },
        ...(t.feature === null
          ? []
          : [{ track_id: trackIds[i]!, artist_id: artistIds[t.feature]!, position: 1 }]),
      ]),
    );
    await writes.insertMany(
      'track_genres',
      tracks.flatMap((t, i) =>
        artists[t.artist]!.genres.slice(0, 2).map((g) => ({
          track_id: trackIds[i]!,
          genre_id: genreIds.get(g)!,
        })),
      ),
    );
    await writes.insertMany(
      'track_tags',
      tracks.flatMap((t, i) => {
        const own = artists[t.artist]!.tags;
        const chosen = new Set([
          own[i % own.length]!,
          own[(i + 1) % own.length]!,
          DEMO_TAGS[pick(DEMO_TAGS.length)]!,
        ]);
        return [...chosen].map((tag) => ({ track_id: trackIds[i]!, tag_id: tagIds.get(tag)! }));
      }),
    );

    // Lyrics: about one track in five is "sung", with lines synced to the arrangement.
    const lyrics: Insertable<Database['lyrics']>[] = [];
    tracks.forEach((t, i) => {
      const roll = rand();
      if (roll > 0.25 || artists[t.artist]!.style === 'ambient') return;
      const plan = planSong(t.seed, Number(t.duration) / 1000, artists[t.artist]!.style);
      const lines = lyricTimes(plan).map((time) => ({
        time: Math.round(time * 1000),
        text: lyricLine(pick),
      }));
      const synced = roll < 0.2;
      lyrics.push({
        track_id: trackIds[i]!,
        text: synced ? formatLrc(lines) : lines.map((l) => l.text).join('\n'),
        is_synced: synced ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
    });
    await writes.insertMany('lyrics', lyrics);

    // Editorial playlists built from tags.
    for (const [index, playlist] of DEMO_PLAYLISTS.entries()) {
      const wanted = new Set(playlist.tags);
      const chosen = tracks
        .map((t, i) => ({
          id: trackIds[i]!,
          score: artists[t.artist]!.tags.filter((tag) => wanted.has(tag)).length + rand(),
        }))
        .filter((t) => t.score >= 1)
        .sort((a, b) => b.score - a.score)
        .slice(0, 18);
      const id = await writes.insertPlaylist({
        name: playlist.name,
        description: playlist.description,
        image: image(`${ARTWORK_PREFIX}/playlist-${index}.svg`, () =>
          albumArtwork(o.seed * 7 + 900 + index, playlist.name, 'Backbeat'),
        ),
        owner_id: null,
        is_public: 1,
        created_at: now,
        updated_at: now,
      });
      await writes.insertMany(
        'playlist_tracks',
        // Positions run 1..n, as every playlist change renumbers them.
        chosen.map((t, index) => ({
          playlist_id: id,
          track_id: t.id,
          position: index + 1,
          created_at: now,
        })),
      );
    }

    // Listening history of made-up listeners, each loyal to a few artists.
    const plays: Insertable<Database['track_plays']>[] = [];
    const byArtist = new Map<number, number[]>();
    tracks.forEach((t, i) =>
      byArtist.set(t.artist, [...(byArtist.get(t.artist) ?? []), trackIds[i]!]),
    );
    const listeners = Math.max(1, Math.round(o.plays / 25));
    for (let l = 0; l < listeners && o.plays > 0; l++) {
      const favourites = [pick(o.artists), pick(o.artists), pick(o.artists)];
      for (let p = 0; p < o.plays / listeners; p++) {
        const pool = byArtist.get(favourites[pick(favourites.length)]!) ?? [];
        if (!pool.length) continue;
        plays.push({
          track_id: pool[Math.floor(rand() ** 2 * pool.length)]!,
          user_id: null,
          listener: `demo-listener-${l}`,
          played_at: new Date(Date.now() - rand() * 14 * DAY).toISOString(),
          device: ['desktop', 'mobile', 'tablet'][pick(3)]!,
          platform: ['Windows', 'macOS', 'Android', 'iOS', 'Linux'][pick(5)]!,
          browser: ['Chrome', 'Firefox', 'Safari', 'Edge'][pick(4)]!,
          country: ['US', 'GB', 'DE', 'FR', 'BR', 'JP', 'NG', 'SE'][pick(8)]!,
          source: 'player',
        });
      }
    }
    await writes.insertMany('track_plays', plays);
    return { artists: artistIds.length, albums: albumIds.length, tracks: trackIds.length };
  });

  for (const [key, svg] of files) await storage.write(key, svg);
  return summary;
}
