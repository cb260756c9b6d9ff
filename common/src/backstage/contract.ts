import { z } from 'zod';
import { endpoint, notJson } from '../contract.ts';
import { idParamsSchema } from '../catalog/schemas.ts';
import { artistRefSchema, paginationOf } from '../catalog/types.ts';
import {
  adminBackstageRequestsQuerySchema,
  albumTrackOrderSchema,
  artistOptionsQuerySchema,
  backstageAlbumDetailsSchema,
  backstageAlbumSchema,
  backstageArtistSchema,
  backstageListQuerySchema,
  backstageRequestSchema,
  backstageTrackSchema,
  createAlbumSchema,
  createBackstageRequestSchema,
  createDraftsSchema,
  createTrackSchema,
  denyBackstageRequestSchema,
  updateAlbumSchema,
  createArtistSchema,
  updateArtistSchema,
  updateTrackSchema,
} from './schemas.ts';

/*
 * Backstage calls (spec 2 §2, §6; "not shown" paths designed in the house style). Who may:
 * music.create creates; editing needs membership of the artist (or music.update, which admins
 * hold) and answers 404 to anyone else.
 */

const tags = ['backstage'];
const request = z.object({ request: backstageRequestSchema });
const track = z.object({ track: backstageTrackSchema });
const album = z.object({ album: backstageAlbumDetailsSchema });
const artist = z.object({ artist: backstageArtistSchema });

export const createBackstageRequest = endpoint({
  method: 'POST',
  path: '/api/v1/backstage/requests',
  access: 'backstageRequests.create',
  summary: 'Asks to verify, become or claim an artist',
  tags,
  body: createBackstageRequestSchema,
  response: request,
  status: 201,
});

export const getBackstageRequest = endpoint({
  method: 'GET',
  path: '/api/v1/backstage/requests/:id',
  access: 'auth',
  summary: 'One of my requests',
  tags,
  params: idParamsSchema,
  response: request,
});

export const listAdminBackstageRequests = endpoint({
  method: 'GET',
  path: '/api/v1/admin/backstage-requests',
  access: 'users.update',
  summary: 'The request queue, filtered (needs admin.access too)',
  tags: ['admin: backstage-requests'],
  query: adminBackstageRequestsQuerySchema,
  response: paginationOf(backstageRequestSchema),
});

export const getAdminBackstageRequest = endpoint({
  method: 'GET',
  path: '/api/v1/admin/backstage-requests/:id',
  access: 'users.update',
  summary: 'One request with its files (needs admin.access too)',
  tags: ['admin: backstage-requests'],
  params: idParamsSchema,
  response: request,
});

export const approveBackstageRequest = endpoint({
  method: 'POST',
  path: '/api/v1/admin/backstage-requests/:id/approve',
  access: 'users.update',
  summary: 'Approves a request: artists role, membership, verified flag; notifies the requester',
  tags: ['admin: backstage-requests'],
  params: idParamsSchema,
  response: request,
});

export const denyBackstageRequest = endpoint({
  method: 'POST',
  path: '/api/v1/admin/backstage-requests/:id/deny',
  access: 'users.update',
  summary: 'Denies a request with a reason; notifies the requester',
  tags: ['admin: backstage-requests'],
  params: idParamsSchema,
  body: denyBackstageRequestSchema,
  response: request,
});

export const uploadArtwork = endpoint({
  method: 'POST',
  path: '/api/v1/backstage/artwork',
  access: 'auth',
  summary: 'Stores artwork or an artist image from a multipart `file`; answers its public address',
  tags,
  errors: [422],
  response: z.object({ image: z.string() }),
  status: 201,
});

export const downloadTrack = endpoint({
  method: 'GET',
  path: '/api/v1/tracks/:id/download',
  access: 'music.download',
  summary: 'Downloads a track its artist made downloadable (its editors always may)',
  tags,
  params: idParamsSchema,
  response: notJson('file', 'The audio file as an attachment.', 'audio/*'),
});

export const listArtistOptions = endpoint({
  method: 'GET',
  path: '/api/v1/backstage/artist-options',
  access: 'auth',
  summary: 'Artists by name, for the pickers of requests and editors',
  tags,
  query: artistOptionsQuerySchema,
  response: z.object({ artists: z.array(artistRefSchema) }),
});

export const listMyArtists = endpoint({
  method: 'GET',
  path: '/api/v1/backstage/artists',
  access: 'auth',
  summary: 'The artists I may edit',
  tags,
  response: z.object({ artists: z.array(backstageArtistSchema) }),
});

export const getBackstageArtist = endpoint({
  method: 'GET',
  path: '/api/v1/backstage/artists/:id',
  access: 'auth',
  summary: 'An artist in its editor',
  tags,
  params: idParamsSchema,
  response: artist,
});

