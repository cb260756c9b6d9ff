import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = () => ({
  STORAGE_PATH: mkdtempSync(join(tmpdir(), 'backbeat-config-')),
  APP_KEY: 'k9Qx2Lm7Vt4Rb8Nw1Zc6Hy3Jp5Sd0Fg-',
});

describe('OAUTH_ENDPOINTS and RECAPTCHA_VERIFY_URL', () => {
  it('point social sign-in and the human check at other addresses', () => {
    const google = {
      authorize: 'http://127.0.0.1:9000/authorize',
      token: 'http://127.0.0.1:9000/token',
      profile: 'http://127.0.0.1:9000/userinfo',
    };
    const config = loadConfig({
      ...base(),
      OAUTH_ENDPOINTS: JSON.stringify({ google }),
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9001/siteverify',
    });
    expect(config.oauthEndpoints).toEqual({ google });
    expect(config.recaptchaVerifyUrl).toBe('http://127.0.0.1:9001/siteverify');
  });

  it('keep the providers’ own addresses when unset', () => {
    const config = loadConfig(base());
    expect(config.oauthEndpoints).toEqual({});
    expect(config.recaptchaVerifyUrl).toBe('https://www.google.com/recaptcha/api/siteverify');
  });

  it('refuse endpoints that are not JSON or lack an address, naming the field', () => {
    expect(() => loadConfig({ ...base(), OAUTH_ENDPOINTS: '{google' })).toThrow(
      /OAUTH_ENDPOINTS must be JSON/,
    );
    const missing = JSON.stringify({ google: { authorize: 'http://a.test/', token: 'x' } });
    expect(() => loadConfig({ ...base(), OAUTH_ENDPOINTS: missing })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), OAUTH_ENDPOINTS: missing })).toThrow(
      /OAUTH_ENDPOINTS\.google\.token/,
    );
  });
});
