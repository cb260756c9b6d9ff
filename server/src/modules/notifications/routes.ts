import {
  markNotificationsReadSchema,
  notificationsQuerySchema,
  pushSubscriptionSchema,
  removePushSubscriptionSchema,
  updateNotificationSubscriptionsSchema,
} from '@backbeat/common';
import { typed, type RoutesPlugin } from '../../http/types.ts';

/** Spec §7 notification calls, plus mark-all and the browser push subscription. */
export const notificationsRoutes: RoutesPlugin = async (app) => {
  const api = typed(app);
  const { notifications } = app.services;
  const auth = { access: 'auth' } as const;

  api.get(
    '/api/v1/notifications',
    { schema: { querystring: notificationsQuerySchema }, config: auth },
    async (request) =>
      notifications.list(request.user!.id, request.query.page, request.query.perPage),
  );

  api.post(
    '/api/v1/notifications/mark-as-read',
    { schema: { body: markNotificationsReadSchema }, config: auth },
    async (request) => ({
      unreadCount: await notifications.markRead(request.user!.id, request.body.ids),
    }),
  );

  api.post('/api/v1/notifications/mark-all-as-read', { config: auth }, async (request) => ({
    unreadCount: await notifications.markRead(request.user!.id, 'all'),
  }));

  api.get('/api/v1/notifications/me/subscriptions', { config: auth }, async (request) =>
    notifications.subscriptions(request.user!.id),
  );

  api.put(
    '/api/v1/notifications/me/subscriptions',
    { schema: { body: updateNotificationSubscriptionsSchema }, config: auth },
    async (request) => {
      await notifications.updateSubscriptions(request.user!.id, request.body);
      return { message: 'Updated preferences' };
    },
  );

  api.post(
    '/api/v1/notifications/push-subscriptions',
    { schema: { body: pushSubscriptionSchema }, config: auth },
    async (request) => {
      await notifications.savePushSubscription(request.user!.id, request.body);
      return { message: 'Browser notifications enabled' };
    },
  );

  api.delete(
    '/api/v1/notifications/push-subscriptions',
    { schema: { body: removePushSubscriptionSchema }, config: auth },
    async (request) => {
      await notifications.removePushSubscription(request.user!.id, request.body.endpoint);
      return { message: 'Browser notifications disabled' };
    },
  );
};
