import { loginSchema } from '@backbeat/common';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { bootstrapFor } from '../bootstrap/present.ts';

const LOGIN_ATTEMPTS_PER_MINUTE = 5;

export const authRoutes: RoutesPlugin = async (app) => {
  const api = typed(app);

  api.post(
    '/auth/login',
    {
      schema: { body: loginSchema },
      config: {
        access: 'public',
        rateLimit: {
          max: LOGIN_ATTEMPTS_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return `login|${request.ip}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
          },
        },
      },
    },
    async (request) => {
      const userId = await app.services.auth.verifyCredentials(request.body);
      await request.session.regenerate(userId, request.body.remember, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      request.user = await app.services.users.findById(userId);
      return { status: 'success', bootstrapData: await bootstrapFor(request) };
    },
  );

  api.post('/auth/logout', { config: { access: 'public' } }, async (request) => {
    await request.session.destroy();
    request.user = null;
    return { bootstrapData: await bootstrapFor(request) };
  });
};
