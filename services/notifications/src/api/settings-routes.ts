import { type HttpApp, registerEndpoint } from '@waco/platform';
import type { NotificationsDeps } from '../commands/deps';
import { readSettings, updateSettings } from '../commands/notification-settings';

/** The caller's notification settings: where each kind comes, and the email digest. */
export function registerSettingsRoutes(app: HttpApp, deps: NotificationsDeps) {
  registerEndpoint(app, 'getNotificationSettings', (req) => readSettings(deps, req.userId));
  registerEndpoint(app, 'updateNotificationSettings', (req) => updateSettings(deps, req.userId, req.body));
}
