import { getAdminAppearance, updateAdminAppearance } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { adminOnly } from '../../resources/define-resource.ts';

/** `/admin/appearance` (appearance.update, inside the admin area). */
export const appearanceAdminRoutes: RoutesPlugin = async (app) => {
  const admin = adminOnly('appearance.update');
  const { appearance } = app.services;
  registerEndpoint(
    app,
    getAdminAppearance,
    async () => ({ values: await appearance.view() }),
    admin,
  );
  registerEndpoint(
    app,
    updateAdminAppearance,
    async (request) => ({ values: await appearance.update(request.body) }),
    admin,
  );
};
