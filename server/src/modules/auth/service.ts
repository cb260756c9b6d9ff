import { timingSafeEqual } from 'node:crypto';
import type { SiteAddress } from '../settings/site-address.ts';
import type { LoginInput, RegisterInput } from '@backbeat/common';
import { forbidden, tooManyAttempts, validationFailed } from '../../lib/domain-errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passwordResetMail } from '../../mail/templates.ts';
import type { SessionsRepository } from '../sessions/repository.ts';
import type { SettingsService } from '../settings/service.ts';
import type { UsersService } from '../users/service.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AuthRepository } from './repository.ts';

const BAD_CREDENTIALS = 'These credentials do not match our records.';
const MAX_FAILURES_PER_HOUR = 100;
const RESET_TOKEN_MINUTES = 60;
const HOUR_MS = 3_600_000;

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  users: UsersService;
  repository: AuthRepository;
  sessions: SessionsRepository;
  settings: SettingsService;
  mailer: Mailer;
  /** Reset links start with the site's public address, never a request's Host. */
  siteAddress: Pick<SiteAddress, 'require'>;
  /**
   * Whether an invite lets this email register while registration is closed. Workspaces
   * plug their invites in here; until then no id opens the door.
   */
  isOpenInvite?: (inviteId: string, email: string) => Promise<boolean>;
}) {
  const { users, repository } = deps;
  const isOpenInvite = deps.isOpenInvite ?? (async () => false);

  return {
    /**
     * Returns the user id for valid credentials. Unknown and known emails get the same answer
     * after the same work; an account with 100 failures in the last hour is locked for a while.
     */
    async verifyCredentials(input: Required<Pick<LoginInput, 'email' | 'password'>>, ip: string) {
      const since = new Date(Date.now() - HOUR_MS).toISOString();
      if ((await repository.countLoginFailuresSince(input.email, since)) >= MAX_FAILURES_PER_HOUR) {
        throw tooManyAttempts('Too many failed attempts for this account. Please try again later.');
      }
      const row = await users.findRowByEmail(input.email);
      const valid = await verifyPassword(
        row?.password ?? (await dummyPasswordHash()),
        input.password,
      );
      if (!row || !valid) {
        await repository.recordLoginFailure(input.email, ip);
        throw validationFailed({ email: [BAD_CREDENTIALS] });
      }
      return row;
    },

    async register(input: RegisterInput & { email: string }): Promise<number> {
      const s = await deps.settings.all();
      if (
        s['registration.disable'] &&
        !(input.invite_id && (await isOpenInvite(input.invite_id, input.email)))
      ) {
        throw forbidden('Registration is currently disabled.');
      }
      const errors: Record<string, string[]> = {};
      for (const policy of s['registration.policies']) {
        if (!input.policies?.[policy.id])
          errors[`policies.${policy.id}`] = [`You must accept the ${policy.name}.`];
      }
      if (await users.findRowByEmail(input.email))
        errors.email = ['This email is already registered.'];
      if (Object.keys(errors).length) throw validationFailed(errors);
      return users.createUser({
        email: input.email,
        password: input.password,
        verified: !s.require_email_confirmation,
      });
    },

    /** Sends a reset link when the email has an account; the caller answers alike either way. */
    async sendPasswordReset(email: string): Promise<void> {
      const row = await users.findRowByEmail(email);
      if (!row) return;
      const baseUrl = await deps.siteAddress.require();
      const token = randomToken();
      await repository.storeResetToken(row.id, sha256(token));
      const url = `${baseUrl}/password/reset/${token}?email=${encodeURIComponent(row.email)}`;
      const siteName = await deps.settings.get('branding.site_name');
      await deps.mailer.send(passwordResetMail(row.email, url, siteName));
    },

    /** Single use, 60 minutes; every session of the account ends with the old password. */
    async resetPassword(input: { token: string; email: string; password: string }): Promise<void> {
      const invalid = validationFailed({
        email: ['This password reset link is invalid or has expired.'],
      });
      const row = await users.findRowByEmail(input.email);
      const stored = row ? await repository.findResetToken(row.id) : undefined;
      if (!row || !stored) throw invalid;
      const given = Buffer.from(sha256(input.token));
      const matches = timingSafeEqual(given, Buffer.from(stored.token_hash));
      const fresh = Date.now() - Date.parse(stored.created_at) < RESET_TOKEN_MINUTES * 60_000;
      if (!matches || !fresh) throw invalid;
      await repository.deleteResetToken(row.id);
      await users.update(row.id, { password: await hashPassword(input.password) });
      await deps.sessions.deleteForUser(row.id);
    },

    /** For an owner locked out (`npm run admin`): a new password, and every session ends. */
    async replacePassword(userId: number, password: string): Promise<void> {
      await users.update(userId, { password: await hashPassword(password) });
      await deps.sessions.deleteForUser(userId);
    },

    async changePassword(
      userId: number,
      currentSessionId: string,
      input: { current_password: string; password: string },
    ) {
      const row = await users.findRowById(userId);
      if (!row || !(await verifyPassword(row.password, input.current_password))) {
        throw validationFailed({ current_password: ['The current password is incorrect.'] });
      }
      await users.update(userId, { password: await hashPassword(input.password) });
      await deps.sessions.deleteForUser(userId, currentSessionId);
    },

    /** For password confirmation and other checks of the signed-in user's password. */
    async checkPassword(userId: number, password: string): Promise<void> {
      const row = await users.findRowById(userId);
      if (!row || !(await verifyPassword(row.password, password))) {
        throw validationFailed({ password: ['The password is incorrect.'] });
      }
    },

    pruneLoginFailures: () =>
      repository.pruneLoginFailures(new Date(Date.now() - HOUR_MS).toISOString()),
  };
}
