import type { User } from '@backbeat/common';
import { useBootstrapStore } from '../../lib/bootstrap.ts';

export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  tokens: ['account', 'tokens'] as const,
  appPasswords: ['account', 'app-passwords'] as const,
  valueLists: ['value-lists', 'timezones,countries,localizations'] as const,
  twoFactor: ['account', 'two-factor'] as const,
};

/** The answers' item types, from the contracts. */
export type { AccessToken, UserSession as DeviceSession } from '@backbeat/common/account-contract';

export interface ValueLists {
  timezones: Record<string, { value: string; text: string }[]>;
  countries: { code: string; name: string }[];
  localizations: { language: string; name: string }[];
}

/** Keeps the bootstrap user in step after an account change. */
export function setCurrentUser(user: User | null): void {
  useBootstrapStore.getState().patch({ user });
}
