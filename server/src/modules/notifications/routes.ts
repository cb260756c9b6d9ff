import {
  getNotificationSubscriptions,
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
  removePushSubscription,
  savePushSubscription,
  updateNotificationSubscriptions,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';

/** Spec §7 notification calls, plus mark-all and the browser push subscription. */
export const notificationsRoutes: RoutesPlugin = async (app) => {
  const { notifications } = app.services;

  registerEndpoint(app, listNotifications, async (request) =>
    notifications.list(request.user!.id, request.query.page, request.query.perPage),
  );

  registerEndpoint(app, markNotificationsRead, async (request) => ({
    unreadCount: await notifications.markRead(request.user!.id, request.body.ids),
  }));

  registerEndpoint(app, markAllNotificationsRead, async (request) => ({
    unreadCount: await notifications.markRead(request.user!.id, 'all'),
  }));

  registerEndpoint(app, getNotificationSubscriptions, async (request) =>
    notifications.subscriptions(request.user!.id),
  );

  registerEndpoint(app, updateNotificationSubscriptions, async (request) => {
    await notifications.updateSubscriptions(request.user!.id, request.body);
    return { message: 'Updated preferences' };
  });

  registerEndpoint(app, savePushSubscription, async (request) => {
    await notifications.savePushSubscription(request.user!.id, request.body);
    return { message: 'Browser notifications enabled' };
  });

  registerEndpoint(app, removePushSubscription, async (request) => {
    await notifications.removePushSubscription(request.user!.id, request.body.endpoint);
    return { message: 'Browser notifications disabled' };
  });
};
