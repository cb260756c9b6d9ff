import { randomBytes } from 'node:crypto';
import type { SettingsService } from '../settings/service.ts';
import type { SettingValues } from '../settings/defaults.ts';
import type { UsersService } from './service.ts';

export interface DemoCredentials {
  email: string;
  password: string;
}

/**
 * Spec §2: a demo site prefills the login form with demo credentials, "random or configured".
 * When `site.demo` is on and the admin configured none, one listener account with a random
 * address and password is made (once, even with several instances: the first stored pair
 * wins) and stored as the configured pair. It gets the default role, never admin.
 */
export function createDemoAccounts(deps: {
  settings: Pick<SettingsService, 'claim' | 'set'>;
  users: Pick<UsersService, 'createUser' | 'findRowByEmail'>;
}) {
  let provisioning: Promise<DemoCredentials> | null = null;

  async function provision(): Promise<DemoCredentials> {
    const account = await deps.settings.claim('site.demo_account', () => ({
      email: `demo-${randomBytes(4).toString('hex')}@demo.backbeat.local`,
      password: randomBytes(12).toString('base64url'),
    }));
    if (!(await deps.users.findRowByEmail(account.email))) {
      try {
        await deps.users.createUser({ ...account, name: 'Demo listener' });
      } catch (error) {
        // Another instance made it between the look-up and the insert.
        if (!(await deps.users.findRowByEmail(account.email))) throw error;
      }
    }
    await deps.settings.set({
      'site.demo_email': account.email,
      'site.demo_password': account.password,
    });
    return account;
  }

  return {
    /** The pair the login form shows, or null when the site is not a demo. */
    async credentials(s: SettingValues): Promise<DemoCredentials | null> {
      if (!s['site.demo']) return null;
      const email = s['site.demo_email'];
      const password = s['site.demo_password'];
      if (email && password) return { email, password };
      provisioning ??= provision().finally(() => (provisioning = null));
      return provisioning;
    },
  };
}

export type DemoAccounts = ReturnType<typeof createDemoAccounts>;
