import { z } from 'zod';
import { CHANNEL_CONTENT_TYPES, CHANNEL_LAYOUTS } from '../catalog/types.ts';
import { idFilter, resource, yesNoFilter } from '../resource.ts';

/*
 * The admin content screens (spec 2 §2 admin routes): channels, tracks, albums, artists,
 * playlists, lyrics and comments, declared once as resources. Tracks, albums and artists are
 * edited by backstage's editors (`/admin/tracks/:id/edit`…); their lists here search, filter,
 * sort and delete.
 */

const ref = z.object({ id: z.number(), name: z.string() });

// Channels.

/**
 * Where a channel's content comes from: picked by hand (`manual`), or computed by a query.
 * The queries each content type offers, in the order the form lists them.
 */
export const CHANNEL_SOURCES = {
  tracks: ['manual', 'popularTracks', 'trendingTracks'],
  albums: ['popularAlbums', 'newReleases'],
  artists: ['popularArtists'],
  genres: ['genres'],
  playlists: ['featuredPlaylists'],
  channels: ['manual'],
} as const satisfies Record<(typeof CHANNEL_CONTENT_TYPES)[number], readonly string[]>;
export const ALL_CHANNEL_SOURCES = [...new Set(Object.values(CHANNEL_SOURCES).flat())] as [
  string,
  ...string[],
];
/** How many items a channel may show. */
export const CHANNEL_LIMIT_MAX = 50;
/** How many items may be picked by hand for one channel. */
export const CHANNEL_ITEMS_MAX = 100;

export const channelItemSchema = z.object({
  type: z.enum(['track', 'album', 'artist', 'playlist', 'channel']),
  id: z.number().int().positive().max(2_147_483_647),
  /** The item's name, for the form (ignored on write). */
  name: z.string().optional(),
});
export type ChannelItem = z.infer<typeof channelItemSchema>;

export const adminChannelSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  layout: z.enum(CHANNEL_LAYOUTS),
  content_type: z.enum(CHANNEL_CONTENT_TYPES),
  content_source: z.string(),
  content_limit: z.number(),
  restriction: z.enum(['genre']).nullable(),
  hide_title: z.boolean(),
  updated_at: z.string(),
  /** Items picked by hand (manual channels and nested channels), in order. */
  items: z.array(channelItemSchema),
});
export type AdminChannel = z.infer<typeof adminChannelSchema>;

const channelFields = {
  name: z
    .string({ error: 'The channel name is required.' })
    .trim()
    .min(1, 'The channel name is required.')
    .max(100, 'The channel name may have at most 100 characters.'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(80, 'The address may have at most 80 characters.')
    .regex(/^[a-z0-9-]*$/, 'Use only letters, digits and dashes.')
    .refine((slug) => !/^\d+$/.test(slug), { error: 'The address cannot be only digits.' })
    .optional(),
  description: z.string().trim().max(500, 'The description is too long.').nullish(),
  layout: z.enum(CHANNEL_LAYOUTS, { error: 'Choose a layout.' }),
  content_type: z.enum(CHANNEL_CONTENT_TYPES, { error: 'Choose what the channel shows.' }),
  content_source: z.enum(ALL_CHANNEL_SOURCES, { error: 'Choose where the content comes from.' }),
  content_limit: z.coerce
    .number()
    .int('The limit must be a whole number.')
    .min(1, 'Show at least one item.')
    .max(CHANNEL_LIMIT_MAX, `Show at most ${CHANNEL_LIMIT_MAX} items.`),
  restriction: z.enum(['genre']).nullable().default(null),
  hide_title: z.boolean().default(false),
  items: z.array(channelItemSchema).max(CHANNEL_ITEMS_MAX).default([]),
};

/** A source must be one the content type offers; manual items must be of that type. */
function checkSource(
  channel: { content_type?: string; content_source?: string; items?: ChannelItem[] },
  ctx: z.RefinementCtx,
) {
  if (!channel.content_type || !channel.content_source) return;
  const sources = CHANNEL_SOURCES[channel.content_type as keyof typeof CHANNEL_SOURCES] as
    readonly string[] | undefined;
  if (!sources?.includes(channel.content_source)) {
    ctx.addIssue({
      code: 'custom',
      message: 'This source does not offer that kind of content.',
      path: ['content_source'],
    });
  }
  const type = channel.content_type.replace(/s$/, '');
  if (channel.items?.some((item) => item.type !== type)) {
    ctx.addIssue({
      code: 'custom',
      message: 'Pick only items of the kind the channel shows.',
      path: ['items'],
    });
  }
}

export const createChannelSchema = z.object(channelFields).superRefine(checkSource);
export const updateChannelSchema = z
  .object({
    ...channelFields,
    layout: channelFields.layout.optional(),
    content_type: channelFields.content_type.optional(),
    content_source: channelFields.content_source.optional(),
    content_limit: channelFields.content_limit.optional(),
    restriction: z.enum(['genre']).nullable().optional(),
    hide_title: z.boolean().optional(),
    items: z.array(channelItemSchema).max(CHANNEL_ITEMS_MAX).optional(),
    name: channelFields.name.optional(),
  })
  .superRefine(checkSource);

export const channelsResource = resource({
  name: 'channels',
  item: 'channel',
  access: { view: 'admin.access', manage: 'music.update' },
  schemas: { row: adminChannelSchema, create: createChannelSchema, update: updateChannelSchema },
  sort: ['name', 'slug', 'content_type', 'updated_at'],
  defaultSort: { column: 'name', order: 'asc' },
  filters: { content_type: z.enum(CHANNEL_CONTENT_TYPES), mode: z.enum(['manual', 'automatic']) },
});

// Tracks, albums and artists: lists here, editors in backstage.

export const adminTrackSchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  duration: z.number(),
  plays: z.number(),
  is_public: z.boolean(),
  created_at: z.string(),
  album: ref.nullable(),
  artists: z.array(ref),
  owner: ref.nullable(),
});
export type AdminTrack = z.infer<typeof adminTrackSchema>;
const none = z.object({});

