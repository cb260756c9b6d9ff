import type { SocialService } from '@backbeat/common';
import { notFound } from '../../lib/domain-errors.ts';
import type { Config } from '../../config.ts';
import type { SettingsService } from '../settings/service.ts';
import { PROVIDERS, type ProviderProfile, type ProviderSpec } from './providers.ts';
import type * as Arctic from 'arctic';
import { importPackage } from '../../lib/import-package.ts';

export type SocialIntent = 'login' | 'connect';

export interface OAuthAttempt {
  service: SocialService;
  state: string;
  verifier: string;
  intent: SocialIntent;
  at: number;
}

/** arctic is only needed when someone uses social login, so it loads then. */
const loadArctic = () => importPackage<typeof Arctic>('arctic');

export class SocialAuthError extends Error {}

/** What the provider calls need: the providers' settings and the configured endpoints. */
export interface SocialAuthDeps {
  settings: Pick<SettingsService, 'all'>;
  config: Pick<Config, 'oauthEndpoints'>;
}

/** A provider is offered only when it is enabled and has its credentials (spec: unconfigured = hidden). */
export async function providerConfig(services: SocialAuthDeps, service: SocialService) {
  const s = await services.settings.all();
  const clientId = s[`social.${service}.client_id`];
  const clientSecret = s[`social.${service}.client_secret`];
  if (!s[`social.${service}.enable`] || !clientId || !clientSecret) return null;
  const spec: ProviderSpec = PROVIDERS[service];
  const endpoints = services.config.oauthEndpoints[service] ?? spec.endpoints;
  return { spec, endpoints, clientId, clientSecret };
}

export function redirectUri(baseUrl: string, service: SocialService): string {
  return `${baseUrl}/secure/auth/social/${service}/callback`;
}

export async function authorizationUrl(
  services: SocialAuthDeps,
  service: SocialService,
  baseUrl: string,
  attempt: OAuthAttempt,
) {
  const provider = await providerConfig(services, service);
  if (!provider) throw notFound('This login provider is not available.');
  const { CodeChallengeMethod, OAuth2Client } = await loadArctic();
  const client = new OAuth2Client(
    provider.clientId,
    provider.clientSecret,
    redirectUri(baseUrl, service),
  );
  return provider.spec.pkce
    ? client.createAuthorizationURLWithPKCE(
        provider.endpoints.authorize,
        attempt.state,
        CodeChallengeMethod.S256,
        attempt.verifier,
        provider.spec.scopes,
      )
    : client.createAuthorizationURL(
        provider.endpoints.authorize,
        attempt.state,
        provider.spec.scopes,
      );
}

export async function newAttempt(
  service: SocialService,
  intent: SocialIntent,
): Promise<OAuthAttempt> {
  const { generateCodeVerifier, generateState } = await loadArctic();
  return {
    service,
    intent,
    state: generateState(),
    verifier: generateCodeVerifier(),
    at: Date.now(),
  };
}

/** Exchanges the code and reads the provider's profile. */
export async function fetchProviderProfile(
  services: SocialAuthDeps,
  attempt: OAuthAttempt,
  code: string,
  baseUrl: string,
): Promise<ProviderProfile> {
  const provider = await providerConfig(services, attempt.service);
  if (!provider) throw new SocialAuthError('This login provider is not available.');
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri(baseUrl, attempt.service),
    ...(provider.spec.pkce ? { code_verifier: attempt.verifier } : {}),
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (provider.spec.clientAuth === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`).toString('base64')}`;
  } else {
    body.set('client_id', provider.clientId);
    body.set('client_secret', provider.clientSecret);
  }
  const tokenResponse = await fetch(provider.endpoints.token, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const tokens = (await tokenResponse.json().catch(() => ({}))) as { access_token?: string };
  if (!tokenResponse.ok || !tokens.access_token)
    throw new SocialAuthError('The provider did not accept the login.');
  const profileResponse = await fetch(provider.endpoints.profile, {
    headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!profileResponse.ok) throw new SocialAuthError('The provider did not share the profile.');
  const profile = provider.spec.mapProfile(
    (await profileResponse.json()) as Record<string, unknown>,
  );
  if (!profile.id || profile.id === 'undefined')
    throw new SocialAuthError('The provider did not share the profile.');
  return profile;
}

export function assertAttemptMatches(
  attempt: OAuthAttempt | undefined,
  service: string,
  state: string | undefined,
): OAuthAttempt {
  const tenMinutes = 10 * 60_000;
  if (
    !attempt ||
    attempt.service !== service ||
    !state ||
    attempt.state !== state ||
    Date.now() - attempt.at > tenMinutes
  ) {
    throw new SocialAuthError('This login attempt is not valid any more. Please try again.');
  }
  return attempt;
}
