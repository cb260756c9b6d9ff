import type { Generated } from 'kysely';

/** Tables of 0027_shares_and_internet_radio; timestamps are ISO strings (see schema.ts). */
export interface SharesTable {
  id: Generated<number>;
  /** The secret part of the public link. */
  token: string;
  user_id: number;
  /** JSON array of `{ type: 'track' | 'album' | 'playlist', id }`. */
  items: string;
  description: string | null;
  expires_at: string | null;
  visit_count: Generated<number>;
  last_visited_at: string | null;
  created_at: string;
}

export interface InternetRadioStationsTable {
  id: Generated<number>;
  name: string;
  stream_url: string;
  homepage_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface SharesTables {
  shares: SharesTable;
  internet_radio_stations: InternetRadioStationsTable;
}
