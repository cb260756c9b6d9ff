import { getAdminSettings, sendTestEmail, updateAdminSettings } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { adminOnly } from '../../resources/define-resource.ts';

/** `/admin/settings` and `/admin/ads` (settings.update, inside the admin area). */
export const settingsAdminRoutes: RoutesPlugin = async (app) => {
  const admin = adminOnly('settings.update');
  const { settingsAdmin } = app.services;
  registerEndpoint(app, getAdminSettings, () => settingsAdmin.view(), admin);
  registerEndpoint(
    app,
    updateAdminSettings,
    (request) => settingsAdmin.update(request.body as Record<string, unknown>),
    admin,
  );
  registerEndpoint(
    app,
    sendTestEmail,
    async (request) => {
      await settingsAdmin.sendTestEmail(request.body.to);
      return { message: `A test email was sent to ${request.body.to}.` };
    },
    { ...admin, config: { rateLimit: rateLimit('test-email', 10, 60_000) } },
  );
};
