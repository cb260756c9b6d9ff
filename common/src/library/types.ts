import { z } from 'zod';
import { albumSchema, playlistSchema, trackSchema } from '../catalog/types.ts';

/** Everything the signed-in listener likes, by kind; per user, so never cached with the catalog. */
export const likedIdsSchema = z.object({
  tracks: z.array(z.number()),
  albums: z.array(z.number()),
  artists: z.array(z.number()),
});
export type LikedIds = z.infer<typeof likedIdsSchema>;

/** One play in the listener's history, newest first. */
export const historyEntrySchema = z.object({
  id: z.number(),
  played_at: z.string(),
  track: trackSchema,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** What the signed-in listener may do with a playlist (computed by the server's policy). */
export const playlistAbilitiesSchema = z.object({
  /** Rename, describe, set the image, privacy and collaboration, invite editors, delete. */
  update: z.boolean(),
  /** Add, remove and reorder tracks: whoever may update it, and its invited editors. */
  editTracks: z.boolean(),
  /** The listener is an invited editor and may leave. */
  leave: z.boolean(),
});
export type PlaylistAbilities = z.infer<typeof playlistAbilitiesSchema>;

/** The signed-in listener's playlists (GET library/playlists). */
export const libraryPlaylistsSchema = z.object({
  /** The active workspace's playlists. */
  playlists: z.array(playlistSchema),
  /** Other people's collaborative playlists the listener was invited to edit. */
  collaborating: z.array(playlistSchema),
  /** Public playlists the listener follows. */
  followed: z.array(playlistSchema),
});
export type LibraryPlaylists = z.infer<typeof libraryPlaylistsSchema>;

/** Whom the signed-in listener follows, by kind. */
export const followedIdsSchema = z.object({
  users: z.array(z.number()),
  artists: z.array(z.number()),
  playlists: z.array(z.number()),
});
export type FollowedIds = z.infer<typeof followedIdsSchema>;

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

export const trackCommentSchema: z.ZodType<TrackComment> = z.object({
  id: z.number(),
  track_id: z.number(),
  parent_id: z.number().nullable(),
  body: z.string(),
  position: z.number().nullable(),
  created_at: z.string(),
  user: z.object({ id: z.number(), name: z.string(), image: z.string().nullable() }),
  get replies() {
    return z.array(trackCommentSchema);
  },
});

/** Everything the signed-in listener reposted, by kind. */
export const repostedIdsSchema = z.object({
  tracks: z.array(z.number()),
  albums: z.array(z.number()),
});
export type RepostedIds = z.infer<typeof repostedIdsSchema>;

/** One entry of a profile's reposts, newest first. */
export const repostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tracks'), created_at: z.string(), track: trackSchema }),
  z.object({ type: z.literal('albums'), created_at: z.string(), album: albumSchema }),
]);
export type Repost = z.infer<typeof repostSchema>;
