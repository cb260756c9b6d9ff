import type { PublicSettings } from '@backbeat/common';
import { verifyRecaptcha } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';

declare global {
  interface Window {
    grecaptcha?: {
      ready(cb: () => void): void;
      execute(key: string, options: { action: string }): Promise<string>;
    };
  }
}

export function isRecaptchaEnabled(settings: PublicSettings, action: string): boolean {
  return !!settings.recaptcha.site_key && !!settings.recaptcha.enable[action];
}

let loading: Promise<void> | null = null;

/** Loads Google's reCAPTCHA v3 script on demand and asks it for a token; null when it fails. */
export async function getRecaptchaToken(siteKey: string, action: string): Promise<string | null> {
  try {
    loading ??= new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('reCAPTCHA failed to load'));
      document.head.appendChild(script);
    });
    await loading;
    const grecaptcha = window.grecaptcha;
    if (!grecaptcha) return null;
    await new Promise<void>((resolve) => grecaptcha.ready(resolve));
    return await grecaptcha.execute(siteKey, { action });
  } catch {
    loading = null;
    return null;
  }
}

/**
 * Spec §5/§7: the human check before an action. A reCAPTCHA v3 token is good for one check
 * only, so the web asks `recaptcha/verify` with one token and returns a second for the
 * action's own request, which the server checks again. Null means "not human" (or the check
 * could not run), and the caller shows "Could not verify you are human."
 */
export async function passHumanCheck(siteKey: string, action: string): Promise<string | null> {
  const verifyToken = await getRecaptchaToken(siteKey, action);
  if (!verifyToken) return null;
  try {
    const { success } = await api(verifyRecaptcha, { token: verifyToken });
    if (!success) return null;
  } catch {
    return null;
  }
  return getRecaptchaToken(siteKey, action);
}
