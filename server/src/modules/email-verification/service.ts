import { createHmac, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@backbeat/common';
import { validationFailed } from '../../lib/domain-errors.ts';
import { randomDigits } from '../../lib/crypto.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { verificationCodeMail } from '../../mail/templates.ts';
import type { SettingsService } from '../settings/service.ts';
import type { UsersService } from '../users/service.ts';
import type { createEmailVerificationRepository } from './repository.ts';

const CODE_LIFETIME_MS = 10 * 60_000;
const MAX_WRONG_TRIES = 5;

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;

/** Six-digit codes: 10 minutes, single use, burnt after 5 wrong tries, voided by a resend. */
export function createEmailVerificationService(deps: {
  repository: ReturnType<typeof createEmailVerificationRepository>;
  users: UsersService;
  mailer: Mailer;
  settings: SettingsService;
  appKey: string;
}) {
  // Keyed hash: six digits are too few to survive an offline guess from a leaked table.
  const hashCode = (userId: number, code: string) =>
    createHmac('sha256', deps.appKey).update(`${userId}:${code}`).digest('hex');

  return {
    async send(userId: number): Promise<void> {
      const row = await deps.users.findRowById(userId);
      if (!row || row.email_verified_at) return;
      const code = randomDigits(VERIFICATION_CODE_LENGTH);
      await deps.repository.store(
        userId,
        hashCode(userId, code),
        new Date(Date.now() + CODE_LIFETIME_MS).toISOString(),
      );
      const siteName = await deps.settings.get('branding.site_name');
      await deps.mailer.send(verificationCodeMail(row.email, code, siteName));
    },

    async verify(userId: number, code: string): Promise<void> {
      const stored = await deps.repository.find(userId);
      if (!stored || Date.parse(stored.expires_at) <= Date.now()) {
        throw validationFailed({ code: ['This code has expired. Request a new one.'] });
      }
      const matches = timingSafeEqual(
        Buffer.from(hashCode(userId, code)),
        Buffer.from(stored.code_hash),
      );
      if (!matches) {
        if (stored.attempts + 1 >= MAX_WRONG_TRIES) {
          await deps.repository.delete(userId);
          throw validationFailed({ code: ['Too many wrong codes. Request a new one.'] });
        }
        await deps.repository.countAttempt(userId);
        throw validationFailed({ code: ['This code is not valid.'] });
      }
      await deps.repository.delete(userId);
      await deps.users.update(userId, { email_verified_at: new Date().toISOString() });
    },
  };
}
