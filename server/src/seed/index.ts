import { randomBytes } from 'node:crypto';
import { PERMISSION_DEFINITIONS, PERMISSIONS } from '@backbeat/common';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { DEFAULT_THEMES } from '../modules/themes/default-themes.ts';
import { seedChannels } from './channels.ts';

const P = PERMISSIONS;

/** The roles a fresh site starts with. Later changes are the admin's; seeding never overwrites. */
const DEFAULT_ROLES = [
  {
    name: 'admin',
    description: 'Can do everything.',
    permissions: [P.admin],
  },
  {
    name: 'users',
    description: 'Given to everyone who registers.',
    is_default: true,
    permissions: [
      P.musicView,
      P.musicPlay,
      P.musicDownload,
      P.musicEmbed,
      P.playlistsCreate,
      P.commentsCreate,
      P.usersView,
      P.backstageRequestsCreate,
      P.apiAccess,
      P.workspacesCreate,
    ],
  },
  {
    name: 'guests',
    description: 'Visitors who are not logged in.',
    is_guest: true,
    permissions: [P.musicView, P.musicPlay, P.musicEmbed, P.usersView],
  },
  {
    name: 'artists',
    description: 'Verified artists: upload and manage their own music.',
    permissions: [
      P.musicView,
      P.musicPlay,
      P.musicDownload,
      P.musicEmbed,
      P.musicCreate,
      P.playlistsCreate,
      P.commentsCreate,
      P.usersView,
      P.apiAccess,
      P.workspacesCreate,
    ],
  },
];

export interface SeedResult {
  /** Set only when the admin account was created by this run. */
  createdAdmin: { email: string; password: string } | null;
}

/** Brings a database to the state a fresh site needs. Safe to run on every start. */
export async function seed(services: Services, config: Config): Promise<SeedResult> {
  await services.roles.syncPermissions(PERMISSION_DEFINITIONS);
  for (const role of DEFAULT_ROLES) {
    if (!(await services.roles.findRoleByName(role.name))) await services.roles.createRole(role);
  }
  await services.settings.storeMissingDefaults();
  // Web Push keys are made on the first start (never defaulted) and shared through settings.
  await services.push.keys();
  if ((await services.themes.count()) === 0) {
    for (const theme of DEFAULT_THEMES) await services.themes.create(theme);
  }
  await services.localizations.createIfMissing('en', 'English');
  await seedChannels(services.database.db);

  let createdAdmin: SeedResult['createdAdmin'] = null;
  if ((await services.users.count()) === 0) {
    const password = config.admin.password ?? randomBytes(12).toString('base64url');
    await services.users.createUser({
      email: config.admin.email,
      password,
      name: 'Admin',
      roleNames: ['admin'],
    });
    createdAdmin = { email: config.admin.email, password };
  }
  services.bootstrap.clearCaches();
  services.guestRole.clear();
  return { createdAdmin };
}
