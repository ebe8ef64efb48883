import { type HttpApp, registerEndpoint } from '@waco/platform';
import type { NotificationsDeps } from '../commands/deps';
import { readAllNotifications, readNotification } from '../commands/read-notifications';
import { notificationsPage } from '../db/notifications';

/** The caller's notifications: the list with its unread count, and marking them read. */
export function registerNotificationRoutes(app: HttpApp, deps: NotificationsDeps) {
  registerEndpoint(app, 'listNotifications', async (req) =>
    notificationsPage(deps.db, req.userId, req.query),
  );

  // Declared before `/:id/read` reads better; the router tells them apart either way.
  registerEndpoint(app, 'readAllNotifications', async (req) => readAllNotifications(deps, req.userId));

  registerEndpoint(app, 'readNotification', async (req) => readNotification(deps, req.userId, req.params.id));
}
