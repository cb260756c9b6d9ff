import { z } from 'zod';

/** What a listener can like; the path segment of `library/likes/{type}/{id}`. */
export const LIKEABLE_TYPES = ['tracks', 'albums', 'artists'] as const;
export type LikeableType = (typeof LIKEABLE_TYPES)[number];

export const likeParamsSchema = z.object({
  type: z.enum(LIKEABLE_TYPES, {
    error: `The type must be one of: ${LIKEABLE_TYPES.join(', ')}.`,
  }),
  id: z.coerce
    .number({ error: 'The id must be a number.' })
    .int('The id must be a whole number.')
    .positive('The id must be a positive number.')
    .max(2_147_483_647, 'The id is too large.'),
});
export type LikeParams = z.output<typeof likeParamsSchema>;

/** Who and what can be followed; the path segment of `library/follows/{type}/{id}`. */
export const FOLLOWABLE_TYPES = ['users', 'artists', 'playlists'] as const;
export type FollowableType = (typeof FOLLOWABLE_TYPES)[number];

export const followParamsSchema = z.object({
  type: z.enum(FOLLOWABLE_TYPES, {
    error: `The type must be one of: ${FOLLOWABLE_TYPES.join(', ')}.`,
  }),
  id: likeParamsSchema.shape.id,
});
export type FollowParams = z.output<typeof followParamsSchema>;

export const COMMENT_MAX = 1000;

export const createCommentSchema = z.object({
  body: z
    .string({ error: 'Write a comment.' })
    .trim()
    .min(1, 'Write a comment.')
    .max(COMMENT_MAX, `A comment may have at most ${COMMENT_MAX} characters.`),
  /** Milliseconds into the track. */
  position: z
    .number({ error: 'The position must be a number.' })
    .int('The position must be whole milliseconds.')
    .min(0, 'The position cannot be negative.')
    .max(86_400_000, 'The position is too large.')
    .nullable()
    .optional(),
  parent_id: likeParamsSchema.shape.id.nullable().optional(),
});
export type CreateCommentInput = z.output<typeof createCommentSchema>;

/** What can be reposted to one's profile; the path segment of `library/reposts/{type}/{id}`. */
export const REPOSTABLE_TYPES = ['tracks', 'albums'] as const;
export type RepostableType = (typeof REPOSTABLE_TYPES)[number];

export const repostParamsSchema = z.object({
  type: z.enum(REPOSTABLE_TYPES, {
    error: `The type must be one of: ${REPOSTABLE_TYPES.join(', ')}.`,
  }),
  id: likeParamsSchema.shape.id,
});
