import type { LoginInput } from '@backbeat/common';
import { validationFailed } from '../../http/http-error.ts';
import type { UsersService } from '../users/service.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';

const BAD_CREDENTIALS = 'These credentials do not match our records.';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: { users: UsersService }) {
  return {
    /** Returns the user id for valid credentials; unknown and known emails answer alike. */
    async verifyCredentials(input: Required<Pick<LoginInput, 'email' | 'password'>>) {
      const row = await deps.users.findRowByEmail(input.email);
      const valid = await verifyPassword(
        row?.password ?? (await dummyPasswordHash()),
        input.password,
      );
      if (!row || !valid) throw validationFailed({ email: [BAD_CREDENTIALS] });
      return row.id;
    },
  };
}
