import { describe, expect, it, vi } from 'vitest';
import type { BootstrapData } from '@backbeat/common';
import { handleSocialLoginResult, type SocialResultEffects } from './social-result.ts';

function effects(passwordAnswer?: { bootstrapData?: BootstrapData; two_factor?: boolean }) {
  return {
    applyBootstrap: vi.fn(),
    onLoggedIn: vi.fn(),
    onTwoFactor: vi.fn(),
    requestPassword: vi.fn(async () => passwordAnswer),
    showError: vi.fn(),
  } satisfies SocialResultEffects;
}

const bootstrapData = { user: { id: 1 } } as unknown as BootstrapData;

describe('handleSocialLoginResult', () => {
  it('changes nothing when the provider says the user is already logged in', async () => {
    const fx = effects();
    await handleSocialLoginResult({ type: 'social-auth', status: 'ALREADY_LOGGED_IN' }, fx);
    for (const effect of Object.values(fx)) expect(effect).not.toHaveBeenCalled();
  });

  it('replaces the bootstrap data and continues after a successful login', async () => {
    const fx = effects();
    await handleSocialLoginResult(
      { type: 'social-auth', status: 'SUCCESS', callbackData: { bootstrapData } },
      fx,
    );
    expect(fx.applyBootstrap).toHaveBeenCalledWith(bootstrapData);
    expect(fx.onLoggedIn).toHaveBeenCalledOnce();
  });

  it('asks for the password of an existing account, then logs in with its answer', async () => {
    const fx = effects({ two_factor: true });
    await handleSocialLoginResult(
      { type: 'social-auth', status: 'REQUEST_PASSWORD', callbackData: { email: 'a@b.test' } },
      fx,
    );
    expect(fx.requestPassword).toHaveBeenCalledWith('a@b.test');
    expect(fx.onTwoFactor).toHaveBeenCalledOnce();
    expect(fx.onLoggedIn).not.toHaveBeenCalled();
  });

  it('shows the fallback error line when the provider gives none, and nothing for a closed popup', async () => {
    const fx = effects();
    await handleSocialLoginResult({ type: 'social-auth', status: 'ERROR' }, fx);
    expect(fx.showError).toHaveBeenCalledWith('An error occurred. Please try again later');
    const closed = effects();
    await handleSocialLoginResult(undefined, closed);
    for (const effect of Object.values(closed)) expect(effect).not.toHaveBeenCalled();
  });
});
