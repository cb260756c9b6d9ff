import { getCustomPage } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { customPagesAdminRoutes } from './admin-routes.ts';

/** Spec 2 §7 `GET custom-pages/{idOrSlug}` (public), and the admin screens' resource. */
export const customPagesRoutes: RoutesPlugin = async (app) => {
  registerEndpoint(app, getCustomPage, (request) =>
    app.services.customPages.show(request.params.idOrSlug),
  );
  await app.register(customPagesAdminRoutes);
};
