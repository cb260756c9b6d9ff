import { z } from 'zod';
import { idParamsSchema } from '../catalog/schemas.ts';

export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 1000;
/** Tracks added or removed in one call. */
export const PLAYLIST_TRACKS_PER_CALL = 100;
/** Longest playlist a reorder may send in full. */
export const PLAYLIST_MAX_TRACKS = 5000;
/** Invited editors of one collaborative playlist. */
export const PLAYLIST_MAX_EDITORS = 50;
/** Largest playlist image upload (PNG, JPEG, GIF or WebP). */
export const PLAYLIST_IMAGE_MAX_BYTES = 4 * 1024 * 1024;

const trackId = z.coerce
  .number({ error: 'Each track id must be a number.' })
  .int('Each track id must be a whole number.')
  .positive('Each track id must be a positive number.')
  .max(2_147_483_647, 'The track id is too large.');

const name = z
  .string({ error: 'The name is required.' })
  .trim()
  .min(1, 'The name is required.')
  .max(PLAYLIST_NAME_MAX, `The name may have at most ${PLAYLIST_NAME_MAX} characters.`);

const description = z
  .string({ error: 'The description must be text.' })
  .trim()
  .max(
    PLAYLIST_DESCRIPTION_MAX,
    `The description may have at most ${PLAYLIST_DESCRIPTION_MAX} characters.`,
  )
  .nullable();

const isPublic = z.boolean({ error: 'Choose public or private.' });
const isCollaborative = z.boolean({ error: 'Choose whether invited people may edit it.' });

export const createPlaylistSchema = z.object({
  name,
  description: description.optional(),
  is_public: isPublic.optional().default(false),
});
export type CreatePlaylistInput = z.input<typeof createPlaylistSchema>;

export const updatePlaylistSchema = z
  .object({
    name: name.optional(),
    description: description.optional(),
    is_public: isPublic.optional(),
    /** Turning it off removes every invited editor. */
    is_collaborative: isCollaborative.optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: 'Change at least one field.',
    path: ['name'],
  });
export type UpdatePlaylistInput = z.input<typeof updatePlaylistSchema>;

export const playlistTracksSchema = z.object({
  ids: z
    .array(trackId, { error: 'The ids field must be a list of track ids.' })
    .min(1, 'Choose at least one track.')
    .max(PLAYLIST_TRACKS_PER_CALL, `Choose at most ${PLAYLIST_TRACKS_PER_CALL} tracks at once.`),
});
export type PlaylistTracksInput = z.input<typeof playlistTracksSchema>;

/** The playlist's track ids in their new order. */
export const reorderPlaylistSchema = z.object({
  ids: z
    .array(trackId, { error: 'The ids field must be a list of track ids.' })
    .min(1, 'Send the tracks in their new order.')
    .max(PLAYLIST_MAX_TRACKS, `A playlist may have at most ${PLAYLIST_MAX_TRACKS} tracks.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each track may appear once.'),
});
export type ReorderPlaylistInput = z.input<typeof reorderPlaylistSchema>;

const userId = z.coerce
  .number({ error: 'Choose someone to invite.' })
  .int('Choose someone to invite.')
  .positive('Choose someone to invite.')
  .max(2_147_483_647, 'Choose someone to invite.');

/** Invites an existing user (picked through the user search) to edit a collaborative playlist. */
export const invitePlaylistEditorSchema = z.object({ user_id: userId });
export type InvitePlaylistEditorInput = z.input<typeof invitePlaylistEditorSchema>;

/** `playlists/{id}/editors/{userId}`. */
export const playlistEditorParamsSchema = idParamsSchema.extend({ userId });
