import type { Generated } from 'kysely';

/** Tables of the personal library (0005_library); timestamps are ISO strings (see schema.ts). */
export interface LikesTable {
  user_id: number;
  likeable_type: 'tracks' | 'albums' | 'artists';
  likeable_id: number;
  created_at: string;
}

export interface FollowsTable {
  follower_id: number;
  followable_type: 'users' | 'artists' | 'playlists';
  followable_id: number;
  created_at: string;
}

export interface CommentsTable {
  id: Generated<number>;
  track_id: number;
  user_id: number;
  parent_id: number | null;
  body: string;
  /** Milliseconds into the track, or null for a comment on the whole track. */
  position: number | null;
  created_at: string;
}

export interface RepostsTable {
  user_id: number;
  repostable_type: 'tracks' | 'albums';
  repostable_id: number;
  created_at: string;
}

/** Who may edit a collaborative playlist's tracks (0006_collaborative_playlists). */
export interface PlaylistEditorsTable {
  playlist_id: number;
  user_id: number;
  /** Who invited them; null once that account is gone. */
  invited_by: number | null;
  created_at: string;
}

export interface LibraryTables {
  playlist_editors: PlaylistEditorsTable;
  reposts: RepostsTable;
  comments: CommentsTable;
  likes: LikesTable;
  follows: FollowsTable;
}
