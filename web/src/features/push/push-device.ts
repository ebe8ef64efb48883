import type { PushSubscriptionRequest } from '@waco/contracts';
import { api } from '../../api/client';
import { HttpError } from '../../api/http';

/**
 * Push on this device: `unsupported` (the browser has no service worker, Push API or
 * notifications), `not-installed` (iPhone and iPad: push only reaches an app added to the Home
 * Screen), `not-ready` (no service worker runs the app here: the dev server, or it failed to
 * start), `unavailable` (the server has no push keys), `denied` (the person blocked
 * notifications), `off` or `on`.
 */
export type PushState =
  | 'unsupported'
  | 'not-installed'
  | 'not-ready'
  | 'unavailable'
  | 'denied'
  | 'off'
  | 'on';

/** iPhone, iPod, and iPad (which says it is a Mac, with a touch screen). */
const isAppleMobile = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) ||
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

const standalone = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** Why this browser cannot take push at all, or `null` when it has what push needs. */
export function missingSupport(): Extract<PushState, 'unsupported' | 'not-installed'> | null {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return null;
  // Safari on iOS 16.4 and later gives the Push API to Home Screen apps only.
  return isAppleMobile() && !standalone() ? 'not-installed' : 'unsupported';
}

/** The app's service worker, waiting a little for one still starting. */
async function registration(wait = 0) {
  const found = await navigator.serviceWorker.getRegistration('/');
  if (found || wait === 0) return found;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), wait);
  });
  const ready = await Promise.race([navigator.serviceWorker.ready, late]);
  clearTimeout(timer);
  return ready;
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
  const missing = missingSupport();
  if (missing) return missing;
  try {
    await api.call('getPushKey');
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return 'unavailable';
    throw err;
  }
  if (Notification.permission === 'denied') return 'denied';
  // Not there yet on a first visit (it registers after the first screen): asked for again on Turn on.
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** The browser's question about notifications was dismissed: neither allowed nor blocked. */
export class PermissionNotGiven extends Error {}

/** Asks for permission, subscribes with the server's key and hands the subscription to the server. */
export async function turnPushOn(): Promise<PushState> {
  const missing = missingSupport();
  if (missing) return missing;
  const worker = await registration(10_000);
  if (!worker) return 'not-ready';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') throw new PermissionNotGiven();
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
  const subscription = missingSupport()
    ? undefined
    : await (await registration())?.pushManager.getSubscription();
  await api.call('unsubscribePush', {
    body: everywhere || !subscription ? {} : { endpoint: subscription.endpoint },
  });
  await subscription?.unsubscribe();
  return 'off';
}
