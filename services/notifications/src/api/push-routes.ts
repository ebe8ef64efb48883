import { type HttpApp, registerEndpoint } from '@waco/platform';
import type { NotificationsDeps } from '../commands/deps';
import { requireWebPush, subscribePush, unsubscribePush } from '../commands/push-subscriptions';
import type { WebPushSettings } from '../push/web-push-settings';

/** Web Push: the server's public key, and each device's subscription on and off. */
export function registerPushRoutes(
  app: HttpApp,
  deps: NotificationsDeps,
  settings: WebPushSettings | undefined,
) {
  registerEndpoint(app, 'getPushKey', async () => ({ publicKey: requireWebPush(settings).publicKey }));
  registerEndpoint(app, 'subscribePush', async (req) => subscribePush(deps, settings, req.userId, req.body));
  registerEndpoint(app, 'unsubscribePush', async (req) =>
    unsubscribePush(deps, req.userId, req.body.endpoint),
  );
}
