import type { Generated } from 'kysely';

/** Tables of backstage (0012_backstage); timestamps are ISO strings (see schema.ts). */
export interface ArtistMembersTable {
  artist_id: number;
  user_id: number;
  /** `owner` for the person the artist was approved for. */
  role: Generated<string>;
  created_at: string;
}

export interface BackstageRequestsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  artist_id: number | null;
  artist_name: string;
  name: string;
  company: string | null;
  role: string | null;
  /** JSON list of URLs. */
  links: string;
  /** JSON list of file entry ids. */
  file_entry_ids: string;
  status: Generated<string>;
  deny_reason: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BackstageTables {
  artist_members: ArtistMembersTable;
  backstage_requests: BackstageRequestsTable;
}
