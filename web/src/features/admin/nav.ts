import type { PermissionName } from '@backbeat/common';
import type { IconName } from '../../ui/icons.tsx';

/*
 * The admin area's navigation, declared once (issue 12): the sidebar, the phone drawer and the
 * breadcrumbs are built from this list, and each entry's permission also guards its routes
 * (routes.tsx). Adding a screen is one entry here plus its routes.
 */

export const ADMIN_AREAS = ['Dashboard', 'Catalog', 'People', 'Files', 'Site', 'Billing'] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

export interface AdminNavEntry {
  /** Untranslated; the sidebar passes it through the translator. */
  label: string;
  /** Below /admin: `users` is /admin/users; '' is the dashboard. */
  path: string;
  /** What opens the screen (admin.access is needed for the whole area besides). */
  permission: PermissionName;
  area: AdminArea;
  icon: IconName;
}

export const ADMIN_NAV: readonly AdminNavEntry[] = [
  {
    label: 'Dashboard',
    path: '',
    permission: 'admin.access',
    area: 'Dashboard',
    icon: 'dashboard',
  },
  {
    label: 'Channels',
    path: 'channels',
    permission: 'admin.access',
    area: 'Catalog',
    icon: 'radio',
  },
  { label: 'Tracks', path: 'tracks', permission: 'admin.access', area: 'Catalog', icon: 'music' },
  { label: 'Albums', path: 'albums', permission: 'admin.access', area: 'Catalog', icon: 'album' },
  { label: 'Artists', path: 'artists', permission: 'admin.access', area: 'Catalog', icon: 'mic' },
  {
    label: 'Genres',
    path: 'genres',
    permission: 'admin.access',
    area: 'Catalog',
    icon: 'equalizer',
  },
  { label: 'Tags', path: 'tags', permission: 'tags.update', area: 'Catalog', icon: 'tag' },
  { label: 'Lyrics', path: 'lyrics', permission: 'admin.access', area: 'Catalog', icon: 'lyrics' },
  {
    label: 'Playlists',
    path: 'playlists',
    permission: 'admin.access',
    area: 'Catalog',
    icon: 'playlistPlay',
  },
  {
    label: 'Comments',
    path: 'comments',
    permission: 'admin.access',
    area: 'Catalog',
    icon: 'queue',
  },
  { label: 'Users', path: 'users', permission: 'users.update', area: 'People', icon: 'person' },
  { label: 'Roles', path: 'roles', permission: 'roles.update', area: 'People', icon: 'group' },
  {
    label: 'Backstage requests',
    path: 'backstage-requests',
    permission: 'users.update',
    area: 'People',
    icon: 'verified',
  },
  { label: 'Files', path: 'files', permission: 'files.update', area: 'Files', icon: 'download' },
  { label: 'Upload', path: 'upload', permission: 'files.update', area: 'Files', icon: 'add' },
  {
    label: 'Media jobs',
    path: 'media-jobs',
    permission: 'files.update',
    area: 'Files',
    icon: 'warning',
  },
  {
    label: 'Library folders',
    path: 'library-folders',
    permission: 'settings.update',
    area: 'Files',
    icon: 'folder',
  },
  {
    label: 'Radio stations',
    path: 'internet-radio-stations',
    permission: 'settings.update',
    area: 'Files',
    icon: 'radio',
  },
  {
    label: 'Transcoding profiles',
    path: 'transcoding-profiles',
    permission: 'settings.update',
    area: 'Files',
    icon: 'equalizer',
  },
  {
    label: 'Transcoding limits',
    path: 'transcoding-limits',
    permission: 'settings.update',
    area: 'Files',
    icon: 'equalizer',
  },
  {
    label: 'Settings',
    path: 'settings',
    permission: 'settings.update',
    area: 'Site',
    icon: 'settings',
  },
  {
    label: 'Appearance',
    path: 'appearance',
    permission: 'appearance.update',
    area: 'Site',
    icon: 'edit',
  },
  {
    label: 'Pages',
    path: 'custom-pages',
    permission: 'custom_pages.update',
    area: 'Site',
    icon: 'code',
  },
  { label: 'Ads', path: 'ads', permission: 'settings.update', area: 'Site', icon: 'openInFull' },
  {
    label: 'Localizations',
    path: 'localizations',
    permission: 'localizations.update',
    area: 'Site',
    icon: 'language',
  },
  { label: 'Logs', path: 'logs', permission: 'logs.view', area: 'Site', icon: 'warning' },
  {
    label: 'Operations',
    path: 'operations',
    permission: 'settings.update',
    area: 'Site',
    icon: 'equalizer',
  },
  {
    label: 'Backups',
    path: 'backups',
    permission: 'settings.update',
    area: 'Site',
    icon: 'history',
  },
  {
    label: 'Plans',
    path: 'plans',
    permission: 'plans.update',
    area: 'Billing',
    icon: 'checkCircle',
  },
  {
    label: 'Subscriptions',
    path: 'subscriptions',
    permission: 'subscriptions.update',
    area: 'Billing',
    icon: 'doneAll',
  },
];

/** The entry a path below /admin belongs to (its first segment), for breadcrumbs and guards. */
export function navEntryOf(subPath: string): AdminNavEntry | undefined {
  const first = subPath.split('/').filter(Boolean)[0] ?? '';
  return ADMIN_NAV.find((entry) => entry.path === first);
}

/** The permission a path below /admin needs besides admin.access. */
export function permissionOf(path: string): PermissionName {
  return navEntryOf(path)?.permission ?? 'admin.access';
}
