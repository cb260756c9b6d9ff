import type { PublicSettings } from '@backbeat/common';

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
