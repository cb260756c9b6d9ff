import { validationFailed } from '../../lib/domain-errors.ts';
import type { Services } from '../../services.ts';

const FAILED = 'Could not verify you are human.';

/** Asks Google's siteverify (or the configured endpoint) about a client token. */
export async function checkRecaptchaToken(
  services: Services,
  token: string,
  ip?: string,
): Promise<boolean> {
  const secret = await services.settings.get('recaptcha.secret_key');
  if (!secret) return false;
  try {
    const response = await fetch(services.config.recaptchaVerifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, ...(ip ? { remoteip: ip } : {}) }),
      signal: AbortSignal.timeout(5000),
    });
    const result = (await response.json()) as { success?: boolean; score?: number };
    return result.success === true && (result.score === undefined || result.score >= 0.5);
  } catch {
    return false;
  }
}

/** When a site key is set and the action is enabled, the action needs a verified token. */
export async function verifyRecaptcha(
  services: Services,
  action: string,
  token: string | undefined,
  ip: string,
): Promise<void> {
  const s = await services.settings.all();
  if (!s['recaptcha.site_key'] || !s['recaptcha.enable'][action]) return;
  if (!token || !(await checkRecaptchaToken(services, token, ip))) {
    throw validationFailed({ recaptcha: [FAILED] });
  }
}
