import { z } from 'zod';
import { gaplessInfoSchema, trackLoudnessSchema } from '../uploads/media.ts';

/**
 * The catalog as the API presents it: each shape is a zod schema (the response contracts use
 * them) and its type is inferred. Durations are milliseconds, dates ISO 8601 UTC.
 */

export const artistRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
});
export type ArtistRef = z.infer<typeof artistRefSchema>;

export const genreSchema = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  image: z.string().nullable(),
});
export type Genre = z.infer<typeof genreSchema>;

export const tagSchema = z.object({ id: z.number(), name: z.string(), display_name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const externalLinkSchema = z.object({ url: z.string(), title: z.string() });
export type ExternalLink = z.infer<typeof externalLinkSchema>;

export const artistSchema = artistRefSchema.extend({
  description: z.string().nullable(),
  verified: z.boolean(),
  links: z.array(externalLinkSchema),
  genres: z.array(genreSchema),
  plays: z.number(),
  popularity: z.number(),
});
export type Artist = z.infer<typeof artistSchema>;

export const ALBUM_TYPES = ['album', 'single', 'ep', 'compilation'] as const;
export type AlbumType = (typeof ALBUM_TYPES)[number];

export const albumRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  /** Recorded without gaps: the player joins its tracks sample-exact and never crossfades. */
  gapless: z.boolean().optional(),
});
export type AlbumRef = z.infer<typeof albumRefSchema>;

export const trackSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Its place on its disc (on the album when the album has one disc). */
  number: z.number().nullable(),
  /** The disc it is on, and that disc's title, when its album names discs. */
  disc_number: z.number().nullable().optional(),
  disc_title: z.string().nullable().optional(),
  /** Milliseconds. */
  duration: z.number(),
  artists: z.array(artistRefSchema),
  album: albumRefSchema.nullable(),
  /** The track's own artwork, else its album's. */
  image: z.string().nullable(),
  plays: z.number(),
  popularity: z.number(),
  is_public: z.boolean(),
  owner_id: z.number().nullable(),
  has_lyrics: z.boolean(),
  created_at: z.string(),
  /** EBU R128 loudness for levelling (ReplayGain); null until the audio was analysed. */
  loudness: trackLoudnessSchema.nullable().optional(),
  /** Encoder delay and padding (samples) the player trims; null when the file names none. */
  gapless: gaplessInfoSchema.nullable().optional(),
});
export type Track = z.infer<typeof trackSchema>;

export const trackDetailsSchema = trackSchema.extend({
  description: z.string().nullable(),
  genres: z.array(genreSchema),
  tags: z.array(tagSchema),
  /** Peak levels 0..1 for the seek bar, evenly spaced over the duration. */
  waveform: z.array(z.number()),
});
export type TrackDetails = z.infer<typeof trackDetailsSchema>;

export const albumSchema = albumRefSchema.extend({
  release_date: z.string().nullable(),
  type: z.enum(ALBUM_TYPES),
  artists: z.array(artistRefSchema),
  plays: z.number(),
  popularity: z.number(),
  is_public: z.boolean(),
  owner_id: z.number().nullable(),
  tracks_count: z.number(),
});
export type Album = z.infer<typeof albumSchema>;

export const albumDetailsSchema = albumSchema.extend({
  description: z.string().nullable(),
  genres: z.array(genreSchema),
  tags: z.array(tagSchema),
  tracks: z.array(trackSchema),
});
export type AlbumDetails = z.infer<typeof albumDetailsSchema>;

export const lyricSchema = z.object({
  track_id: z.number(),
  text: z.string(),
  is_synced: z.boolean(),
});
export type Lyric = z.infer<typeof lyricSchema>;

export const userSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const playlistSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  owner: userSummarySchema.nullable(),
  is_public: z.boolean(),
  /** Invited editors may add, remove and reorder its tracks. */
  is_collaborative: z.boolean(),
  tracks_count: z.number(),
  created_at: z.string(),
});
export type Playlist = z.infer<typeof playlistSchema>;

export const playlistDetailsSchema = playlistSchema.extend({
  tracks: z.array(trackSchema),
  /** The people invited to edit a collaborative playlist, first invited first. */
  editors: z.array(userSummarySchema),
});
export type PlaylistDetails = z.infer<typeof playlistDetailsSchema>;

export const CHANNEL_LAYOUTS = ['grid', 'carousel', 'trackTable'] as const;
export type ChannelLayout = (typeof CHANNEL_LAYOUTS)[number];

export const CHANNEL_CONTENT_TYPES = [
  'tracks',
  'albums',
  'artists',
  'genres',
  'playlists',
  'channels',
] as const;
export type ChannelContentType = (typeof CHANNEL_CONTENT_TYPES)[number];

export type ChannelContent =
  | { type: 'tracks'; data: Track[] }
  | { type: 'albums'; data: Album[] }
  /** Cards need no more than this; a page asks for the artist when opened. */
  | { type: 'artists'; data: ArtistRef[] }
  | { type: 'genres'; data: Genre[] }
  | { type: 'playlists'; data: Playlist[] }
  | { type: 'channels'; data: Channel[] };

export interface Channel {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  layout: ChannelLayout;
  hide_title: boolean;
  /** A genre name this channel's content is narrowed to (`channel/genre/{name}`). */
  restriction: { type: 'genre'; value: string; display_name: string; image: string | null } | null;
  content: ChannelContent;
}

export const channelContentSchema: z.ZodType<ChannelContent> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tracks'), data: z.array(trackSchema) }),
  z.object({ type: z.literal('albums'), data: z.array(albumSchema) }),
  z.object({ type: z.literal('artists'), data: z.array(artistRefSchema) }),
  z.object({ type: z.literal('genres'), data: z.array(genreSchema) }),
  z.object({ type: z.literal('playlists'), data: z.array(playlistSchema) }),
  z.object({
    type: z.literal('channels'),
    get data() {
      return z.array(channelSchema);
    },
  }),
]);

export const channelSchema: z.ZodType<Channel> = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  layout: z.enum(CHANNEL_LAYOUTS),
  hide_title: z.boolean(),
  restriction: z
    .object({
      type: z.literal('genre'),
      value: z.string(),
      display_name: z.string(),
      image: z.string().nullable(),
    })
    .nullable(),
  get content() {
    return channelContentSchema;
  },
});

export const SEARCH_TYPES = ['artists', 'albums', 'tracks', 'playlists', 'users', 'tags'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const searchResultsSchema = z.object({
  query: z.string(),
  artists: z.array(artistSchema),
  albums: z.array(albumSchema),
  tracks: z.array(trackSchema),
  playlists: z.array(playlistSchema),
  users: z.array(userSummarySchema),
  tags: z.array(tagSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

export const RADIO_SEED_TYPES = ['artist', 'track', 'genre'] as const;
export type RadioSeedType = (typeof RADIO_SEED_TYPES)[number];

export const radioStationSchema = z.object({
  seed: z.object({
    type: z.enum(RADIO_SEED_TYPES),
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
  }),
  tracks: z.array(trackSchema),
});
export type RadioStation = z.infer<typeof radioStationSchema>;

/*
 * The page fields every list shares, built once rather than for each of the ~40 lists at every
 * start (issue 22); zod schemas are immutable, so sharing them changes nothing.
 */
const pageNumber = z.number();
const pageEdge = z.number().nullable();

/** The list shape of DESIGN §4, for any item schema. */
export const paginationOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    pagination: z.object({
      data: z.array(item),
      current_page: pageNumber,
      per_page: pageNumber,
      total: pageNumber,
      last_page: pageNumber,
      from: pageEdge,
      to: pageEdge,
    }),
  });
