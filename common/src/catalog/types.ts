/** The catalog as the API presents it. Durations are milliseconds, dates ISO 8601 UTC. */

export interface ArtistRef {
  id: number;
  name: string;
  image: string | null;
}

export interface Genre {
  id: number;
  name: string;
  display_name: string;
  image: string | null;
}

export interface Tag {
  id: number;
  name: string;
  display_name: string;
}

export interface ExternalLink {
  url: string;
  title: string;
}

export interface Artist extends ArtistRef {
  description: string | null;
  verified: boolean;
  links: ExternalLink[];
  genres: Genre[];
  plays: number;
  popularity: number;
}

export const ALBUM_TYPES = ['album', 'single', 'ep', 'compilation'] as const;
export type AlbumType = (typeof ALBUM_TYPES)[number];

export interface AlbumRef {
  id: number;
  name: string;
  image: string | null;
}

export interface Track {
  id: number;
  name: string;
  number: number | null;
  /** Milliseconds. */
  duration: number;
  artists: ArtistRef[];
  album: AlbumRef | null;
  /** The track's own artwork, else its album's. */
  image: string | null;
  plays: number;
  popularity: number;
  is_public: boolean;
  owner_id: number | null;
  has_lyrics: boolean;
  created_at: string;
}

export interface TrackDetails extends Track {
  description: string | null;
  genres: Genre[];
  tags: Tag[];
  /** Peak levels 0..1 for the seek bar, evenly spaced over the duration. */
  waveform: number[];
}

export interface Album extends AlbumRef {
  release_date: string | null;
  type: AlbumType;
  artists: ArtistRef[];
  plays: number;
  popularity: number;
  is_public: boolean;
  owner_id: number | null;
  tracks_count: number;
}

export interface AlbumDetails extends Album {
  description: string | null;
  genres: Genre[];
  tags: Tag[];
  tracks: Track[];
}

export interface Lyric {
  track_id: number;
  text: string;
  is_synced: boolean;
}

export interface UserSummary {
  id: number;
  name: string;
  image: string | null;
}

export interface Playlist {
  id: number;
  name: string;
  description: string | null;
  image: string | null;
  owner: UserSummary | null;
  is_public: boolean;
  /** Invited editors may add, remove and reorder its tracks. */
  is_collaborative: boolean;
  tracks_count: number;
  created_at: string;
}

export interface PlaylistDetails extends Playlist {
  tracks: Track[];
  /** The people invited to edit a collaborative playlist, first invited first. */
  editors: UserSummary[];
}

export const CHANNEL_LAYOUTS = ['grid', 'carousel', 'trackTable'] as const;
export type ChannelLayout = (typeof CHANNEL_LAYOUTS)[number];

export const CHANNEL_CONTENT_TYPES = [
  'tracks',
  'albums',
  'artists',
  'genres',
  'playlists',
  'channels',
] as const;
export type ChannelContentType = (typeof CHANNEL_CONTENT_TYPES)[number];

export type ChannelContent =
  | { type: 'tracks'; data: Track[] }
  | { type: 'albums'; data: Album[] }
  /** Cards need no more than this; a page asks for the artist when opened. */
  | { type: 'artists'; data: ArtistRef[] }
  | { type: 'genres'; data: Genre[] }
  | { type: 'playlists'; data: Playlist[] }
  | { type: 'channels'; data: Channel[] };

export interface Channel {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  layout: ChannelLayout;
  hide_title: boolean;
  /** A genre name this channel's content is narrowed to (`channel/genre/{name}`). */
  restriction: { type: 'genre'; value: string; display_name: string; image: string | null } | null;
  content: ChannelContent;
}

export const SEARCH_TYPES = ['artists', 'albums', 'tracks', 'playlists', 'users', 'tags'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchResults {
  query: string;
  artists: Artist[];
  albums: Album[];
  tracks: Track[];
  playlists: Playlist[];
  users: UserSummary[];
  tags: Tag[];
}

export const RADIO_SEED_TYPES = ['artist', 'track', 'genre'] as const;
export type RadioSeedType = (typeof RADIO_SEED_TYPES)[number];

export interface RadioStation {
  seed: { type: RadioSeedType; id: number; name: string; image: string | null };
  tracks: Track[];
}
