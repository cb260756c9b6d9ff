import { OAuth2Server } from 'oauth2-mock-server';
import type { BootstrapData } from '@backbeat/common';
import type { Browser, BrowserResponse } from './client.ts';

/** What the provider's userinfo endpoint answers (Google's OpenID Connect fields). */
export interface ProviderUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface OAuthProvider {
  issuer: string;
  /** For `createTestApp({ overrides: { oauthEndpoints: { google: provider.endpoints } } })`. */
  endpoints: { authorize: string; token: string; profile: string };
  /** The account the next login at the provider is made with. */
  signInAs(user: ProviderUser): void;
  close(): Promise<void>;
}

/** A real OAuth 2 / OpenID server (oauth2-mock-server) on a random loopback port. */
export async function startOAuthProvider(): Promise<OAuthProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url ?? '';
  let current: ProviderUser = { sub: 'nobody' };
  server.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = { ...current };
  });
  return {
    issuer,
    endpoints: {
      authorize: `${issuer}/authorize`,
      token: `${issuer}/token`,
      profile: `${issuer}/userinfo`,
    },
    signInAs(user) {
      current = user;
    },
    close: () => server.stop(),
  };
}

/** The settings an admin fills in to offer "Continue with Google". */
export const GOOGLE_SETTINGS = {
  'social.google.enable': true,
  'social.google.client_id': 'backbeat-test-client',
  'social.google.client_secret': 'backbeat-test-secret',
} as const;

/** The message the popup's last page posts to the opener (spec §4, social login result). */
export interface PopupResult {
  type: 'social-auth';
  status: 'SUCCESS' | 'ALREADY_LOGGED_IN' | 'REQUEST_PASSWORD' | 'ERROR';
  callbackData?: {
    bootstrapData?: BootstrapData;
    two_factor?: boolean;
    email?: string;
    service?: string;
  };
  errorMessage?: string;
}

export function readPopupResult(html: string): PopupResult {
  const message = /window\.opener\.postMessage\((\{.*\}), "[^"]*"\);/.exec(html)?.[1];
  if (!message) throw new Error(`Not a social login result page: ${html.slice(0, 200)}`);
  return JSON.parse(message) as PopupResult;
}

export interface PopupRun {
  result: PopupResult;
  /** The last page the popup loaded (the callback, or the start page when it did not redirect). */
  page: BrowserResponse;
}

/**
 * Runs the popup as a browser would: open `startPath` (…/login or …/connect), follow the
 * redirect to the provider, which signs in and redirects back with a code and the state, then
 * load that callback in the same browser. `tamper` may change the callback address first.
 */
export async function runSocialPopup(
  browser: Browser,
  startPath: string,
  tamper?: (callback: URL) => void,
): Promise<PopupRun> {
  const start = await browser.get(startPath, { accept: 'text/html' });
  if (start.statusCode !== 302) return { result: readPopupResult(start.body), page: start };
  const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
  const back = atProvider.headers.get('location');
  if (!back) throw new Error(`The provider did not redirect back (${atProvider.status})`);
  const callback = new URL(back);
  tamper?.(callback);
  const page = await browser.get(`${callback.pathname}${callback.search}`, { accept: 'text/html' });
  return { result: readPopupResult(page.body), page };
}
