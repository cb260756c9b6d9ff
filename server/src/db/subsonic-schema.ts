import type { ColumnType, Generated } from 'kysely';

type BigInt = ColumnType<number | string, number, number>;

/** Tables of Subsonic clients (0018_subsonic); timestamps are ISO strings (see schema.ts). */
export interface AppPasswordsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** Encrypted with the app key: token sign-in needs the password itself. */
  secret: string;
  last_used_at: string | null;
  created_at: string;
}

export interface PlayQueuesTable {
  user_id: number;
  /** JSON array of track ids. */
  track_ids: string;
  current_track_id: number | null;
  position_ms: BigInt;
  changed_by: string;
  changed_at: string;
}

export interface RatingsTable {
  user_id: number;
  rateable_type: 'tracks' | 'albums' | 'artists';
  rateable_id: number;
  rating: number;
  updated_at: string;
}

/** A listener's saved position in a song (0026_bookmarks). */
export interface BookmarksTable {
  user_id: number;
  track_id: number;
  position_ms: BigInt;
  comment: string | null;
  changed_by: string;
  created_at: string;
  changed_at: string;
}

export interface SubsonicTables {
  app_passwords: AppPasswordsTable;
  play_queues: PlayQueuesTable;
  ratings: RatingsTable;
  bookmarks: BookmarksTable;
}
