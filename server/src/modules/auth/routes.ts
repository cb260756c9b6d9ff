import {
  changePassword,
  confirmPassword,
  forgotPassword,
  getPasswordConfirmationStatus,
  login,
  logout,
  register,
  resetPassword,
  twoFactorChallenge,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { validationFailed } from '../../http/http-error.ts';
import { bodyEmail, rateLimit } from '../../http/rate-limit.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { bootstrapFor } from '../bootstrap/present.ts';
import { verifyRecaptcha } from '../recaptcha/service.ts';
import { isPasswordConfirmed, markPasswordConfirmed } from '../users/password-confirmation.ts';
import { startUserSession } from './session-login.ts';

const MINUTE = 60_000;
const PENDING_LOGIN = 'login.pending';
const PENDING_LOGIN_MS = 10 * MINUTE;

interface PendingLogin {
  userId: number;
  remember: boolean;
  at: number;
}

export const authRoutes: RoutesPlugin = async (app) => {
  const { services } = app;

  registerEndpoint(
    app,
    login,
    async (request) => {
      const row = await services.auth.verifyCredentials(request.body, request.ip);
      // Every login path goes through the two-factor challenge when it is on.
      if (row.two_factor_confirmed_at) {
        await request.session.put(PENDING_LOGIN, {
          userId: row.id,
          remember: request.body.remember,
          at: Date.now(),
        });
        return { two_factor: true as const };
      }
      await startUserSession(request, row.id, request.body.remember);
      return { status: 'success' as const, bootstrapData: await bootstrapFor(request) };
    },
    { config: { rateLimit: rateLimit('login', 5, MINUTE, bodyEmail) } },
  );

  registerEndpoint(
    app,
    twoFactorChallenge,
    async (request) => {
      const pending = request.session.payload<PendingLogin>(PENDING_LOGIN);
      if (!pending || Date.now() - pending.at > PENDING_LOGIN_MS) {
        throw validationFailed({ code: ['Your login has expired. Please log in again.'] });
      }
      await services.twoFactor.verifyChallenge(pending.userId, request.body);
      await startUserSession(request, pending.userId, pending.remember);
      return { status: 'success' as const, bootstrapData: await bootstrapFor(request) };
    },
    { config: { rateLimit: rateLimit('2fa', 5, MINUTE) } },
  );

  registerEndpoint(app, logout, async (request) => {
    await request.session.destroy();
    request.user = null;
    return { bootstrapData: await bootstrapFor(request) };
  });

  registerEndpoint(
    app,
    register,
    async (request) => {
      await verifyRecaptcha(services, 'register', request.body.recaptcha_token, request.ip);
      const userId = await services.auth.register(request.body);
      await startUserSession(request, userId, true);
      const needsVerification = !request.user?.email_verified_at;
      if (needsVerification) {
        await services.emailVerification
          .send(userId)
          .catch((error: unknown) =>
            request.log.error({ err: error }, 'could not send the verification email'),
          );
      }
      return {
        status: needsVerification ? ('needs_email_verification' as const) : ('success' as const),
        bootstrapData: await bootstrapFor(request),
      };
    },
    { config: { rateLimit: rateLimit('register', 5, MINUTE) } },
  );

  registerEndpoint(
    app,
    forgotPassword,
    async (request) => {
      // Not awaited: the answer and its timing are the same whether the email has an account.
      void services.auth
        .sendPasswordReset(request.body.email)
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'could not send the reset email'),
        );
      return {
        message:
          'If an account exists for that email, we have sent it a link to reset the password.',
      };
    },
    { config: { rateLimit: rateLimit('forgot', 5, MINUTE) } },
  );

  registerEndpoint(
    app,
    resetPassword,
    async (request) => {
      await services.auth.resetPassword(request.body);
      return { message: 'Your password has been reset!' };
    },
    { config: { rateLimit: rateLimit('reset', 10, MINUTE) } },
  );

  registerEndpoint(
    app,
    changePassword,
    async (request) => {
      await services.auth.changePassword(request.user!.id, request.session.id, request.body);
      return { message: 'Password changed' };
    },
    { config: { rateLimit: rateLimit('password', 10, MINUTE) } },
  );

  registerEndpoint(app, getPasswordConfirmationStatus, async (request) => ({
    confirmed: isPasswordConfirmed(request, request.query.seconds),
  }));

  registerEndpoint(
    app,
    confirmPassword,
    async (request) => {
      await services.auth.checkPassword(request.user!.id, request.body.password);
      await markPasswordConfirmed(request);
      return { confirmed: true as const };
    },
    { config: { rateLimit: rateLimit('confirm', 10, MINUTE) } },
  );
};
