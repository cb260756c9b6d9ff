import * as endpoints from '@backbeat/common/contracts';
import type { PushSubscriptionInput } from '@backbeat/common';
import { api } from '../../lib/api.ts';
import { registerServiceWorker, SERVICE_WORKER } from '../../lib/service-worker.ts';

export const PUSH_BLOCKED =
  'Notifications blocked. Please enable them for this site from browser settings.';

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Whether this browser already receives this site's push messages. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER);
  const subscription = await registration?.pushManager.getSubscription();
  return Notification.permission === 'granted' && subscription ? 'on' : 'off';
}

export class PushBlockedError extends Error {}

/**
 * Asks for permission (from a click), subscribes this browser with the site's VAPID key and
 * stores the subscription on the account. Throws PushBlockedError when the browser refuses.
 */
export async function enablePush(publicKey: string): Promise<void> {
  if (!supported()) throw new Error('This browser cannot show notifications.');
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlockedError(PUSH_BLOCKED);
  const registration = await registerServiceWorker();
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await api(endpoints.savePushSubscription, subscription.toJSON() as PushSubscriptionInput);
}

export async function disablePush(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api(endpoints.removePushSubscription, { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
