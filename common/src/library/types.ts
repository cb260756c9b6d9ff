import type { Album, Playlist, Track } from '../catalog/types.ts';

/** Everything the signed-in listener likes, by kind; per user, so never cached with the catalog. */
export interface LikedIds {
  tracks: number[];
  albums: number[];
  artists: number[];
}

/** One play in the listener's history, newest first. */
export interface HistoryEntry {
  id: number;
  /** The latest play of a run of consecutive plays of this track. */
  played_at: string;
  /** How many plays in a row the entry stands for. */
  plays: number;
  track: Track;
}

/** What the signed-in listener may do with a playlist (computed by the server's policy). */
export interface PlaylistAbilities {
  /** Rename, describe, set the image, privacy and collaboration, invite editors, delete. */
  update: boolean;
  /** Add, remove and reorder tracks: whoever may update it, and its invited editors. */
  editTracks: boolean;
  /** The listener is an invited editor and may leave. */
  leave: boolean;
}

/** The signed-in listener's playlists (GET library/playlists). */
export interface LibraryPlaylists {
  /** The active workspace's playlists. */
  playlists: Playlist[];
  /** Other people's collaborative playlists the listener was invited to edit. */
  collaborating: Playlist[];
  /** Public playlists the listener follows. */
  followed: Playlist[];
}

/** Whom the signed-in listener follows, by kind. */
export interface FollowedIds {
  users: number[];
  artists: number[];
  playlists: number[];
}

/** A comment on a track; `position` (ms) places it on the waveform. Replies are one level deep. */
export interface TrackComment {
  id: number;
  track_id: number;
  parent_id: number | null;
  body: string;
  position: number | null;
  created_at: string;
  user: { id: number; name: string; image: string | null };
  replies: TrackComment[];
}

/** Everything the signed-in listener reposted, by kind. */
export interface RepostedIds {
  tracks: number[];
  albums: number[];
}

/** One entry of a profile's reposts, newest first. */
export type Repost =
  | { type: 'tracks'; created_at: string; track: Track }
  | { type: 'albums'; created_at: string; album: Album };
