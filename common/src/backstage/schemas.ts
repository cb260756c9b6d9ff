import { z } from 'zod';
import { MAX_ROW_ID } from '../catalog/schemas.ts';
import {
  ALBUM_TYPES,
  albumRefSchema,
  artistRefSchema,
  externalLinkSchema,
} from '../catalog/types.ts';
import { imageAddressField } from '../schemas/image-address.ts';
import { fileEntrySchema } from '../uploads/schemas.ts';

/*
 * Backstage (spec 2 §1, §2; issue 11): artists' requests to the admin queue, and the editors
 * of their tracks, albums and artists. The spec leaves the fields to us ("not shown").
 */

export const BACKSTAGE_REQUEST_TYPES = ['verify-artist', 'become-artist', 'claim-artist'] as const;
export type BackstageRequestType = (typeof BACKSTAGE_REQUEST_TYPES)[number];
export const BACKSTAGE_REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export type BackstageRequestStatus = (typeof BACKSTAGE_REQUEST_STATUSES)[number];

/** Limits of a request, a draft batch and the editors. */
export const BACKSTAGE_LIMITS = {
  requestLinks: 10,
  requestFiles: 5,
  draftsPerBatch: 50,
  artistsPerItem: 20,
  genresPerItem: 10,
  tagsPerItem: 20,
  artistLinks: 20,
  albumTracks: 500,
  lyricsLength: 50_000,
  descriptionLength: 5_000,
  denyReasonLength: 1_000,
} as const;

/** Artwork and artist images: PNG, JPEG, GIF or WebP up to this size, stored as WebP. */
export const ARTWORK_MAX_BYTES = 8 * 1024 * 1024;

/** The role given to an approved artist's requester (spec 2 §6 roles: `artists` holds music.create). */
export const ARTIST_ROLE_NAME = 'artists';

export const MUSIC_VISIBILITIES = ['public', 'private'] as const;
export type MusicVisibility = (typeof MUSIC_VISIBILITIES)[number];
export const RELEASE_STATUSES = ['draft', 'published'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

const id = (what: string) =>
  z.coerce
    .number({ error: `The ${what} must be a number.` })
    .int(`The ${what} must be a whole number.`)
    .positive(`The ${what} must be a positive number.`)
    .max(MAX_ROW_ID, `The ${what} is too large.`);

const text = (what: string, max: number) =>
  z
    .string({ error: `The ${what} must be text.` })
    .trim()
    .max(max, `The ${what} may have at most ${max} characters.`);

const requiredText = (what: string, max: number) =>
  text(what, max).min(1, `The ${what} is required.`);

const webLink = z
  .string()
  .trim()
  .max(2000, 'The link is too long.')
  .refine((value) => /^https?:\/\/\S+$/.test(value), { error: 'Enter a web address (https://…).' });

/** Artwork: a web address or a path on this site (an uploaded file). */
const imageField = imageAddressField;

const names = (what: string, max: number) =>
  z
    .array(requiredText(what, 80))
    .max(max, `Give at most ${max} ${what}s.`)
    .transform((list) => [...new Set(list.map((name) => name.toLowerCase()))]);

// ---------------------------------------------------------------- requests

export const createBackstageRequestSchema = z
  .object({
    type: z.enum(BACKSTAGE_REQUEST_TYPES, { error: 'Choose what you are asking for.' }),
    artist_id: id('artist').nullable().optional(),
    artist_name: text('artist name', 255).optional(),
    name: requiredText('name', 255),
    company: text('company', 255).nullable().optional(),
    role: text('role', 255).nullable().optional(),
    links: z
      .array(webLink)
      .max(BACKSTAGE_LIMITS.requestLinks, `Give at most ${BACKSTAGE_LIMITS.requestLinks} links.`)
      .default([]),
    file_entry_ids: z
      .array(id('file'))
      .max(BACKSTAGE_LIMITS.requestFiles, `Attach at most ${BACKSTAGE_LIMITS.requestFiles} files.`)
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'become-artist' && !value.artist_name) {
      ctx.addIssue({
        code: 'custom',
        path: ['artist_name'],
        message: 'The artist name is required.',
      });
    }
    if (value.type !== 'become-artist' && !value.artist_id) {
      ctx.addIssue({ code: 'custom', path: ['artist_id'], message: 'Choose the artist.' });
    }
  });
