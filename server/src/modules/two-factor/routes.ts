import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  getRecoveryCodes,
  getTwoFactorQrCode,
  regenerateRecoveryCodes,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { requireConfirmedPassword } from '../auth/session-login.ts';

export const twoFactorRoutes: RoutesPlugin = async (app) => {
  const { twoFactor } = app.services;

  registerEndpoint(app, enableTwoFactor, async (request) => {
    await requireConfirmedPassword(request);
    await twoFactor.enable(request.user!.id);
    return { two_factor_state: 1 as const };
  });

  registerEndpoint(app, disableTwoFactor, async (request) => {
    await requireConfirmedPassword(request);
    await twoFactor.disable(request.user!.id);
    return {
      message: 'Two factor authentication has been disabled.',
      two_factor_state: 0 as const,
    };
  });

  // During setup the QR is shown right after enabling; once 2FA is on, the secret is as
  // sensitive as the recovery codes.
  registerEndpoint(app, getTwoFactorQrCode, async (request) => {
    if (request.user!.two_factor_state === 2) await requireConfirmedPassword(request);
    return twoFactor.qrCode(request.user!.id);
  });

  registerEndpoint(app, getRecoveryCodes, async (request) => {
    await requireConfirmedPassword(request);
    return { recovery_codes: await twoFactor.recoveryCodes(request.user!.id) };
  });

  registerEndpoint(app, regenerateRecoveryCodes, async (request) => {
    await requireConfirmedPassword(request);
    return { recovery_codes: await twoFactor.regenerateRecoveryCodes(request.user!.id) };
  });

  registerEndpoint(
    app,
    confirmTwoFactor,
    async (request) => {
      await twoFactor.confirm(request.user!.id, request.body.code);
      return {
        two_factor_state: 2 as const,
        recovery_codes: await twoFactor.recoveryCodes(request.user!.id),
      };
    },
    { config: { rateLimit: rateLimit('2fa-confirm', 10, 60_000) } },
  );
};
