import { verifyRecaptcha } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { checkRecaptchaToken } from './service.ts';

export const recaptchaRoutes: RoutesPlugin = async (app) => {
  registerEndpoint(
    app,
    verifyRecaptcha,
    async (request) => ({
      success: await checkRecaptchaToken(app.services, request.body.token, request.ip),
    }),
    { config: { rateLimit: rateLimit('recaptcha', 20, 60_000) } },
  );
};
