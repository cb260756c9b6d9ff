import { twoFactorConfirmSchema } from '@backbeat/common';
import { rateLimit } from '../../http/rate-limit.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { requireConfirmedPassword } from '../users/password-confirmation.ts';

export const twoFactorRoutes: RoutesPlugin = async (app) => {
  const api = typed(app);
  const { twoFactor } = app.services;
  const auth = { access: 'auth' as const };

  api.post('/auth/user/two-factor-authentication', { config: auth }, async (request) => {
    await requireConfirmedPassword(request);
    await twoFactor.enable(request.user!.id);
    return { two_factor_state: 1 };
  });

  api.delete('/auth/user/two-factor-authentication', { config: auth }, async (request) => {
    await requireConfirmedPassword(request);
    await twoFactor.disable(request.user!.id);
    return { message: 'Two factor authentication has been disabled.', two_factor_state: 0 };
  });

  // During setup the QR is shown right after enabling; once 2FA is on, the secret is as
  // sensitive as the recovery codes.
  api.get('/auth/user/two-factor/qr-code', { config: auth }, async (request) => {
    if (request.user!.two_factor_state === 2) await requireConfirmedPassword(request);
    return twoFactor.qrCode(request.user!.id);
  });

  api.get('/auth/user/two-factor-recovery-codes', { config: auth }, async (request) => {
    await requireConfirmedPassword(request);
    return { recovery_codes: await twoFactor.recoveryCodes(request.user!.id) };
  });

  api.post('/auth/user/two-factor-recovery-codes', { config: auth }, async (request) => {
    await requireConfirmedPassword(request);
    return { recovery_codes: await twoFactor.regenerateRecoveryCodes(request.user!.id) };
  });

  api.post(
    '/auth/user/confirmed-two-factor-authentication',
    {
      schema: { body: twoFactorConfirmSchema },
      config: { ...auth, rateLimit: rateLimit('2fa-confirm', 10, 60_000) },
    },
    async (request) => {
      await twoFactor.confirm(request.user!.id, request.body.code);
      return {
        two_factor_state: 2,
        recovery_codes: await twoFactor.recoveryCodes(request.user!.id),
      };
    },
  );
};