export type CreateBackstageRequestInput = z.output<typeof createBackstageRequestSchema>;

const personSchema = z.object({ id: z.number(), name: z.string(), image: z.string().nullable() });

export const backstageRequestSchema = z.object({
  id: z.number(),
  type: z.enum(BACKSTAGE_REQUEST_TYPES),
  status: z.enum(BACKSTAGE_REQUEST_STATUSES),
  artist: artistRefSchema.nullable(),
  artist_name: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  role: z.string().nullable(),
  links: z.array(z.string()),
  deny_reason: z.string().nullable(),
  user: personSchema.nullable(),
  files: z.array(fileEntrySchema),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type BackstageRequest = z.infer<typeof backstageRequestSchema>;

export const adminBackstageRequestsQuerySchema = z.object({
  page: id('page').max(10_000, 'The page is too large.').default(1),
  perPage: id('page size').max(100, 'The page size must be 100 or less.').default(20),
  status: z.enum(BACKSTAGE_REQUEST_STATUSES, { error: 'Unknown status.' }).optional(),
  type: z.enum(BACKSTAGE_REQUEST_TYPES, { error: 'Unknown request type.' }).optional(),
  query: text('search text', 100).optional(),
});
export type AdminBackstageRequestsQuery = z.output<typeof adminBackstageRequestsQuerySchema>;

export const denyBackstageRequestSchema = z.object({
  reason: requiredText('reason', BACKSTAGE_LIMITS.denyReasonLength),
});

// ---------------------------------------------------------------- music

const isoDate = z
  .string()
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'Enter a valid date and time.' })
  .transform((value) => new Date(value).toISOString());

const dayDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.');

const artistIds = z
  .array(id('artist'))
  .min(1, 'Choose at least one artist.')
  .max(
    BACKSTAGE_LIMITS.artistsPerItem,
    `Choose at most ${BACKSTAGE_LIMITS.artistsPerItem} artists.`,
  );

/** Every field of a track the editor changes; creating needs name and artists. */
const trackFields = {
  name: requiredText('name', 255),
  artist_ids: artistIds,
  album_id: id('album').nullable(),
  number: z.coerce
    .number({ error: 'The number must be a number.' })
    .int('The number must be a whole number.')
    .min(1, 'The number must be 1 or more.')
    .max(9999, 'The number is too large.')
    .nullable(),
  genres: names('genre', BACKSTAGE_LIMITS.genresPerItem),
  tags: names('tag', BACKSTAGE_LIMITS.tagsPerItem),
  description: text('description', BACKSTAGE_LIMITS.descriptionLength).nullable(),
  /** Plain text, or LRC (`[mm:ss.xx] line`) for synced lyrics. */
  lyrics: text('lyrics', BACKSTAGE_LIMITS.lyricsLength).nullable(),
  image: imageField,
  visibility: z.enum(MUSIC_VISIBILITIES, { error: 'Choose public or private.' }),
  downloadable: z.boolean(),
  /** A scheduled release: hidden until then. */
  release_at: isoDate.nullable(),
  /** The uploaded audio (a file entry of the editor's); replacing it keeps plays and comments. */
  file_entry_id: id('audio file').nullable(),
};
export const createTrackSchema = z.object(trackFields).partial().required({
  name: true,
  artist_ids: true,
});
export const updateTrackSchema = z.object(trackFields).partial();
export type TrackInput = z.output<typeof updateTrackSchema>;

