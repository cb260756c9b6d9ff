import { createHash } from 'node:crypto';
import {
  NOTIFICATION_CHANNELS,
  translate,
  type AppNotification,
  type ChannelSelection,
  type NotificationData,
  type NotificationSubscriptionsResponse,
  type PushSubscriptionInput,
  type UpdateNotificationSubscriptionsInput,
} from '@backbeat/common';
import { notFound, validationFailed } from '../../lib/domain-errors.ts';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { notificationMail } from '../../mail/templates.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import type { SettingsService } from '../settings/service.ts';
import type { UsersService } from '../users/service.ts';
import type { PushService } from './push.ts';
import {
  NOTIFICATION_TYPES,
  isNotificationType,
  notificationGroups,
  type NotificationParams,
  type NotificationType,
} from './registry.ts';
import type { NotificationsRepository } from './repository.ts';
import type { SiteAddress } from '../settings/site-address.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export interface NotifyOptions {
  /** What it is about (`workspace_invite:<id>`), so `withdraw` can take it back later. */
  reference?: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function present(row: {
  id: number;
  type: string;
  data: string;
  read_at: string | null;
  created_at: string;
}): AppNotification {
  return { ...row, data: JSON.parse(row.data) as NotificationData };
}

/** The plain text of a notification's lines (emails and push show it untranslated). */
function plainLines(data: NotificationData): string[] {
  return data.lines.map((line) => translate({}, line.content, line.replacements));
}

