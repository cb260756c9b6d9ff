import { randomInt } from 'node:crypto';
import type * as OTPAuthModule from 'otpauth';
import type QRCodeModule from 'qrcode';
import { validationFailed } from '../../lib/domain-errors.ts';
import { lazyRequire } from '../../lib/lazy-require.ts';
import type { Cipher } from '../../lib/crypto.ts';
import type { SettingsService } from '../settings/service.ts';
import type { UsersService } from '../users/service.ts';

const loadQRCode = lazyRequire<typeof QRCodeModule>('qrcode');
const loadOTPAuth = lazyRequire<typeof OTPAuthModule>('otpauth');
const RECOVERY_CODE_COUNT = 8;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PERIOD_SECONDS = 30;

/** "XXXXXXXXXX-XXXXXXXXXX": 21 characters (spec §9). */
export function newRecoveryCode(): string {
  const half = () =>
    Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${half()}-${half()}`;
}

export type TwoFactorState = 0 | 1 | 2;

export function twoFactorState(row: {
  two_factor_secret: string | null;
  two_factor_confirmed_at: string | null;
}): TwoFactorState {
  if (!row.two_factor_secret) return 0;
  return row.two_factor_confirmed_at ? 2 : 1;
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/** TOTP two-factor (spec §4): 0 off, 1 pending confirmation, 2 on. Secrets are encrypted at rest. */
export function createTwoFactorService(deps: {
  users: UsersService;
  cipher: Cipher;
  settings: SettingsService;
}) {
  const { users, cipher } = deps;

  async function load(userId: number) {
    const row = await users.findRowById(userId);
    if (!row) throw validationFailed({ code: ['Your account could not be found.'] });
    return row;
  }

  async function totpFor(userId: number) {
    const row = await load(userId);
    if (!row.two_factor_secret)
      throw validationFailed({ code: ['Two-factor authentication is not enabled.'] });
    const totp = new (loadOTPAuth().TOTP)({
      issuer: await deps.settings.get('branding.site_name'),
      label: row.email,
      digits: 6,
      period: PERIOD_SECONDS,
      secret: loadOTPAuth().Secret.fromBase32(cipher.decrypt(row.two_factor_secret)),
    });
    return { row, totp };
  }

  const readCodes = (sealed: string | null): string[] =>
    sealed ? (JSON.parse(cipher.decrypt(sealed)) as string[]) : [];
  const sealCodes = (codes: string[]) => cipher.encrypt(JSON.stringify(codes));

  /** Accepts a current code once: the time step it belongs to may never be used again. */
  async function consumeTotp(userId: number, code: string): Promise<boolean> {
    const { row, totp } = await totpFor(userId);
    const delta = totp.validate({ token: code, window: 1 });
    if (delta === null) return false;
    const step = Math.floor(Date.now() / 1000 / PERIOD_SECONDS) + delta;
    if (row.two_factor_last_step !== null && step <= row.two_factor_last_step) return false;
    await users.update(userId, { two_factor_last_step: step });
    return true;
  }

  return {
    async enable(userId: number): Promise<void> {
      await users.update(userId, {
        two_factor_secret: cipher.encrypt(new (loadOTPAuth().Secret)({ size: 20 }).base32),
        two_factor_recovery_codes: sealCodes(
          Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode),
        ),
        two_factor_confirmed_at: null,
        two_factor_last_step: null,
      });
    },
    async disable(userId: number): Promise<void> {
      await users.update(userId, {
        two_factor_secret: null,
        two_factor_recovery_codes: null,
        two_factor_confirmed_at: null,
        two_factor_last_step: null,
      });
    },
    async qrCode(userId: number): Promise<{ svg: string; secret: string }> {
      const { totp } = await totpFor(userId);
      const svg = await loadQRCode().toString(totp.toString(), { type: 'svg', margin: 1 });
      return { svg, secret: totp.secret.base32 };
    },
    async recoveryCodes(userId: number): Promise<string[]> {
      return readCodes((await load(userId)).two_factor_recovery_codes);
    },
    async regenerateRecoveryCodes(userId: number): Promise<string[]> {
      await load(userId);
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await users.update(userId, { two_factor_recovery_codes: sealCodes(codes) });
      return codes;
    },
    async confirm(userId: number, code: string): Promise<void> {
      if (!(await consumeTotp(userId, code))) {
        throw validationFailed({
          code: ['The provided two factor authentication code was invalid.'],
        });
      }
      await users.update(userId, { two_factor_confirmed_at: new Date().toISOString() });
    },
    /** The login challenge: a current TOTP code, or a recovery code which is then spent. */
    async verifyChallenge(
      userId: number,
      input: { code?: string; recovery_code?: string },
    ): Promise<void> {
      if (input.code) {
        if (await consumeTotp(userId, input.code)) return;
        throw validationFailed({
          code: ['The provided two factor authentication code was invalid.'],
        });
      }
      const given = (input.recovery_code ?? '').toUpperCase();
      const codes = await this.recoveryCodes(userId);
      if (!given || !codes.includes(given)) {
        throw validationFailed({ recovery_code: ['The provided recovery code was invalid.'] });
      }
      await users.update(userId, {
        two_factor_recovery_codes: sealCodes(codes.filter((c) => c !== given)),
      });
    },
  };
}
