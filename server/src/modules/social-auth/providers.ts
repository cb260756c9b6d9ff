import type { SocialService } from '@backbeat/common';

export interface ProviderProfile {
  id: string;
  email: string | null;
  /** Only a verified provider email may ever match an existing account. */
  emailVerified: boolean;
  name: string | null;
  username: string | null;
}

export interface ProviderSpec {
  label: string;
  endpoints: { authorize: string; token: string; profile: string };
  scopes: string[];
  pkce: boolean;
  /** How the client secret travels to the token endpoint. */
  clientAuth: 'basic' | 'body';
  mapProfile(data: Record<string, unknown>): ProviderProfile;
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

export const PROVIDERS: Record<SocialService, ProviderSpec> = {
  google: {
    label: 'Google',
    endpoints: {
      authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'https://oauth2.googleapis.com/token',
      profile: 'https://openidconnect.googleapis.com/v1/userinfo',
    },
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    clientAuth: 'basic',
    mapProfile: (d) => ({
      id: String(d.sub),
      email: str(d.email),
      emailVerified: d.email_verified === true || d.email_verified === 'true',
      name: str(d.name),
      username: str(d.email),
    }),
  },
  facebook: {
    label: 'Facebook',
    endpoints: {
      authorize: 'https://www.facebook.com/v19.0/dialog/oauth',
      token: 'https://graph.facebook.com/v19.0/oauth/access_token',
      profile: 'https://graph.facebook.com/me?fields=id,name,email',
    },
    scopes: ['email', 'public_profile'],
    pkce: false,
    clientAuth: 'body',
    // Facebook only returns an email its owner has confirmed.
    mapProfile: (d) => ({
      id: String(d.id),
      email: str(d.email),
      emailVerified: !!str(d.email),
      name: str(d.name),
      username: str(d.name),
    }),
  },
  twitter: {
    label: 'X (Twitter)',
    endpoints: {
      authorize: 'https://twitter.com/i/oauth2/authorize',
      token: 'https://api.twitter.com/2/oauth2/token',
      profile: 'https://api.twitter.com/2/users/me',
    },
    scopes: ['users.read', 'tweet.read'],
    pkce: true,
    clientAuth: 'basic',
    mapProfile: (d) => {
      const data = (d.data ?? d) as Record<string, unknown>;
      return {
        id: String(data.id),
        email: null,
        emailVerified: false,
        name: str(data.name),
        username: str(data.username),
      };
    },
  },
  envato: {
    label: 'Envato',
    endpoints: {
      authorize: 'https://api.envato.com/authorization',
      token: 'https://api.envato.com/token',
      profile: 'https://api.envato.com/v1/market/private/user/account.json',
    },
    scopes: [],
    pkce: false,
    clientAuth: 'body',
    mapProfile: (d) => {
      const account = (d.account ?? d) as Record<string, unknown>;
      const name = [str(account.firstname), str(account.surname)].filter(Boolean).join(' ') || null;
      return {
        id: String(account.id ?? d.sub),
        email: str(d.email),
        emailVerified: false,
        name,
        username: str(account.username),
      };
    },
  },
};
