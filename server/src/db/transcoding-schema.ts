import type { Generated } from 'kysely';

/** Tables of on-the-fly transcoding (0028_transcoding); timestamps are ISO strings. */
export interface TranscodingProfilesTable {
  id: Generated<number>;
  name: string;
  format: 'opus' | 'mp3' | 'aac';
  bit_rate: number;
  preset: 'standard' | 'vbr' | 'voice';
  created_at: string;
  updated_at: string;
}

export interface TranscodingLimitsTable {
  id: Generated<number>;
  /** Null: every user (of the client named). */
  user_id: number | null;
  /** A Subsonic client name (`c`); null: every client of the user named. */
  client: string | null;
  max_bit_rate: number | null;
  profile_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface TranscodingTables {
  transcoding_profiles: TranscodingProfilesTable;
  transcoding_limits: TranscodingLimitsTable;
}