export const tracksResource = resource({
  name: 'tracks',
  item: 'track',
  access: { view: 'admin.access', manage: 'music.delete' },
  schemas: { row: adminTrackSchema, create: none, update: none },
  sort: ['name', 'plays', 'duration', 'created_at'],
  defaultSort: { column: 'created_at', order: 'desc' },
  filters: { public: yesNoFilter, has_album: yesNoFilter, artist: idFilter() },
  operations: [],
});

export const adminAlbumSchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  release_date: z.string().nullable(),
  plays: z.number(),
  is_public: z.boolean(),
  created_at: z.string(),
  artists: z.array(ref),
  tracks_count: z.number(),
});
export type AdminAlbum = z.infer<typeof adminAlbumSchema>;

export const albumsResource = resource({
  name: 'albums',
  item: 'album',
  access: { view: 'admin.access', manage: 'music.delete' },
  schemas: { row: adminAlbumSchema, create: none, update: none },
  sort: ['name', 'plays', 'release_date', 'created_at'],
  defaultSort: { column: 'created_at', order: 'desc' },
  filters: { public: yesNoFilter, artist: idFilter() },
  operations: [],
});

export const adminArtistSchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  verified: z.boolean(),
  plays: z.number(),
  created_at: z.string(),
  albums_count: z.number(),
  tracks_count: z.number(),
});
export type AdminArtist = z.infer<typeof adminArtistSchema>;

export const artistsResource = resource({
  name: 'artists',
  item: 'artist',
  access: { view: 'admin.access', manage: 'music.delete' },
  schemas: { row: adminArtistSchema, create: none, update: none },
  sort: ['name', 'plays', 'popularity', 'created_at'],
  defaultSort: { column: 'created_at', order: 'desc' },
  filters: { verified: yesNoFilter },
  operations: [],
});

// Playlists.

export const adminPlaylistSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  is_public: z.boolean(),
  is_collaborative: z.boolean(),
  created_at: z.string(),
  owner: ref.nullable(),
  tracks_count: z.number(),
});
export type AdminPlaylist = z.infer<typeof adminPlaylistSchema>;

export const updatePlaylistAdminSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'The playlist name is required.')
    .max(100, 'The playlist name may have at most 100 characters.')
    .optional(),
  description: z.string().trim().max(1000, 'The description is too long.').nullish(),
  is_public: z.boolean().optional(),
});

export const playlistsResource = resource({
  name: 'playlists',
  item: 'playlist',
  access: { view: 'admin.access', manage: 'music.update' },
  schemas: { row: adminPlaylistSchema, create: none, update: updatePlaylistAdminSchema },
  sort: ['name', 'created_at', 'updated_at'],
  defaultSort: { column: 'created_at', order: 'desc' },
  filters: { public: yesNoFilter, owner: idFilter() },
  operations: ['update'],
});

// Lyrics.

export const adminLyricSchema = z.object({
  id: z.number(),
  track_id: z.number(),
  text: z.string(),
  is_synced: z.boolean(),
  updated_at: z.string(),
  track: ref.nullable(),
});
export type AdminLyric = z.infer<typeof adminLyricSchema>;

const lyricText = z
  .string({ error: 'The lyrics are required.' })
  .trim()
  .min(1, 'The lyrics are required.')
  .max(20_000, 'The lyrics may have at most 20,000 characters.');

export const createLyricSchema = z.object({
  track_id: z.coerce
    .number({ error: 'Choose a track.' })
    .int('Choose a track.')
    .positive('Choose a track.')
    .max(2_147_483_647, 'Choose a track.'),
  text: lyricText,
  is_synced: z.boolean().default(false),
});
export const updateLyricSchema = z.object({
  text: lyricText.optional(),
  is_synced: z.boolean().optional(),
});

export const lyricsResource = resource({
  name: 'lyrics',
  item: 'lyric',
  access: { view: 'admin.access', manage: 'music.update' },
  schemas: { row: adminLyricSchema, create: createLyricSchema, update: updateLyricSchema },
  sort: ['updated_at', 'created_at'],
  defaultSort: { column: 'updated_at', order: 'desc' },
  filters: { synced: yesNoFilter },
});

// Comments (moderation: see the context, delete).

export const adminCommentSchema = z.object({
  id: z.number(),
  body: z.string(),
  /** Where in the track (milliseconds) the comment was left, if anywhere. */
  position: z.number().nullable(),
  created_at: z.string(),
  parent_id: z.number().nullable(),
  author: ref.nullable(),
  track: ref.nullable(),
  replies_count: z.number(),
  /** The replies, on the comment's own page (empty in lists). */
  replies: z.array(
    z.object({ id: z.number(), body: z.string(), created_at: z.string(), author: ref.nullable() }),
  ),
});
export type AdminComment = z.infer<typeof adminCommentSchema>;

export const commentsResource = resource({
  name: 'comments',
  item: 'comment',
  access: { view: 'admin.access', manage: 'music.update' },
  schemas: { row: adminCommentSchema, create: none, update: none },
  sort: ['created_at'],
  defaultSort: { column: 'created_at', order: 'desc' },
  filters: { reply: yesNoFilter, track: idFilter(), author: idFilter() },
  operations: [],
});
