import { listFailedMediaJobs, retryMediaJob } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { adminOnly } from '../../resources/define-resource.ts';

/** Media jobs in the admin area (issue 35.7): failed processing, with a retry. */
export const mediaJobsAdminRoutes: RoutesPlugin = async (app) => {
  const { media } = app.services;
  registerEndpoint(
    app,
    listFailedMediaJobs,
    async (request) => ({ pagination: await media.failedJobs(request.query) }),
    adminOnly(),
  );
  registerEndpoint(
    app,
    retryMediaJob,
    async (request) => ({ status: await media.retry(request.params.id) }),
    adminOnly(),
  );
};
