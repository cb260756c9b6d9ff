import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE } from '../constants.ts';
import { NOTIFICATION_CHANNELS } from './types.ts';

const id = z.coerce
  .number({ error: 'Each id must be a number.' })
  .int('Each id must be a whole number.')
  .positive('Each id must be a positive number.')
  .max(2_147_483_647, 'The id is too large.');

export const notificationsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'The page must be a number.' })
    .int('The page must be a whole number.')
    .min(1, 'The page must be 1 or more.')
    .max(10_000, 'The page is too large.')
    .default(1),
  perPage: z.coerce
    .number({ error: 'The page size must be a number.' })
    .int('The page size must be a whole number.')
    .min(1, 'The page size must be 1 or more.')
    .max(100, 'The page size must be 100 or less.')
    .default(NOTIFICATIONS_PAGE_SIZE),
});

export const markNotificationsReadSchema = z.object({
  ids: z
    .array(id, { error: 'The ids field must be a list of notification ids.' })
    .min(1, 'Choose at least one notification.')
    .max(100, 'Mark at most 100 notifications at once.'),
});

const channelsSchema = z
  .partialRecord(z.enum(NOTIFICATION_CHANNELS, 'This channel does not exist.'), z.boolean())
  .refine((value) => Object.keys(value).length > 0, 'Choose at least one channel.');

export const updateNotificationSubscriptionsSchema = z.object({
  selections: z
    .array(
      z.object({
        notif_id: z
          .string({ error: 'The notification id is required.' })
          .min(1, 'The notification id is required.')
          .max(100),
        channels: channelsSchema,
      }),
      { error: 'The selections field must be a list.' },
    )
    .min(1, 'Choose at least one notification.')
    .max(200, 'Too many selections.'),
});
export type UpdateNotificationSubscriptionsInput = z.input<
  typeof updateNotificationSubscriptionsSchema
>;

const base64Url = (field: string) =>
  z
    .string({ error: `The ${field} key is required.` })
    .min(8, `The ${field} key is not valid.`)
    .max(200, `The ${field} key is not valid.`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `The ${field} key is not valid.`);

/** A browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'The push endpoint must be a web address.' })
    .max(1000, 'The push endpoint is too long.'),
  keys: z.object({ p256dh: base64Url('p256dh'), auth: base64Url('auth') }),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

export const removePushSubscriptionSchema = z.object({
  endpoint: z.string({ error: 'The push endpoint is required.' }).min(1).max(1000),
});
