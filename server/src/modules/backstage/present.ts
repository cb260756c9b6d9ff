import {
  ALBUM_TYPES,
  MUSIC_VISIBILITIES,
  RELEASE_STATUSES,
  type AlbumType,
  type ArtistRef,
  type BackstageAlbum,
  type BackstageArtist,
  type BackstageTrack,
  type ExternalLink,
} from '@backbeat/common';
import type { BackstageMusicRepository } from './music-repository.ts';

type TrackRow = Awaited<ReturnType<BackstageMusicRepository['trackRows']>>[number];
type AlbumRow = Awaited<ReturnType<BackstageMusicRepository['albumRows']>>[number];
type ArtistRow = Awaited<ReturnType<BackstageMusicRepository['artistRows']>>[number];

const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;
const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

export interface Extras {
  artists: ArtistRef[];
  genres: string[];
  tags: string[];
}

export function presentTrack(row: TrackRow, extras: Extras): BackstageTrack {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    duration: Number(row.duration),
    album: row.album_id
      ? { id: row.album_id, name: row.album_name ?? '', image: row.album_image }
      : null,
    lyrics: row.lyrics ?? null,
    downloadable: Number(row.downloadable) === 1,
    file_entry_id: row.file_entry_id,
    has_audio: !!row.audio_path,
    plays: Number(row.plays),
    status: oneOf(RELEASE_STATUSES, row.status, 'draft'),
    visibility: oneOf(MUSIC_VISIBILITIES, row.visibility, 'public'),
    release_at: iso(row.release_at),
    is_public: Number(row.is_public) === 1,
    description: row.description,
    image: row.image,
    created_at: new Date(row.created_at).toISOString(),
    ...extras,
  };
}

export function presentAlbum(row: AlbumRow, extras: Extras): BackstageAlbum {
  return {
    id: row.id,
    name: row.name,
    type: oneOf<AlbumType>(ALBUM_TYPES, row.type, 'album'),
    release_date: row.release_date,
    tracks_count: Number(row.tracks_count ?? 0),
    gapless: Number(row.gapless) === 1,
    status: oneOf(RELEASE_STATUSES, row.status, 'draft'),
    visibility: oneOf(MUSIC_VISIBILITIES, row.visibility, 'public'),
    release_at: iso(row.release_at),
    is_public: Number(row.is_public) === 1,
    description: row.description,
    image: row.image,
    created_at: new Date(row.created_at).toISOString(),
    ...extras,
  };
}

export function presentArtist(row: ArtistRow, genres: string[]): BackstageArtist {
  let links: ExternalLink[];
  try {
    links = JSON.parse(row.links) as ExternalLink[];
  } catch {
    links = [];
  }
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    description: row.description,
    verified: Number(row.verified) === 1,
    links,
    genres,
  };
}

/** `{ owner, name }` rows to a map of owner → names. */
export function namesByOwner(rows: { owner: number; name: string }[]): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const row of rows) map.set(row.owner, [...(map.get(row.owner) ?? []), row.name]);
  return map;
}
