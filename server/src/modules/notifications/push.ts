import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type webPushModule from 'web-push';
import { isPublicIp } from '../../lib/ip.ts';
import { lazyRequire } from '../../lib/lazy-require.ts';
import { UnsafeFetchError, publicOnlyLookup } from '../../lib/safe-fetch.ts';
import type { SettingsService } from '../settings/service.ts';
import type { NotificationsRepository } from './repository.ts';

const loadWebPush = lazyRequire<typeof webPushModule>('web-push');

const TIMEOUT_MS = 10_000;
/** A push service keeps an undelivered message this long (seconds). */
const TTL_SECONDS = 24 * 3600;

export interface PushMessage {
  title: string;
  body: string;
  icon: string | null;
  /** Same-site path the notification opens. */
  url: string;
  tag: string;
}

/** POSTs to a push service; endpoints are the user's input, so only public hosts by default. */
function post(
  endpoint: string,
  details: { headers: Record<string, string | number>; body: Buffer | null },
  allowPrivate: boolean,
): Promise<number> {
  const target = new URL(endpoint);
  // A literal address skips the DNS lookup that guards host names, so it is checked here.
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && !isPublicIp(host))
    return Promise.reject(new UnsafeFetchError('This push endpoint may not be used.'));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: details.headers,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}

export type PushService = ReturnType<typeof createPushService>;

/**
 * Browser push (Web Push with VAPID). The key pair is generated on the first start and kept
 * in the settings table, so every instance signs with the same one.
 */
export function createPushService(deps: {
  settings: SettingsService;
  repository: NotificationsRepository;
  allowPrivateEndpoints: boolean;
  subject: () => Promise<string>;
}) {
  const keys = () =>
    deps.settings.claim('notifications.vapid_keys', () => loadWebPush().generateVAPIDKeys());

  return {
    keys,
    async publicKey(): Promise<string> {
      return (await keys()).publicKey;
    },
    /** Sends to every browser the user subscribed; forgets the ones the service says are gone. */
    async send(userId: number, message: PushMessage): Promise<void> {
      const subscriptions = await deps.repository.pushSubscriptions(userId);
      if (!subscriptions.length) return;
      const vapid = await keys();
      const subject = await deps.subject();
      const payload = JSON.stringify(message);
      const failures: unknown[] = [];
      await Promise.all(
        subscriptions.map(async (subscription) => {
          try {
            const details = loadWebPush().generateRequestDetails(
              {
                endpoint: subscription.endpoint,
                keys: { p256dh: subscription.p256dh, auth: subscription.auth },
              },
              payload,
              {
                TTL: TTL_SECONDS,
                vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
              },
            );
            const status = await post(
              subscription.endpoint,
              { headers: details.headers as Record<string, string | number>, body: details.body },
              deps.allowPrivateEndpoints,
            );
            if (status === 404 || status === 410) {
              await deps.repository.deletePushSubscription({ id: subscription.id });
            } else if (status >= 400) {
              failures.push(new Error(`The push service answered ${status}.`));
            }
          } catch (error) {
            failures.push(error);
          }
        }),
      );
      if (failures.length) throw new AggregateError(failures, 'Some push messages failed.');
    },
  };
}