const albumFields = {
  name: requiredText('name', 255),
  artist_ids: artistIds,
  type: z.enum(ALBUM_TYPES, { error: 'Choose the kind of release.' }),
  release_date: dayDate.nullable(),
  genres: names('genre', BACKSTAGE_LIMITS.genresPerItem),
  tags: names('tag', BACKSTAGE_LIMITS.tagsPerItem),
  description: text('description', BACKSTAGE_LIMITS.descriptionLength).nullable(),
  image: imageField,
  visibility: z.enum(MUSIC_VISIBILITIES, { error: 'Choose public or private.' }),
  release_at: isoDate.nullable(),
  /** Recorded without gaps: the player joins its tracks sample-exact and never crossfades. */
  gapless: z.boolean({ error: 'Choose on or off.' }),
};
export const createAlbumSchema = z.object(albumFields).partial().required({
  name: true,
  artist_ids: true,
});
export const updateAlbumSchema = z.object(albumFields).partial();
export type AlbumInput = z.output<typeof updateAlbumSchema>;

export const albumTrackOrderSchema = z.object({
  track_ids: z
    .array(id('track'))
    .min(1, 'Give the tracks in their new order.')
    .max(BACKSTAGE_LIMITS.albumTracks, 'Too many tracks.'),
});

const artistFieldsSchema = z.object({
  name: requiredText('name', 255),
  image: imageField,
  description: text('bio', BACKSTAGE_LIMITS.descriptionLength).nullable(),
  links: z
    .array(z.object({ url: webLink, title: text('link title', 100) }))
    .max(BACKSTAGE_LIMITS.artistLinks, `Give at most ${BACKSTAGE_LIMITS.artistLinks} links.`),
  genres: names('genre', BACKSTAGE_LIMITS.genresPerItem),
});
export const updateArtistSchema = artistFieldsSchema.partial();
/** A new artist profile needs its name; the rest can follow in its editor. */
export const createArtistSchema = artistFieldsSchema.partial().required({ name: true });
export type ArtistInput = z.output<typeof updateArtistSchema>;

export const createDraftsSchema = z.object({
  file_entry_ids: z
    .array(id('file'))
    .min(1, 'Upload at least one file.')
    .max(
      BACKSTAGE_LIMITS.draftsPerBatch,
      `At most ${BACKSTAGE_LIMITS.draftsPerBatch} files at once.`,
    ),
});

export const backstageListQuerySchema = z.object({
  page: id('page').max(10_000, 'The page is too large.').default(1),
  perPage: id('page size').max(100, 'The page size must be 100 or less.').default(50),
  status: z.enum(RELEASE_STATUSES, { error: 'Unknown status.' }).optional(),
});

export const artistOptionsQuerySchema = z.object({
  query: text('search text', 100).default(''),
});

const releaseFields = {
  status: z.enum(RELEASE_STATUSES),
  visibility: z.enum(MUSIC_VISIBILITIES),
  release_at: z.string().nullable(),
  /** Listed in the player: published, public and released. */
  is_public: z.boolean(),
  genres: z.array(z.string()),
  tags: z.array(z.string()),
  description: z.string().nullable(),
  image: z.string().nullable(),
  artists: z.array(artistRefSchema),
  created_at: z.string(),
};

export const backstageTrackSchema = z.object({
  id: z.number(),
  name: z.string(),
  number: z.number().nullable(),
  duration: z.number(),
  album: albumRefSchema.nullable(),
  lyrics: z.string().nullable(),
  downloadable: z.boolean(),
  file_entry_id: z.number().nullable(),
  has_audio: z.boolean(),
  plays: z.number(),
  ...releaseFields,
});
export type BackstageTrack = z.infer<typeof backstageTrackSchema>;

export const backstageAlbumSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(ALBUM_TYPES),
  release_date: z.string().nullable(),
  tracks_count: z.number(),
  gapless: z.boolean(),
  ...releaseFields,
});
export type BackstageAlbum = z.infer<typeof backstageAlbumSchema>;

export const backstageAlbumDetailsSchema = backstageAlbumSchema.extend({
  tracks: z.array(backstageTrackSchema),
});
export type BackstageAlbumDetails = z.infer<typeof backstageAlbumDetailsSchema>;

export const backstageArtistSchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  description: z.string().nullable(),
  verified: z.boolean(),
  links: z.array(externalLinkSchema),
  genres: z.array(z.string()),
});
export type BackstageArtist = z.infer<typeof backstageArtistSchema>;
