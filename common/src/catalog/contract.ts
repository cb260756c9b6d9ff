import { z } from 'zod';
import { endpoint, notJson } from '../contract.ts';
import { pagedList } from '../paged-list.ts';
import { streamQuerySchema } from '../transcoding/schemas.ts';
import {
  channelParamsSchema,
  channelQuerySchema,
  idParamsSchema,
  logPlaySchema,
  radioParamsSchema,
  searchQuerySchema,
  tagParamsSchema,
} from './schemas.ts';
import {
  albumDetailsSchema,
  albumSchema,
  artistSchema,
  channelSchema,
  genreSchema,
  lyricSchema,
  paginationOf,
  radioStationSchema,
  searchResultsSchema,
  tagSchema,
  trackDetailsSchema,
  trackSchema,
} from './types.ts';

const tags = ['catalog'];

export const getTrack = endpoint({
  method: 'GET',
  path: '/api/v1/tracks/:id',
  access: 'music.view',
  summary: 'A track with more tracks by its artists',
  tags,
  params: idParamsSchema,
  response: z.object({ track: trackDetailsSchema, more_by_artist: z.array(trackSchema) }),
});

export const getTrackLyrics = endpoint({
  method: 'GET',
  path: '/api/v1/tracks/:id/lyrics',
  access: 'music.view',
  summary: "A track's lyrics (synced LRC or plain text)",
  tags,
  params: idParamsSchema,
  response: z.object({ lyric: lyricSchema }),
});

export const logTrackPlay = endpoint({
  method: 'POST',
  path: '/api/v1/tracks/:id/plays',
  access: 'music.play',
  summary: 'Reports that the player started a track',
  tags,
  params: idParamsSchema,
  body: logPlaySchema,
  /** `play_id` is what the player reports the play's length against (PUT plays/{id}). */
  response: z.object({ logged: z.literal(true), play_id: z.number() }),
});

export const getAlbum = endpoint({
  method: 'GET',
  path: '/api/v1/albums/:id',
  access: 'music.view',
  summary: 'An album with its tracks',
  tags,
  params: idParamsSchema,
  response: z.object({ album: albumDetailsSchema }),
});

export const getArtist = endpoint({
  method: 'GET',
  path: '/api/v1/artists/:id',
  access: 'music.view',
  summary: "An artist's page: top tracks, albums and similar artists",
  tags,
  params: idParamsSchema,
  response: z.object({
    artist: artistSchema,
    top_tracks: z.array(trackSchema),
    albums: z.array(albumSchema),
    similar: z.array(artistSchema),
  }),
});

export const getArtistTracks = pagedList(trackSchema, {
  path: '/api/v1/artists/:id/tracks',
  access: 'music.view',
  summary: "A page of an artist's tracks, most played first",
  tags,
  params: idParamsSchema,
});

export const getArtistAlbums = pagedList(albumSchema, {
  path: '/api/v1/artists/:id/albums',
  access: 'music.view',
  summary: "A page of an artist's albums, newest first",
  tags,
  params: idParamsSchema,
});

export const listGenres = endpoint({
  method: 'GET',
  path: '/api/v1/genres',
  access: 'music.view',
  summary: 'The most popular genres',
  tags,
  response: paginationOf(genreSchema),
});

export const getTag = endpoint({
  method: 'GET',
  path: '/api/v1/tags/:name',
  access: 'music.view',
  tags,
  params: tagParamsSchema,
  response: z.object({ tag: tagSchema }),
});

export const getTagTracks = pagedList(trackSchema, {
  path: '/api/v1/tags/:name/tracks',
  access: 'music.view',
  tags,
  params: tagParamsSchema,
});

export const getTagAlbums = pagedList(albumSchema, {
  path: '/api/v1/tags/:name/albums',
  access: 'music.view',
  tags,
  params: tagParamsSchema,
});

export const getChannel = endpoint({
  method: 'GET',
  path: '/api/v1/channel/:slugOrId',
  access: 'music.view',
  summary: 'A channel (a curated page section) with its content',
  tags,
  params: channelParamsSchema,
  query: channelQuerySchema,
  response: z.object({ channel: channelSchema }),
});

export const search = endpoint({
  method: 'GET',
  path: '/api/v1/search',
  access: 'music.view',
  summary: 'Searches artists, albums, tracks, playlists, users and tags',
  tags,
  query: searchQuerySchema,
  response: z.object({ results: searchResultsSchema }),
});

export const getRadioStation = endpoint({
  method: 'GET',
  path: '/api/v1/radio/:seedType/:seedId',
  access: 'music.view',
  summary: 'A radio station: tracks like an artist, a track or a genre',
  tags,
  params: radioParamsSchema,
  response: z.object({ station: radioStationSchema }),
});

export const streamTrack = endpoint({
  method: 'GET',
  path: '/api/v1/tracks/:id/stream',
  access: 'music.play',
  summary: "A track's audio, with range requests; encoded on the fly for a format or a cap",
  tags,
  params: idParamsSchema,
  query: streamQuerySchema,
  response: notJson('stream', 'The audio file (206 for a range).', 'audio/*'),
});
