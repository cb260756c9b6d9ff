import { getOperationsStatus } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { adminOnly } from '../../resources/define-resource.ts';

/** The operations page's answer (issue 39.5), for the admin screen and outside monitoring. */
export const operationsAdminRoutes: RoutesPlugin = async (app) => {
  registerEndpoint(
    app,
    getOperationsStatus,
    async () => ({ status: await app.services.operations.status() }),
    adminOnly(),
  );
};
