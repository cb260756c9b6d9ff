import * as OTPAuth from 'otpauth';
import { confirmPassword } from './accounts.ts';
import type { Browser } from './client.ts';

/** The code an authenticator app shows for `secret` at a moment (now by default). */
export function totpCode(secret: string, at = Date.now()): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: at });
}

/** The code of the next 30-second step: a fresh code after the current one was spent. */
export const nextTotpCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

/**
 * Turns two-factor on through the settings panel's calls: confirm the password, enable, read
 * the secret from the QR code call, confirm with a current code.
 */
export async function turnOnTwoFactor(
  browser: Browser,
  password: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await confirmPassword(browser, password);
  const enabled = await browser.post('/auth/user/two-factor-authentication');
  if (enabled.statusCode !== 200) throw new Error(`Enabling 2FA failed: ${enabled.body}`);
  const { secret } = (await browser.get('/auth/user/two-factor/qr-code')).json() as {
    secret: string;
  };
  const confirmed = await browser.post('/auth/user/confirmed-two-factor-authentication', {
    code: totpCode(secret),
  });
  if (confirmed.statusCode !== 200) throw new Error(`Confirming 2FA failed: ${confirmed.body}`);
  const { recovery_codes } = confirmed.json() as { recovery_codes: string[] };
  return { secret, recoveryCodes: recovery_codes };
}
