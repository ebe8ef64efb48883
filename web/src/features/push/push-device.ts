import type { PushSubscriptionRequest } from '@waco/contracts';
import { api } from '../../api/client';
import { HttpError } from '../../api/http';

/**
 * Push on this device: `unsupported` (no service worker or Push API, or the dev server),
 * `unavailable` (the server has no push keys), `denied` (the person blocked notifications),
 * `off` or `on`.
 */
export type PushState = 'unsupported' | 'unavailable' | 'denied' | 'off' | 'on';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration() {
  if (!supported()) return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

const base64Url = (bytes: ArrayBuffer | null) =>
  bytes
    ? btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : '';
const bytesOf = (key: string) =>
  Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Where this device stands (asking the server whether it has push keys at all). */
export async function pushState(): Promise<PushState> {
  const worker = await registration();
  if (!worker) return 'unsupported';
  try {
    await api.call('getPushKey');
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return 'unavailable';
    throw err;
  }
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await worker.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks for permission, subscribes with the server's key and hands the subscription to the server. */
export async function turnPushOn(): Promise<PushState> {
  const worker = await registration();
  if (!worker) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const { publicKey } = await api.call('getPushKey');
  let subscription = await worker.pushManager.getSubscription();
  // Made with another key (the server's keys were changed): it can take no push of ours.
  if (subscription && base64Url(subscription.options.applicationServerKey) !== publicKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: bytesOf(publicKey),
  });
  await api.call('subscribePush', { body: subscription.toJSON() as PushSubscriptionRequest });
  return 'on';
}

/** Turns push off on this device, or (everywhere) on every device of the member. */
export async function turnPushOff(everywhere = false): Promise<PushState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  await api.call('unsubscribePush', {
    body: everywhere || !subscription ? {} : { endpoint: subscription.endpoint },
  });
  await subscription?.unsubscribe();
  return 'off';
}