export const createBackstageArtist = endpoint({
  method: 'POST',
  path: '/api/v1/backstage/artists',
  access: 'music.update',
  summary:
    'Creates an artist profile (catalog editors; artists get theirs through a backstage request)',
  tags,
  body: createArtistSchema,
  response: artist,
  status: 201,
});

export const updateBackstageArtist = endpoint({
  method: 'PUT',
  path: '/api/v1/backstage/artists/:id',
  access: 'auth',
  summary: "Changes an artist's name, image, bio, links and genres",
  tags,
  params: idParamsSchema,
  body: updateArtistSchema,
  response: artist,
});

export const listMyTracks = endpoint({
  method: 'GET',
  path: '/api/v1/backstage/tracks',
  access: 'auth',
  summary: 'The tracks I may edit, drafts included, newest first',
  tags,
  query: backstageListQuerySchema,
  response: paginationOf(backstageTrackSchema),
});

export const createDrafts = endpoint({
  method: 'POST',
  path: '/api/v1/backstage/drafts',
  access: 'music.create',
  summary: 'Turns uploaded audio files into draft tracks pre-filled from their tags',
  tags,
  body: createDraftsSchema,
  response: z.object({ tracks: z.array(backstageTrackSchema) }),
  status: 201,
});

export const createBackstageTrack = endpoint({
  method: 'POST',
  path: '/api/v1/backstage/tracks',
  access: 'music.create',
  summary: 'Creates a draft track by hand',
  tags,
  body: createTrackSchema,
  response: track,
  status: 201,
});

export const getBackstageTrack = endpoint({
  method: 'GET',
  path: '/api/v1/backstage/tracks/:id',
  access: 'auth',
  summary: 'A track in its editor',
  tags,
  params: idParamsSchema,
  response: track,
});

export const updateBackstageTrack = endpoint({
  method: 'PUT',
  path: '/api/v1/backstage/tracks/:id',
  access: 'auth',
  summary: "Changes a track's fields (audio replaced keeps plays and comments)",
  tags,
  params: idParamsSchema,
  body: updateTrackSchema,
  response: track,
});

export const publishBackstageTrack = endpoint({
  method: 'POST',
  path: '/api/v1/backstage/tracks/:id/publish',
  access: 'auth',
  summary: "Publishes a draft track; its artists' followers are told when it is out",
  tags,
  params: idParamsSchema,
  response: track,
});

export const deleteBackstageTrack = endpoint({
  method: 'DELETE',
  path: '/api/v1/backstage/tracks/:id',
  access: 'auth',
  summary: 'Deletes a track with its likes, reposts, playlist entries, comments and files',
  tags,
  params: idParamsSchema,
  response: z.object({ deleted: z.literal(true) }),
});

export const listMyAlbums = endpoint({
  method: 'GET',
  path: '/api/v1/backstage/albums',
  access: 'auth',
  summary: 'The albums I may edit, drafts included, newest first',
  tags,
  query: backstageListQuerySchema,
  response: paginationOf(backstageAlbumSchema),
});

export const createBackstageAlbum = endpoint({
  method: 'POST',
  path: '/api/v1/backstage/albums',
  access: 'music.create',
  summary: 'Creates a draft album by hand',
  tags,
  body: createAlbumSchema,
  response: album,
  status: 201,
});

export const getBackstageAlbum = endpoint({
  method: 'GET',
  path: '/api/v1/backstage/albums/:id',
  access: 'auth',
  summary: 'An album with its tracks in its editor',
  tags,
  params: idParamsSchema,
  response: album,
});

export const updateBackstageAlbum = endpoint({
  method: 'PUT',
  path: '/api/v1/backstage/albums/:id',
  access: 'auth',
  summary: "Changes an album's fields",
  tags,
  params: idParamsSchema,
  body: updateAlbumSchema,
  response: album,
});

export const reorderBackstageAlbum = endpoint({
  method: 'PUT',
  path: '/api/v1/backstage/albums/:id/track-order',
  access: 'auth',
  summary: "Sets the order of an album's tracks (numbers from 1)",
  tags,
  params: idParamsSchema,
  body: albumTrackOrderSchema,
  response: album,
});

export const publishBackstageAlbum = endpoint({
  method: 'POST',
  path: '/api/v1/backstage/albums/:id/publish',
  access: 'auth',
  summary: "Publishes an album and its draft tracks; its artists' followers are told",
  tags,
  params: idParamsSchema,
  response: album,
});

export const deleteBackstageAlbum = endpoint({
  method: 'DELETE',
  path: '/api/v1/backstage/albums/:id',
  access: 'auth',
  summary: 'Deletes an album and its tracks with everything that hangs on them',
  tags,
  params: idParamsSchema,
  response: z.object({ deleted: z.literal(true) }),
});
