import { z } from 'zod';
import { idParamsSchema, MAX_ROW_ID } from '../catalog/schemas.ts';
import { trackSchema } from '../catalog/types.ts';

/** Share links (issue 38, item 2): what a listener may share, and the limits of a share. */
export const SHARE_ITEM_TYPES = ['track', 'album', 'playlist'] as const;
export type ShareItemType = (typeof SHARE_ITEM_TYPES)[number];
/** Items one share may name (an album or playlist counts once). */
export const SHARE_MAX_ITEMS = 500;
export const SHARE_DESCRIPTION_MAX = 500;
/** Random bytes of a share's token (the secret part of its link), written in base64url. */
export const SHARE_TOKEN_BYTES = 12;
/** Where the web app shows a share: `${SHARE_PAGE_PATH}/${token}`. */
export const SHARE_PAGE_PATH = '/share';

/** Internet radio stations (Subsonic's getInternetRadioStations, admins keep the list). */
export const RADIO_STATION_NAME_MAX = 255;
export const RADIO_STATION_URL_MAX = 2000;

export const shareItemSchema = z.object({
  type: z.enum(SHARE_ITEM_TYPES, { error: 'Share a track, an album or a playlist.' }),
  id: z
    .number({ error: 'The id must be a number.' })
    .int('The id must be a whole number.')
    .positive('The id must be a positive number.')
    .max(MAX_ROW_ID, 'The id is too large.'),
});
export type ShareItem = z.infer<typeof shareItemSchema>;

const descriptionSchema = z
  .string({ error: 'The description must be text.' })
  .trim()
  .max(SHARE_DESCRIPTION_MAX, `The description may be at most ${SHARE_DESCRIPTION_MAX} characters.`)
  .nullish();
const expiresSchema = z.iso
  .datetime({ offset: true, error: 'The expiry must be a date and time.' })
  .nullish();

export const createShareSchema = z.object({
  items: z
    .array(shareItemSchema, { error: 'Choose what to share.' })
    .min(1, 'Choose what to share.')
    .max(SHARE_MAX_ITEMS, `A share may name at most ${SHARE_MAX_ITEMS} items.`),
  description: descriptionSchema,
  expires_at: expiresSchema,
});
export type CreateShareInput = z.infer<typeof createShareSchema>;

export const updateShareSchema = z.object({
  description: descriptionSchema,
  expires_at: expiresSchema,
});
export type UpdateShareInput = z.infer<typeof updateShareSchema>;

/** A share as its owner sees it. */
export const shareSchema = z.object({
  id: z.number(),
  token: z.string(),
  /** The page's path (`/share/…`); the web app makes it absolute. */
  path: z.string(),
  items: z.array(shareItemSchema),
  /** The name of what it shares when it names one thing; null for several. */
  title: z.string().nullable(),
  /** How many tracks it plays now. */
  track_count: z.number(),
  description: z.string().nullable(),
  expires_at: z.string().nullable(),
  visit_count: z.number(),
  last_visited_at: z.string().nullable(),
  created_at: z.string(),
});
export type Share = z.infer<typeof shareSchema>;

/** A share as anyone with its link sees it; an expired one shows no tracks. */
export const publicShareSchema = z.object({
  token: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  owner: z.object({ name: z.string() }),
  image: z.string().nullable(),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  created_at: z.string(),
  tracks: z.array(trackSchema),
});
export type PublicShare = z.infer<typeof publicShareSchema>;

export const shareTokenParamsSchema = z.object({
  token: z.string().regex(/^[\w-]{1,40}$/, 'Not a share link.'),
});
export const shareTrackParamsSchema = shareTokenParamsSchema.extend(idParamsSchema.shape);

/** An http or https address (a radio stream, a station's home page). */
const webAddress = (what: string) =>
  z
    .string({ error: `The ${what} must be text.` })
    .trim()
    .min(1, `The ${what} is required.`)
    .max(RADIO_STATION_URL_MAX, `The ${what} is too long.`)
    .pipe(
      z.url({
        protocol: /^https?$/,
        hostname: /^[^\s]+$/,
        error: `The ${what} must be an http or https address.`,
      }),
    );

export const internetRadioStationSchema = z.object({
  name: z
    .string({ error: 'The name is required.' })
    .trim()
    .min(1, 'The name is required.')
    .max(RADIO_STATION_NAME_MAX, 'The name is too long.'),
  stream_url: webAddress('stream address'),
  homepage_url: webAddress('home page address').nullish(),
});
export type InternetRadioStationInput = z.infer<typeof internetRadioStationSchema>;

/** A station as listeners get it (the web player's list). */
export const internetRadioStationRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  stream_url: z.string(),
  homepage_url: z.string().nullable(),
});
export type InternetRadioStationRow = z.infer<typeof internetRadioStationRowSchema>;

export const updateInternetRadioStationSchema = internetRadioStationSchema
  .extend({
    homepage_url: webAddress('home page address').or(z.literal('')).nullish(),
  })
  .partial();

/** The expiries the web app offers when a share link is made (days; none: never). */
export const SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
