import { type PushSubscriptionRequest, WEB_PUSH_NOT_CONFIGURED } from '@waco/contracts';
import { badRequest, HttpError, nonPublicHost } from '@waco/platform';
import { removeSubscriptions, saveSubscription } from '../db/push-subscriptions';
import type { WebPushSettings } from '../push/web-push-settings';
import type { NotificationsDeps } from './deps';

/** Push needs the server's VAPID keys; without them the toggle has nothing to turn on. */
export function requireWebPush(settings: WebPushSettings | undefined): WebPushSettings {
  if (!settings) throw new HttpError(404, WEB_PUSH_NOT_CONFIGURED);
  return settings;
}

/**
 * Refuses an endpoint that is no push service's, with a message saying why: only `https:`, and
 * not at a local or private address (an IP literal in a non-public range, however it is spelt,
 * or a local name). The sender checks the address it actually connects to as well (a name's DNS
 * answer can change after this); this is the clear answer to what is plainly wrong.
 */
export function checkPushEndpoint(endpoint: string, settings: WebPushSettings) {
  const url = new URL(endpoint);
  const allowed = settings.outbound?.allowOrigins ?? [];
  if (allowed.some((origin) => new URL(origin).origin === url.origin)) return;
  if (url.protocol !== 'https:')
    throw badRequest('endpoint must be an https:// push service URL', 'endpoint');
  if (nonPublicHost(url)) {
    throw badRequest(
      `endpoint must be a push service on the internet, not a local or private address (${url.hostname})`,
      'endpoint',
    );
  }
}

/** Turns push on for the caller's device. */
export async function subscribePush(
  deps: NotificationsDeps,
  settings: WebPushSettings | undefined,
  userId: string,
  subscription: PushSubscriptionRequest,
) {
  checkPushEndpoint(subscription.endpoint, requireWebPush(settings));
  await saveSubscription(deps.db, userId, subscription);
  return { subscribed: true as const };
}

/** Turns push off on one of the caller's devices, or on all of them. */
export async function unsubscribePush(deps: NotificationsDeps, userId: string, endpoint?: string) {
  return { removed: await removeSubscriptions(deps.db, userId, endpoint) };
}
