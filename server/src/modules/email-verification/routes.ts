import { resendEmailVerification, validateEmailVerificationCode } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { RoutesPlugin } from '../../http/types.ts';

export const emailVerificationRoutes: RoutesPlugin = async (app) => {
  registerEndpoint(
    app,
    resendEmailVerification,
    async (request) => {
      await app.services.emailVerification.send(request.user!.id);
      return { message: 'Email sent' };
    },
    { config: { rateLimit: rateLimit('resend', 3, 60_000) } },
  );

  registerEndpoint(
    app,
    validateEmailVerificationCode,
    async (request) => {
      await app.services.emailVerification.verify(request.user!.id, request.body.code);
      return { user: await app.services.users.getById(request.user!.id) };
    },
    { config: { rateLimit: rateLimit('otp', 10, 60_000) } },
  );
};
