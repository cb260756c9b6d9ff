import { z } from 'zod';
import { idParamsSchema } from '../catalog/schemas.ts';
import { endpoint, notJson } from '../contract.ts';
import {
  createShareSchema,
  publicShareSchema,
  internetRadioStationRowSchema,
  shareSchema,
  shareTokenParamsSchema,
  shareTrackParamsSchema,
  updateShareSchema,
} from './schemas.ts';

const tags = ['shares'];

export const listShares = endpoint({
  method: 'GET',
  path: '/api/v1/shares',
  access: 'auth',
  summary: 'The share links of the signed-in account',
  tags,
  response: z.object({ shares: z.array(shareSchema) }),
});

export const createShare = endpoint({
  method: 'POST',
  path: '/api/v1/shares',
  access: 'auth',
  summary: 'Creates a public link to tracks, an album or a playlist, with an optional expiry',
  tags,
  body: createShareSchema,
  response: z.object({ share: shareSchema }),
  status: 201,
});

export const updateShare = endpoint({
  method: 'PUT',
  path: '/api/v1/shares/:id',
  access: 'auth',
  summary: "Changes a share's description or expiry",
  tags,
  params: idParamsSchema,
  body: updateShareSchema,
  response: z.object({ share: shareSchema }),
});

export const deleteShare = endpoint({
  method: 'DELETE',
  path: '/api/v1/shares/:id',
  access: 'auth',
  summary: 'Deletes a share: its link stops working',
  tags,
  params: idParamsSchema,
  response: z.object({ deleted: z.literal(true) }),
});

export const showSharedLink = endpoint({
  method: 'GET',
  path: '/api/v1/shared/:token',
  access: 'public',
  summary: 'What a share link shows (counted as a visit); an expired one shows no tracks',
  tags,
  params: shareTokenParamsSchema,
  response: z.object({ share: publicShareSchema }),
});

export const streamSharedTrack = endpoint({
  method: 'GET',
  path: '/api/v1/shared/:token/tracks/:id/stream',
  access: 'public',
  summary: "A shared track's audio, for anyone with the link until it expires",
  tags,
  params: shareTrackParamsSchema,
  response: notJson('stream', 'The audio file (206 for a range).', 'audio/*'),
});

export const listInternetRadioStations = endpoint({
  method: 'GET',
  path: '/api/v1/internet-radio-stations',
  access: 'auth',
  summary: 'The internet radio stations the admins keep, by name',
  tags: ['internet radio'],
  response: z.object({ stations: z.array(internetRadioStationRowSchema) }),
});
