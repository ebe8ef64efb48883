import { readMailOptions } from './mail/config';
import { readWebPushSettings } from './push/web-push-settings';
import type { NotificationsServiceOptions } from './service';

/**
 * Notifications' settings from the environment (Web Push's VAPID keys, the mail server and the
 * unsubscribe links' secret), read once at start (`main.ts`).
 */
export function readNotificationsSettings(env: NodeJS.ProcessEnv = process.env): NotificationsServiceOptions {
  return { webPush: readWebPushSettings(env), mail: readMailOptions(env) };
}
