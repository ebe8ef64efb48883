import { type PushSubscriptionRequest, WEB_PUSH_NOT_CONFIGURED } from '@waco/contracts';
import { badRequest, HttpError } from '@waco/platform';
import { removeSubscriptions, saveSubscription } from '../db/push-subscriptions';
import type { NotificationsDeps } from '../deps';
import type { WebPushSettings } from '../push/web-push-settings';

/** Push needs the server's VAPID keys; without them the toggle has nothing to turn on. */
export function requireWebPush(settings: WebPushSettings | undefined): WebPushSettings {
  if (!settings) throw new HttpError(404, WEB_PUSH_NOT_CONFIGURED);
  return settings;
}

/** Refuses an endpoint that is no push service's: only `https:` (tests may allow loopback `http:`). */
export function checkPushEndpoint(endpoint: string, settings: WebPushSettings) {
  const { protocol } = new URL(endpoint);
  if (protocol === 'https:' || (protocol === 'http:' && settings.allowInsecureEndpoints)) return;
  throw badRequest('endpoint must be an https:// push service URL', 'endpoint');
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
