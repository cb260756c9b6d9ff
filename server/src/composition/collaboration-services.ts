import type { Config } from '../config.ts';
import type { SiteAddress } from '../modules/settings/site-address.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { FileLogs } from '../logging/file-logs.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createRealtimeHub, type RealtimeHub } from '../realtime/hub.ts';
import type { SettingsService } from '../modules/settings/service.ts';
import type { UsersService } from '../modules/users/service.ts';
import { createWorkspacesRepository } from '../modules/workspaces/repository.ts';
import { createWorkspacesService } from '../modules/workspaces/service.ts';
import { createPushService } from '../modules/notifications/push.ts';
import type { NotificationsRepository } from '../modules/notifications/repository.ts';
import { createNotificationsService } from '../modules/notifications/service.ts';

/** Realtime, notifications and workspaces, wired with only what each uses. */
export function createNotificationAndWorkspaceServices(
  config: Config,
  database: DatabaseHandle,
  deps: {
    repository: NotificationsRepository;
    users: UsersService;
    mailer: Mailer;
    settings: SettingsService;
    siteAddress: SiteAddress;
    fileLogs: FileLogs;
    beforeWorkspaceDelete?: (workspaceId: number) => Promise<void>;
    /** A user's bell count or workspaces changed (bootstrap/viewer-cache.ts). */
    viewerChanged?: (userId: number) => void;
  },
) {
  const logError = (error: unknown, context: string) => {
    const err = error instanceof Error ? error : new Error(String(error));
    void deps.fileLogs
      .write('error', { level: 'error', context, message: err.message, stack: err.stack })
      .catch(() => {});
  };
  const realtime = createRealtimeHub({
    redisUrl: config.redisUrl,
    onError: (error) => logError(error, 'realtime'),
  });
  // What the server tells a user's open tabs has changed (a notification, a read one, their
  // workspaces) is what their next app page must read again: it is forgotten first.
  const userEvents: Pick<RealtimeHub, 'publish'> = {
    publish(userId, event) {
      deps.viewerChanged?.(userId);
      return realtime.publish(userId, event);
    },
  };
  const push = createPushService({
    settings: deps.settings,
    repository: deps.repository,
    allowPrivateEndpoints: config.allowPrivatePushEndpoints,
    // Push services want a contact: the site's https address, else its sender address.
    subject: async () =>
      config.appUrl?.startsWith('https://')
        ? config.appUrl
        : `mailto:${await deps.settings.get('mail.from_address')}`,
  });
  const notifications = createNotificationsService({
    repository: deps.repository,
    users: deps.users,
    mailer: deps.mailer,
    settings: deps.settings,
    realtime: userEvents,
    push,
    siteAddress: deps.siteAddress,
    onError: logError,
  });
  const workspaces = createWorkspacesService({
    repository: createWorkspacesRepository(database.db),
    users: deps.users,
    notifications,
    mailer: deps.mailer,
    settings: deps.settings,
    siteAddress: deps.siteAddress,
    realtime: userEvents,
    beforeDelete: deps.beforeWorkspaceDelete,
  });
  return { realtime, push, notifications, workspaces };
}
