import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { idParamsSchema } from '../catalog/schemas.ts';
import {
  dashboardSchema,
  insightsQuerySchema,
  insightsSchema,
  updatePlaySchema,
} from './schemas.ts';

const tags = ['insights'];

/** The player reports how long a play lasted (skip, end, page hidden), once or several times. */
export const updatePlay = endpoint({
  method: 'PUT',
  path: '/api/v1/plays/:id',
  access: 'music.play',
  summary: 'Reports how long a play lasted and whether the track was heard to the end',
  tags,
  params: idParamsSchema,
  body: updatePlaySchema,
  response: z.object({ updated: z.literal(true) }),
});

/** The web app reports one visit per browser session and day, when it starts. */
export const recordVisit = endpoint({
  method: 'POST',
  path: '/api/v1/visits',
  access: 'public',
  summary: 'Counts this browser as a visitor today (once a day per session)',
  tags,
  response: z.object({ recorded: z.literal(true) }),
});

const insightsOf = (type: 'tracks' | 'albums' | 'artists', what: string) =>
  endpoint({
    method: 'GET',
    path: `/api/v1/${type}/:id/insights`,
    access: 'auth',
    summary: `Plays, listeners and audience of ${what} (its artist's members and admins)`,
    tags,
    params: idParamsSchema,
    query: insightsQuerySchema,
    response: z.object({ insights: insightsSchema }),
  });

export const getTrackInsights = insightsOf('tracks', 'a track');
export const getAlbumInsights = insightsOf('albums', 'an album');
export const getArtistInsights = insightsOf('artists', 'an artist');

export const getAdminDashboard = endpoint({
  method: 'GET',
  path: '/api/v1/admin/dashboard',
  access: 'admin.access',
  summary: 'Plays, new users, uploads and visitors of the whole site over a range',
  tags,
  query: insightsQuerySchema,
  response: z.object({ dashboard: dashboardSchema }),
});