export function createNotificationsService(deps: {
  repository: NotificationsRepository;
  users: Pick<UsersService, 'findRowById'>;
  mailer: Mailer;
  settings: SettingsService;
  realtime: Pick<RealtimeHub, 'publish'>;
  push: PushService;
  /** Links in emails start with the site's public address, never a request's Host. */
  siteAddress: Pick<SiteAddress, 'require'>;
  onError: (error: unknown, context: string) => void;
}) {
  const { repository, realtime } = deps;

  /** The user's channel choices for every type: stored ones over the type's defaults. */
  async function selections(userId: number): Promise<Map<string, ChannelSelection>> {
    const stored = new Map(
      (await repository.selections(userId)).map((row) => [
        row.notif_id,
        JSON.parse(row.channels) as ChannelSelection,
      ]),
    );
    const result = new Map<string, ChannelSelection>();
    for (const [id, definition] of Object.entries(NOTIFICATION_TYPES)) {
      const channels: ChannelSelection = {};
      for (const channel of definition.channels) {
        channels[channel] = stored.get(id)?.[channel] ?? definition.defaults.includes(channel);
      }
      result.set(id, channels);
    }
    return result;
  }

  async function deliverEmail(userId: number, data: NotificationData) {
    const user = await deps.users.findRowById(userId);
    if (!user) return;
    const baseUrl = data.mainAction?.action.startsWith('/') ? await deps.siteAddress.require() : '';
    const siteName = await deps.settings.get('branding.site_name');
    const action = data.mainAction?.action.startsWith('/')
      ? { label: data.mainAction.label, url: `${baseUrl}${data.mainAction.action}` }
      : null;
    await deps.mailer.send(notificationMail(user.email, siteName, plainLines(data), action));
  }

  async function deliverPush(userId: number, data: NotificationData, id: number | null) {
    await deps.push.send(userId, {
      title: await deps.settings.get('branding.site_name'),
      body: plainLines(data).join('\n'),
      icon: data.image ?? null,
      url: data.mainAction?.action.startsWith('/') ? data.mainAction.action : '/notifications',
      tag: id ? `notification-${id}` : `notification-${Date.now()}`,
    });
  }

  return {
    /**
     * The one way to notify someone. Stores the notification and sends it live when the user
     * keeps the in-app channel on, and emails or pushes it when those are on. Delivery
     * failures are logged, never thrown: the change that caused the notification stands.
     */
    async notify<T extends NotificationType>(
      userId: number,
      type: T,
      params: NotificationParams<T>,
      options: NotifyOptions = {},
    ): Promise<AppNotification | null> {
      const definition = NOTIFICATION_TYPES[type];
      const data = (definition.render as (p: NotificationParams<T>) => NotificationData)(params);
      const channels = (await selections(userId)).get(type) ?? {};
      let notification: AppNotification | null = null;
      if (channels.in_app) {
        notification = present(
          await repository.insert({
            user_id: userId,
            type,
            data: JSON.stringify(data),
            reference: options.reference ?? null,
          }),
        );
        const unreadCount = await repository.unreadCount(userId);
        await realtime.publish(userId, { type: 'notification', notification, unreadCount });
      }
      const deliveries: [string, Promise<void>][] = [];
      if (channels.email) deliveries.push(['email', deliverEmail(userId, data)]);
      if (channels.browser)
        deliveries.push(['push', deliverPush(userId, data, notification?.id ?? null)]);
      const results = await Promise.allSettled(deliveries.map(([, delivery]) => delivery));
      results.forEach((result, i) => {
        if (result.status === 'rejected')
          deps.onError(result.reason, `notification ${type} by ${deliveries[i]![0]}`);
      });
      return notification;
    },

    /** Takes back notifications about something that is gone (a used or revoked invite). */
    async withdraw(reference: string): Promise<void> {
      for (const userId of await repository.deleteByReference(reference)) {
        await realtime.publish(userId, {
          type: 'notification',
          notification: null,
          unreadCount: await repository.unreadCount(userId),
        });
      }
    },

    async list(userId: number, page: number, perPage: number) {
      const { limit, offset } = pageWindow(page, perPage);
      const [rows, total, unreadCount] = await Promise.all([
        repository.page(userId, limit, offset),
        repository.count(userId),
        repository.unreadCount(userId),
      ]);
      return { pagination: paginate(rows.map(present), page, perPage, total), unreadCount };
    },

    unreadCount: (userId: number) => repository.unreadCount(userId),

    /** Marks the user's notifications read (all of them for 'all'); 404 if one is not theirs. */
    async markRead(userId: number, ids: readonly number[] | 'all'): Promise<number> {
      if (ids !== 'all') {
        const unique = [...new Set(ids)];
        if ((await repository.countOwned(userId, unique)) !== unique.length)
          throw notFound('Notification not found.');
        await repository.markRead(userId, unique);
      } else {
        await repository.markRead(userId, 'all');
      }
      const unreadCount = await repository.unreadCount(userId);
      // The user's other tabs update their bell too.
      await realtime.publish(userId, { type: 'notifications.read', unreadCount });
      return unreadCount;
    },

    async subscriptions(userId: number): Promise<NotificationSubscriptionsResponse> {
      const chosen = await selections(userId);
      return {
        subscriptions: notificationGroups(),
        available_channels: [...NOTIFICATION_CHANNELS],
        user_selections: [...chosen].map(([notif_id, channels]) => ({ notif_id, channels })),
        push_public_key: await deps.push.publicKey(),
      };
    },

    async updateSubscriptions(
      userId: number,
      input: UpdateNotificationSubscriptionsInput,
    ): Promise<void> {
      const errors: Record<string, string[]> = {};
      input.selections.forEach((selection, i) => {
        if (!isNotificationType(selection.notif_id)) {
          errors[`selections.${i}.notif_id`] = ['This notification does not exist.'];
          return;
        }
        const allowed = NOTIFICATION_TYPES[selection.notif_id].channels as readonly string[];
        const refused = Object.keys(selection.channels).find((c) => !allowed.includes(c));
        if (refused)
          errors[`selections.${i}.channels`] = [`This notification is not sent by ${refused}.`];
      });
      if (Object.keys(errors).length) throw validationFailed(errors);
      const current = await selections(userId);
      const rows = new Map<string, ChannelSelection>();
      for (const { notif_id, channels } of input.selections) {
        rows.set(notif_id, { ...(rows.get(notif_id) ?? current.get(notif_id)), ...channels });
      }
      await repository.saveSelections(
        userId,
        [...rows].map(([notif_id, channels]) => ({ notif_id, channels: JSON.stringify(channels) })),
      );
    },

    async savePushSubscription(userId: number, input: PushSubscriptionInput): Promise<void> {
      await repository.savePushSubscription({
        user_id: userId,
        endpoint_hash: sha256(input.endpoint),
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      });
    },

    async removePushSubscription(userId: number, endpoint: string): Promise<void> {
      const removed = await repository.deletePushSubscription({
        userId,
        endpointHash: sha256(endpoint),
      });
      if (!removed) throw notFound('This browser is not subscribed.');
    },
  };
}
