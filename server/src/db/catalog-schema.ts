import type { Generated } from 'kysely';

/** Booleans are 0/1 integers and timestamps ISO strings on both dialects (see schema.ts). */
type Flag = number;
type Timestamp = string;

export interface ArtistsTable {
  id: Generated<number>;
  name: string;
  image: string | null;
  description: string | null;
  verified: Flag;
  /** JSON: `[{ url, title }]`. */
  links: string;
  plays: number;
  popularity: number;
  owner_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Seen only through this restricted library folder (0020_library_access); else null. */
  access_folder_id: Generated<number | null>;
}

export interface AlbumsTable {
  id: Generated<number>;
  name: string;
  /** `YYYY-MM-DD`. */
  release_date: string | null;
  image: string | null;
  type: string;
  description: string | null;
  owner_id: number | null;
  is_public: Flag;
  plays: number;
  popularity: number;
  /** Backstage (0012): `draft` until published; `public` or `private`; hidden until release_at. */
  status: Generated<string>;
  visibility: Generated<string>;
  release_at: Timestamp | null;
  /** 0 while a scheduled release still owes the followers their notification. */
  released_notified: Generated<Flag>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Listed but restricted to this library folder's chosen users (0020_library_access). */
  access_folder_id: Generated<number | null>;
  /** Recorded without gaps (0019_gapless): its tracks play sample-joined, never crossfaded. */
  gapless: Generated<Flag>;
  /**
   * The lowercase name of its alphabetically first artist, '' without one (0035): the
   * `alphabeticalByArtist` order's key, recomputed by catalog-writes when links or names change.
   */
  artist_sort: Generated<string>;
  /** How many likes it has (0035): the `highest` order's key, recounted when likes change. */
  like_count: Generated<number>;
}

export interface AlbumArtistsTable {
  album_id: number;
  artist_id: number;
  position: number;
}

export interface TracksTable {
  id: Generated<number>;
  name: string;
  number: number | null;
  /** Milliseconds. */
  duration: number;
  album_id: number | null;
  image: string | null;
  description: string | null;
  owner_id: number | null;
  is_public: Flag;
  /** Key of the audio file in storage. */
  audio_path: string | null;
  audio_mime: string | null;
  /** JSON array of peak levels 0..1. */
  waveform: string;
  plays: number;
  popularity: number;
  /** Backstage (0012): `draft` until published; `public` or `private`; hidden until release_at. */
  status: Generated<string>;
  visibility: Generated<string>;
  release_at: Timestamp | null;
  /** 0 while a scheduled release still owes the followers their notification. */
  released_notified: Generated<Flag>;
  downloadable: Generated<Flag>;
  /** The uploaded file entry the audio came from (backstage). */
  file_entry_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** EBU R128 figures (0011_media_pipeline); null until the audio was analysed. */
  loudness_lufs: number | null;
  true_peak_dbtp: number | null;
  track_gain_db: number | null;
  album_gain_db: number | null;
  /** The library folder its file is in (0020_library_access); null for uploads. */
  library_folder_id: Generated<number | null>;
  /** Listed but restricted to this library folder's chosen users (0020_library_access). */
  access_folder_id: Generated<number | null>;
  /** JSON GaplessInfo: encoder delay and padding (0019_gapless); null when none was read. */
  gapless: string | null;
  /** The disc it is on and that disc's title (0030_track_discs); null when unknown. */
  disc_number: Generated<number | null>;
  disc_title: Generated<string | null>;
  /** A library file's bytes, average bits per second, bits a sample, MusicBrainz recording id. */
  file_size: Generated<number | null>;
  bitrate: Generated<number | null>;
  bit_depth: Generated<number | null>;
  musicbrainz_id: Generated<string | null>;
}

export interface TrackArtistsTable {
  track_id: number;
  artist_id: number;
  position: number;
  /** Copies of the track's, kept by triggers (migration 0036): the list order and its rule. */
  popularity: Generated<number>;
  is_public: Generated<Flag>;
}

export interface GenresTable {
  id: Generated<number>;
  name: string;
  display_name: string;
  image: string | null;
  popularity: number;
  created_at: Timestamp;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  display_name: string;
  created_at: Timestamp;
}

