import type {
  Album,
  AlbumType,
  Artist,
  ArtistRef,
  ExternalLink,
  Genre,
  Tag,
  GaplessInfo,
  Track,
  TrackLoudness,
} from '@backbeat/common';
import { gaplessInfoSchema, replayGainFor } from '@backbeat/common';
import type { AlbumRow, ArtistRow, NamedRef, TrackRow } from './rows.ts';

/** Groups `{ owner, ...ref }` rows by owner id, keeping their order. */
export function groupByOwner<T extends { owner: number }>(
  rows: T[],
): Map<number, Omit<T, 'owner'>[]> {
  const groups = new Map<number, Omit<T, 'owner'>[]>();
  for (const { owner, ...rest } of rows) {
    let list = groups.get(owner);
    if (!list) groups.set(owner, (list = []));
    list.push(rest);
  }
  return groups;
}

/** Rows come back in any order; lists keep the order the ids were asked in. */
export function inOrder<T extends { id: number }>(ids: readonly number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

const artistRef = (ref: Omit<NamedRef, 'owner'>): ArtistRef => ({
  id: ref.id,
  name: ref.name,
  image: ref.image,
});

export function presentTrack(row: TrackRow, artists: Omit<NamedRef, 'owner'>[] = []): Track {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    ...(row.disc_number != null
      ? { disc_number: Number(row.disc_number), disc_title: row.disc_title ?? null }
      : {}),
    duration: row.duration,
    artists: artists.map(artistRef),
    album: row.album_id
      ? {
          id: row.album_id,
          name: row.album_name ?? '',
          image: row.album_image,
          ...(row.album_gapless != null ? { gapless: Number(row.album_gapless) === 1 } : {}),
        }
      : null,
    image: row.image ?? row.album_image,
    plays: Number(row.plays),
    popularity: Number(row.popularity),
    is_public: row.is_public === 1,
    owner_id: row.owner_id,
    has_lyrics: Boolean(row.has_lyrics),
    created_at: row.created_at,
    loudness: loudnessOf(row),
    gapless: gaplessOf(row),
  };
}

/** The encoder delay and padding the player trims, when the pipeline read them. */
export function gaplessOf(row: TrackRow): GaplessInfo | null {
  if (!row.gapless) return null;
  const parsed = gaplessInfoSchema.safeParse(JSON.parse(row.gapless));
  return parsed.success ? parsed.data : null;
}

/** The player's levelling figures, once the track's audio has been measured. */
export function loudnessOf(row: TrackRow): TrackLoudness | null {
  if (row.loudness_lufs == null || row.true_peak_dbtp == null) return null;
  const lufs = Number(row.loudness_lufs);
  return {
    integrated_lufs: lufs,
    true_peak_dbtp: Number(row.true_peak_dbtp),
    track_gain_db: row.track_gain_db != null ? Number(row.track_gain_db) : replayGainFor(lufs),
    album_gain_db: row.album_gain_db != null ? Number(row.album_gain_db) : null,
  };
}

export function presentAlbum(row: AlbumRow, artists: Omit<NamedRef, 'owner'>[] = []): Album {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    release_date: row.release_date,
    type: row.type as AlbumType,
    artists: artists.map(artistRef),
    plays: Number(row.plays),
    popularity: Number(row.popularity),
    is_public: row.is_public === 1,
    owner_id: row.owner_id,
    tracks_count: Number(row.tracks_count),
  };
}

function parseLinks(json: string): ExternalLink[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as ExternalLink[]) : [];
  } catch {
    return [];
  }
}

export function presentArtist(row: ArtistRow, genres: Genre[] = []): Artist {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    description: row.description,
    verified: row.verified === 1,
    links: parseLinks(row.links),
    genres,
    plays: Number(row.plays),
    popularity: Number(row.popularity),
  };
}

export const presentGenre = (row: Genre): Genre => ({
  id: row.id,
  name: row.name,
  display_name: row.display_name,
  image: row.image,
});

export const presentTag = (row: Tag): Tag => ({
  id: row.id,
  name: row.name,
  display_name: row.display_name,
});

export function parseWaveform(json: string): number[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}
