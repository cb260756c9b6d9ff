import type { User } from '@backbeat/common';
import { useBootstrapStore } from '../../lib/bootstrap.ts';

export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  tokens: ['account', 'tokens'] as const,
  valueLists: ['value-lists', 'timezones,countries,localizations'] as const,
  twoFactor: ['account', 'two-factor'] as const,
};

export interface DeviceSession {
  id: string;
  device_type: 'mobile' | 'tablet' | 'desktop';
  platform: string | null;
  browser: string | null;
  city: string | null;
  country: string | null;
  ip_address: string | null;
  /** A non-secret label of the session (spec §3), never its cookie. */
  token: string;
  last_active: string;
  is_current_device: boolean;
}

export type { AccessTokenSummary as AccessToken } from '@backbeat/common';

export interface ValueLists {
  timezones: Record<string, { value: string; text: string }[]>;
  countries: { code: string; name: string }[];
  localizations: { language: string; name: string }[];
}

/** Keeps the bootstrap user in step after an account change. */
export function setCurrentUser(user: User | null): void {
  useBootstrapStore.getState().patch({ user });
}
