/** Rows as the catalog reads them; present.ts turns them into API shapes. */
export interface TrackRow {
  id: number;
  name: string;
  number: number | null;
  /** The disc it is on and that disc's title (0030); absent where not read. */
  disc_number?: number | null;
  disc_title?: string | null;
  duration: number;
  album_id: number | null;
  album_name: string | null;
  album_image: string | null;
  image: string | null;
  plays: number;
  popularity: number;
  is_public: number;
  owner_id: number | null;
  has_lyrics: number;
  created_at: string;
  /** EBU R128 figures; absent from rows of queries that do not read them. */
  loudness_lufs?: number | null;
  true_peak_dbtp?: number | null;
  track_gain_db?: number | null;
  album_gain_db?: number | null;
  /** JSON GaplessInfo and the album's gapless mark (0019); absent where not read. */
  gapless?: string | null;
  album_gapless?: number | null;
}

export interface AlbumRow {
  id: number;
  name: string;
  release_date: string | null;
  image: string | null;
  type: string;
  description: string | null;
  plays: number;
  popularity: number;
  is_public: number;
  owner_id: number | null;
  tracks_count: number;
}

export interface ArtistRow {
  id: number;
  name: string;
  image: string | null;
  description: string | null;
  verified: number;
  links: string;
  plays: number;
  popularity: number;
}

export interface NamedRef {
  owner: number;
  id: number;
  name: string;
  image: string | null;
}
