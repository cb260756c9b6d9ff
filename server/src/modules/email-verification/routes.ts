import { resendVerificationSchema, verificationCodeSchema } from '@backbeat/common';
import { rateLimit } from '../../http/rate-limit.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';

export const emailVerificationRoutes: RoutesPlugin = async (app) => {
  const api = typed(app);

  api.post(
    '/api/v1/resend-email-verification',
    {
      schema: { body: resendVerificationSchema },
      config: { access: 'auth', rateLimit: rateLimit('resend', 3, 60_000) },
    },
    async (request) => {
      await app.services.emailVerification.send(request.user!.id);
      return { message: 'Email sent' };
    },
  );

  api.post(
    '/api/v1/validate-email-verification-otp',
    {
      schema: { body: verificationCodeSchema },
      config: { access: 'auth', rateLimit: rateLimit('otp', 10, 60_000) },
    },
    async (request) => {
      await app.services.emailVerification.verify(request.user!.id, request.body.code);
      return { user: await app.services.users.findById(request.user!.id) };
    },
  );
};
