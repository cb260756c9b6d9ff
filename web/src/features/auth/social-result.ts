import type { BootstrapData } from '@backbeat/common';

export type SocialResult =
  | {
      type: 'social-auth';
      status: 'SUCCESS';
      callbackData: { bootstrapData?: BootstrapData; two_factor?: boolean };
    }
  | {
      type: 'social-auth';
      status: 'ALREADY_LOGGED_IN' | 'REQUEST_PASSWORD';
      callbackData?: { email?: string };
    }
  | { type: 'social-auth'; status: 'ERROR'; errorMessage?: string };

/** What a social login answer may do; the login page supplies each effect. */
export interface SocialResultEffects {
  /** Replaces the bootstrap data (and clears cached queries). */
  applyBootstrap(data: BootstrapData): void;
  onLoggedIn(): void;
  onTwoFactor(): void;
  /** Asks for the existing account's password; resolves with the connect answer. */
  requestPassword(
    email: string,
  ): Promise<{ bootstrapData?: BootstrapData; two_factor?: boolean } | undefined>;
  showError(message: string): void;
}

/**
 * Spec §4 "Social login result": SUCCESS updates the bootstrap data, ALREADY_LOGGED_IN
 * changes nothing (no navigation either), REQUEST_PASSWORD links an existing account after
 * its password, ERROR shows a toast. A closed popup (no result) does nothing.
 */
export async function handleSocialLoginResult(
  result: SocialResult | undefined,
  effects: SocialResultEffects,
): Promise<void> {
  if (!result || result.status === 'ALREADY_LOGGED_IN') return;
  if (result.status === 'ERROR') {
    effects.showError(result.errorMessage ?? 'An error occurred. Please try again later');
    return;
  }
  const answer =
    result.status === 'SUCCESS'
      ? result.callbackData
      : await effects.requestPassword(result.callbackData?.email ?? '');
  if (answer?.two_factor) effects.onTwoFactor();
  else if (answer?.bootstrapData) {
    effects.applyBootstrap(answer.bootstrapData);
    effects.onLoggedIn();
  }
}
