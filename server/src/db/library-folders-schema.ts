import type { ColumnType, Generated } from 'kysely';

/** PostgreSQL returns bigint as a string; both dialects accept numbers on write. */
type BigInt = ColumnType<number | string, number, number>;

/** Tables of library folders (0017_library_folders); timestamps are ISO strings (see schema.ts). */
export interface LibraryFoldersTable {
  id: Generated<number>;
  /** Absolute path on the server's disk, as the admin gave it (resolved). */
  path: string;
  name: string;
  /** `idle`, `scanning` or `removing`. */
  status: Generated<string>;
  scan_requested_at: string | null;
  scan_started_at: string | null;
  scan_finished_at: string | null;
  /** The last (or running) scan's figures. */
  files_total: Generated<number>;
  files_seen: Generated<number>;
  files_added: Generated<number>;
  files_updated: Generated<number>;
  files_removed: Generated<number>;
  files_failed: Generated<number>;
  /** Why the last scan could not read the folder at all. */
  error: string | null;
  lease_token: string | null;
  lease_until: string | null;
  /** `everyone` (the site catalog) or `chosen` (the users and roles granted; 0020). */
  access: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** Who may see a restricted folder's music (0020_library_access). */
export interface LibraryFolderGrantsTable {
  folder_id: number;
  grantee_type: 'user' | 'role';
  grantee_id: number;
  created_at: string;
}

export interface LibraryFilesTable {
  id: Generated<number>;
  folder_id: number;
  /** Below the folder, with forward slashes. */
  relative_path: string;
  size: BigInt;
  mtime_ms: BigInt;
  signature: string | null;
  track_id: number | null;
  disc_number: number | null;
  track_number: number | null;
  /** Why the file could not be added (it is retried when it changes). */
  error: string | null;
  /** When its loudness and length were measured (null: waiting for the analysis). */
  analysed_at: string | null;
  /** The version of the scan's reading its track was written by (TAGS_VERSION in scan.ts). */
  tags_version: Generated<number>;
  /** Size and mtime of the side-car `.lrc` when the file was read (null: none). */
  lyrics_stamp: string | null;
  created_at: string;
  updated_at: string;
}

export interface LibraryFoldersTables {
  library_folders: LibraryFoldersTable;
  library_files: LibraryFilesTable;
  library_folder_grants: LibraryFolderGrantsTable;
}
