import { hasPermission } from '@backbeat/common';
import {
  getAdminDashboard,
  getAlbumInsights,
  getArtistInsights,
  getTrackInsights,
  recordVisit,
} from '@backbeat/common/contracts';
import type { FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import type { InsightsViewer } from './service.ts';

/** Admins (music.update) see every insight; others those of artists they manage. */
const viewerOf = (request: FastifyRequest): InsightsViewer => ({
  userId: request.user!.id,
  seesAll: hasPermission({ user: request.user, guestPermissions: [] }, 'music.update'),
});

export const insightsRoutes: RoutesPlugin = async (app) => {
  const { insights } = app.services;

  registerEndpoint(app, getTrackInsights, async (request) => ({
    insights: await insights.insights('track', request.params.id, request.query, viewerOf(request)),
  }));
  registerEndpoint(app, getAlbumInsights, async (request) => ({
    insights: await insights.insights('album', request.params.id, request.query, viewerOf(request)),
  }));
  registerEndpoint(app, getArtistInsights, async (request) => ({
    insights: await insights.insights(
      'artist',
      request.params.id,
      request.query,
      viewerOf(request),
    ),
  }));

  registerEndpoint(app, getAdminDashboard, async (request) => ({
    dashboard: await insights.dashboard(request.query),
  }));

  registerEndpoint(app, recordVisit, async (request) => {
    await insights.recordVisit({
      visitor: request.session.id,
      userId: request.user?.id ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return { recorded: true as const };
  });
};
