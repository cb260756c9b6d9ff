import type { ColumnType, Generated } from 'kysely';

/** PostgreSQL returns bigint as a string; both dialects accept numbers on write. */
type BigInt = ColumnType<number | string, number, number>;

/** Tables of uploads (0010_file_entries); timestamps are ISO strings (see schema.ts). */
export interface FileEntriesTable {
  id: Generated<number>;
  name: string;
  path: string;
  disk: string;
  file_size: BigInt;
  mime: string | null;
  extension: string | null;
  user_id: number | null;
  parent_id: number | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
  /** Audio only (0011_media_pipeline): pending, processing, ready or failed. */
  media_status: string | null;
  /** JSON of the media analysis (common `mediaAnalysisSchema`). */
  media: string | null;
  duration_ms: number | null;
  loudness_lufs: number | null;
}

export interface PendingUploadsTable {
  id: Generated<number>;
  kind: 'simple' | 'multipart';
  key: string;
  upload_id: string | null;
  user_id: number;
  client_name: string;
  size: BigInt;
  completed_at: string | null;
  created_at: string;
}

export interface UploadsTables {
  file_entries: FileEntriesTable;
  pending_uploads: PendingUploadsTable;
}
