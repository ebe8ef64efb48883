import {
  MarkAllReadResponse,
  Notification,
  NotificationIdParams,
  NotificationList,
  NotificationsQuery,
} from '@waco/contracts';
import type { HttpApp } from '@waco/platform';
import { readAllNotifications, readNotification } from '../commands/read-notifications';
import { listNotifications, unreadCountsOf } from '../db/notifications';
import type { NotificationsDeps } from '../deps';
import { requireSignedIn, signedInUserId } from './signed-in';

/** The caller's notifications: the list with its unread count, and marking them read. */
export function registerNotificationRoutes(app: HttpApp, deps: NotificationsDeps) {
  app.get(
    '/api/notifications',
    {
      onRequest: requireSignedIn,
      schema: { querystring: NotificationsQuery, response: { 200: NotificationList } },
    },
    async (req) => {
      const userId = signedInUserId(req);
      const [notifications, counts] = await Promise.all([
        listNotifications(deps.db, userId, req.query),
        unreadCountsOf(deps.db, userId),
      ]);
      return { notifications, unreadCount: counts.notifications };
    },
  );

  // Declared before `/:id/read` reads better; the router tells them apart either way.
  app.put(
    '/api/notifications/read-all',
    { onRequest: requireSignedIn, schema: { response: { 200: MarkAllReadResponse } } },
    async (req) => readAllNotifications(deps, signedInUserId(req)),
  );

  app.put(
    '/api/notifications/:id/read',
    {
      onRequest: requireSignedIn,
      schema: { params: NotificationIdParams, response: { 200: Notification } },
    },
    async (req) => readNotification(deps, signedInUserId(req), req.params.id),
  );
}
