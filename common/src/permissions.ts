/** Permission names from both spec documents. `admin` grants every permission (spec §6). */
export const PERMISSIONS = {
  admin: 'admin',
  adminAccess: 'admin.access',
  apiAccess: 'api.access',
  musicView: 'music.view',
  musicPlay: 'music.play',
  musicDownload: 'music.download',
  musicEmbed: 'music.embed',
  musicCreate: 'music.create',
  musicUpdate: 'music.update',
  musicDelete: 'music.delete',
  playlistsCreate: 'playlists.create',
  commentsCreate: 'comments.create',
  usersView: 'users.view',
  backstageRequestsCreate: 'backstageRequests.create',
  usersUpdate: 'users.update',
  rolesUpdate: 'roles.update',
  subscriptionsUpdate: 'subscriptions.update',
  plansUpdate: 'plans.update',
  customPagesUpdate: 'custom_pages.update',
  tagsUpdate: 'tags.update',
  localizationsUpdate: 'localizations.update',
  filesUpdate: 'files.update',
  settingsUpdate: 'settings.update',
  logsView: 'logs.view',
  appearanceUpdate: 'appearance.update',
  workspacesCreate: 'workspaces.create',
  adsDisable: 'ads.disable',
} as const;

export type PermissionName = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

export interface PermissionDefinition {
  name: PermissionName;
  group: string;
  description: string;
  /** Restrictions an admin may set on this permission, e.g. a quota. */
  restrictions?: { name: string; description: string }[];
}

export const PERMISSION_DEFINITIONS: PermissionDefinition[] = [
  { name: 'admin', group: 'admin', description: 'Grants every permission.' },
  { name: 'admin.access', group: 'admin', description: 'Open the admin area.' },
  { name: 'api.access', group: 'api', description: 'Create API tokens and open the API docs.' },
  { name: 'music.view', group: 'music', description: 'Browse artists, albums and tracks.' },
  { name: 'music.play', group: 'music', description: 'Play audio.' },
  { name: 'music.download', group: 'music', description: 'Download tracks.' },
  { name: 'music.embed', group: 'music', description: 'Embed tracks and albums on other sites.' },
  {
    name: 'music.create',
    group: 'music',
    description: 'Upload tracks and create albums.',
    restrictions: [
      { name: 'count', description: 'Maximum number of tracks a user may upload.' },
      { name: 'space', description: 'Upload space in bytes; uploads stop once it is used.' },
    ],
  },
  { name: 'music.update', group: 'music', description: 'Edit any track, album or artist.' },
  { name: 'music.delete', group: 'music', description: 'Delete any track, album or artist.' },
  {
    name: 'playlists.create',
    group: 'playlists',
    description: 'Create playlists.',
    restrictions: [{ name: 'count', description: 'Maximum number of playlists a user may own.' }],
  },
  { name: 'comments.create', group: 'comments', description: 'Comment on tracks.' },
  { name: 'users.view', group: 'users', description: 'View user profiles.' },
  {
    name: 'backstageRequests.create',
    group: 'backstage',
    description: 'Ask to become, verify or claim an artist.',
  },
  { name: 'users.update', group: 'admin', description: 'Manage users.' },
  { name: 'roles.update', group: 'admin', description: 'Manage roles.' },
  { name: 'subscriptions.update', group: 'admin', description: 'Manage subscriptions.' },
  { name: 'plans.update', group: 'admin', description: 'Manage plans.' },
  { name: 'custom_pages.update', group: 'admin', description: 'Manage custom pages.' },
  { name: 'tags.update', group: 'admin', description: 'Manage tags.' },
  { name: 'localizations.update', group: 'admin', description: 'Manage translations.' },
  { name: 'files.update', group: 'admin', description: 'Manage uploaded files.' },
  { name: 'settings.update', group: 'admin', description: 'Change settings and ads.' },
  { name: 'logs.view', group: 'admin', description: 'Read the error, schedule and email logs.' },
  { name: 'appearance.update', group: 'admin', description: 'Use the appearance editor.' },
  { name: 'workspaces.create', group: 'workspaces', description: 'Create workspaces.' },
  {
    name: 'ads.disable',
    group: 'ads',
    description: 'See no ads (give it to the roles of plans without ads).',
  },
];

/** Who may call a route: anyone, any logged-in user, or holders of a permission. */
export type RouteAccess = 'public' | 'auth' | PermissionName;
