import { z } from 'zod';
import { paginationOf } from '../catalog/types.ts';
import { endpoint } from '../contract.ts';
import {
  markNotificationsReadSchema,
  notificationsQuerySchema,
  pushSubscriptionSchema,
  removePushSubscriptionSchema,
  updateNotificationSubscriptionsSchema,
} from './schemas.ts';
import {
  NOTIFICATION_CHANNELS,
  type AppNotification,
  type NotificationAction,
  type NotificationSubscriptionsResponse,
} from './types.ts';

const actionSchema: z.ZodType<NotificationAction> = z.object({
  label: z.string(),
  action: z.string(),
});

export const appNotificationSchema: z.ZodType<AppNotification> = z.object({
  id: z.number(),
  type: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  data: z.object({
    image: z.string().nullable().optional(),
    lines: z.array(
      z.object({
        type: z.enum(['primary', 'secondary']).optional(),
        icon: z.string().nullable().optional(),
        content: z.string(),
        replacements: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        action: actionSchema.nullable().optional(),
      }),
    ),
    mainAction: actionSchema.nullable().optional(),
    buttonActions: z.array(actionSchema).optional(),
    inviteId: z.string().optional(),
  }),
});

const channel = z.enum(NOTIFICATION_CHANNELS);

export const notificationSubscriptionsSchema: z.ZodType<NotificationSubscriptionsResponse> =
  z.object({
    subscriptions: z.array(
      z.object({
        group_name: z.string(),
        subscriptions: z.array(
          z.object({ notif_id: z.string(), name: z.string(), channels: z.array(channel) }),
        ),
      }),
    ),
    available_channels: z.array(channel),
    user_selections: z.array(
      z.object({
        notif_id: z.string(),
        channels: z.partialRecord(channel, z.boolean()),
      }),
    ),
    push_public_key: z.string(),
  });

const tags = ['notifications'];
const message = z.object({ message: z.string() });
const unreadCount = z.object({ unreadCount: z.number() });

export const listNotifications = endpoint({
  method: 'GET',
  path: '/api/v1/notifications',
  access: 'auth',
  summary: "A page of the user's notifications, newest first, and how many are unread",
  tags,
  query: notificationsQuerySchema,
  response: paginationOf(appNotificationSchema).extend({ unreadCount: z.number() }),
});

export const markNotificationsRead = endpoint({
  method: 'POST',
  path: '/api/v1/notifications/mark-as-read',
  access: 'auth',
  tags,
  body: markNotificationsReadSchema,
  errors: [404],
  response: unreadCount,
});

export const markAllNotificationsRead = endpoint({
  method: 'POST',
  path: '/api/v1/notifications/mark-all-as-read',
  access: 'auth',
  tags,
  response: unreadCount,
});

export const getNotificationSubscriptions = endpoint({
  method: 'GET',
  path: '/api/v1/notifications/me/subscriptions',
  access: 'auth',
  summary: 'Which notifications the user gets on which channel',
  tags,
  response: notificationSubscriptionsSchema,
});

export const updateNotificationSubscriptions = endpoint({
  method: 'PUT',
  path: '/api/v1/notifications/me/subscriptions',
  access: 'auth',
  tags,
  body: updateNotificationSubscriptionsSchema,
  response: message,
});

export const savePushSubscription = endpoint({
  method: 'POST',
  path: '/api/v1/notifications/push-subscriptions',
  access: 'auth',
  tags,
  body: pushSubscriptionSchema,
  response: message,
});

export const removePushSubscription = endpoint({
  method: 'DELETE',
  path: '/api/v1/notifications/push-subscriptions',
  access: 'auth',
  tags,
  body: removePushSubscriptionSchema,
  errors: [404],
  response: message,
});
