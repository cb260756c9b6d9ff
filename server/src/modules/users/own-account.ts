import type { FastifyRequest } from 'fastify';
import { hasPermission, type User } from '@backbeat/common';
import { isPasswordConfirmed } from '../auth/session-login.ts';

/**
 * The fields of spec §3 that belong only to the user's own account view: the API tokens
 * (names, ids and dates; their secret is shown once, at creation) for holders of api.access,
 * and the two-factor recovery codes, which are as sensitive as a password and so only come
 * while the password is confirmed (as `GET auth/user/two-factor-recovery-codes` asks).
 */
export async function ownAccountFields(
  request: FastifyRequest,
  user: User,
): Promise<Pick<User, 'tokens' | 'two_factor_recovery_codes'>> {
  const { accessTokens, twoFactor } = request.server.services;
  const mayUseApi = hasPermission({ user, guestPermissions: [] }, 'api.access');
  const codesVisible = user.two_factor_state !== 0 && isPasswordConfirmed(request);
  const [tokens, codes] = await Promise.all([
    mayUseApi ? accessTokens.list(user.id) : undefined,
    codesVisible ? twoFactor.recoveryCodes(user.id) : null,
  ]);
  return {
    ...(tokens ? { tokens } : {}),
    two_factor_recovery_codes: codes,
  };
}
