import { slugify } from '../slug.ts';
import type { AlbumRef, ArtistRef, RadioSeedType } from './types.ts';

/** Web player addresses (spec §2 routes). Pages link through these, never by hand. */

const segment = (text: string) => slugify(text) || '-';

export const artistLink = (artist: { id: number; name: string }) =>
  `/artist/${artist.id}/${segment(artist.name)}`;

export function albumLink(album: AlbumRef & { artists?: ArtistRef[] }, artist?: ArtistRef) {
  const by = artist ?? album.artists?.[0];
  return `/album/${album.id}/${segment(by?.name ?? 'various')}/${segment(album.name)}`;
}

export const trackLink = (track: { id: number; name: string }) =>
  `/track/${track.id}/${segment(track.name)}`;

export const playlistLink = (playlist: { id: number; name: string }) =>
  `/playlist/${playlist.id}/${segment(playlist.name)}`;

export const tagLink = (tag: { name: string }, tab?: 'tracks' | 'albums') =>
  `/tag/${encodeURIComponent(tag.name)}${tab ? `/${tab}` : ''}`;

export const genreLink = (genre: { name: string }) =>
  `/channel/genre/${encodeURIComponent(genre.name)}`;

export const channelLink = (channel: { slug: string }) => `/channel/${channel.slug}`;

export const userLink = (user: { id: number; name: string }) =>
  `/user/${user.id}/${segment(user.name)}`;

export const radioLink = (type: RadioSeedType, seed: { id: number; name: string }) =>
  `/radio/${type}/${seed.id}/${segment(seed.name)}`;

export const searchLink = (query: string, tab?: string) =>
  `/search/${encodeURIComponent(query)}${tab ? `/${tab}` : ''}`;

export const trackEmbedLink = (track: { id: number; name: string }) => `${trackLink(track)}/embed`;

export const albumEmbedLink = (album: AlbumRef & { artists?: ArtistRef[] }) =>
  `${albumLink(album)}/embed`;

/** "3:07", or "1:02:03" past an hour. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}
