import { recaptchaVerifySchema } from '@backbeat/common';
import { rateLimit } from '../../http/rate-limit.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { checkRecaptchaToken } from './service.ts';

export const recaptchaRoutes: RoutesPlugin = async (app) => {
  typed(app).post(
    '/api/v1/recaptcha/verify',
    {
      schema: { body: recaptchaVerifySchema },
      config: { access: 'public', rateLimit: rateLimit('recaptcha', 20, 60_000) },
    },
    async (request) => ({
      success: await checkRecaptchaToken(app.services, request.body.token, request.ip),
    }),
  );
};