export interface ArtistGenresTable {
  artist_id: number;
  genre_id: number;
}
export interface AlbumGenresTable {
  album_id: number;
  genre_id: number;
  /** Copies of the album's, kept by triggers (migration 0036): the list order and its rule. */
  popularity: Generated<number>;
  is_public: Generated<Flag>;
}
export interface TrackGenresTable {
  track_id: number;
  genre_id: number;
  /** Copies of the track's, kept by triggers (migration 0036): the list order and its rule. */
  popularity: Generated<number>;
  is_public: Generated<Flag>;
}
export interface TrackTagsTable {
  track_id: number;
  tag_id: number;
  /** Copies of the track's, kept by triggers (migration 0036): the list order and its rule. */
  popularity: Generated<number>;
  is_public: Generated<Flag>;
}
export interface AlbumTagsTable {
  album_id: number;
  tag_id: number;
  /** Copies of the album's, kept by triggers (migration 0036): the list order and its rule. */
  popularity: Generated<number>;
  is_public: Generated<Flag>;
}

/** The tables linking an artist, album or track to its genres, and to its tags. */
export type GenreLinkTable = 'artist_genres' | 'album_genres' | 'track_genres';
export type TagLinkTable = 'album_tags' | 'track_tags';
/** The column of each link table naming its owner (artist, album or track). */
export const LINK_OWNER_COLUMN = {
  artist_genres: 'artist_id',
  album_genres: 'album_id',
  track_genres: 'track_id',
  album_tags: 'album_id',
  track_tags: 'track_id',
} as const;

export interface LyricsTable {
  id: Generated<number>;
  track_id: number;
  text: string;
  is_synced: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlaylistsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  image: string | null;
  owner_id: number | null;
  is_public: Flag;
  /** The workspace it belongs to (0005_library); NULL is the owner's personal workspace. */
  workspace_id: number | null;
  /** Invited editors may change its tracks (0006_collaborative_playlists). */
  is_collaborative: Generated<Flag>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlaylistTracksTable {
  playlist_id: number;
  track_id: number;
  position: number;
  created_at: Timestamp;
}

export interface TrackPlaysTable {
  id: Generated<number>;
  track_id: number;
  user_id: number | null;
  /** SHA-256 of the session token, so guests' listening can relate plays too. */
  listener: string | null;
  played_at: Timestamp;
  device: string | null;
  platform: string | null;
  browser: string | null;
  country: string | null;
  source: string;
  /** How long it was heard, as the player last reported (0 until then). */
  listened_ms: Generated<number>;
  completed: Generated<Flag>;
}

export interface ChannelsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string | null;
  layout: string;
  content_type: string;
  /** How the content is found: `manual` (channel_items) or a computed source. */
  content_source: string;
  content_limit: number;
  /** `genre` when the channel is narrowed by a genre named in the address. */
  restriction: string | null;
  hide_title: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChannelItemsTable {
  channel_id: number;
  item_type: string;
  item_id: number;
  position: number;
}

/**
 * Full-text documents: a tsvector table on PostgreSQL; on SQLite, one FTS5 table per kind of
 * this shape (modules/search/repository.ts).
 */
export interface SearchIndexTable {
  rowid: number;
  kind: string;
  ref_id: number;
  boost: number;
  name: string;
  extra: string;
}

/** SQLite only: where each document sits in its kind's table (rowids follow popularity). */
export interface SearchIndexKeysTable {
  kind: string;
  ref_id: number;
  row_id: number;
}

export interface CatalogTables {
  artists: ArtistsTable;
  albums: AlbumsTable;
  album_artists: AlbumArtistsTable;
  tracks: TracksTable;
  track_artists: TrackArtistsTable;
  genres: GenresTable;
  tags: TagsTable;
  artist_genres: ArtistGenresTable;
  album_genres: AlbumGenresTable;
  track_genres: TrackGenresTable;
  track_tags: TrackTagsTable;
  album_tags: AlbumTagsTable;
  lyrics: LyricsTable;
  playlists: PlaylistsTable;
  playlist_tracks: PlaylistTracksTable;
  track_plays: TrackPlaysTable;
  channels: ChannelsTable;
  channel_items: ChannelItemsTable;
  search_index: SearchIndexTable;
  search_index_keys: SearchIndexKeysTable;
}
