import { NOTIFICATION_NOT_FOUND, type Notification, Uuid } from '@waco/contracts';
import { notFound } from '@waco/platform';
import { markAllRead, markNotificationRead } from '../db/notifications';
import { StreamWriter } from '../db/stream-log';
import type { NotificationsDeps } from '../deps';

/**
 * Marks one of the caller's notifications read; anyone else's, or one that does not exist, is
 * a 404. The caller's other tabs get the new unread counts.
 */
export async function readNotification(
  deps: NotificationsDeps,
  userId: string,
  id: string,
): Promise<Notification> {
  if (!Uuid.safeParse(id).success) throw notFound(NOTIFICATION_NOT_FOUND);
  const { notification, pushes } = await deps.db.transaction().execute(async (trx) => {
    const stream = await StreamWriter.open(trx, [userId]);
    const marked = await markNotificationRead(trx, userId, id);
    if (!marked) throw notFound(NOTIFICATION_NOT_FOUND);
    if (marked.changed) await stream.pushUnread(userId);
    return { notification: marked.notification, pushes: await stream.close() };
  });
  await deps.pusher.send(pushes);
  return notification;
}

/** Marks every notification of the caller read. */
export async function readAllNotifications(deps: NotificationsDeps, userId: string) {
  const { updated, unreadCount, pushes } = await deps.db.transaction().execute(async (trx) => {
    const stream = await StreamWriter.open(trx, [userId]);
    const updated = await markAllRead(trx, userId);
    const unreadCount = updated > 0 ? ((await stream.pushUnread(userId)).get(userId)?.notifications ?? 0) : 0;
    return { updated, unreadCount, pushes: await stream.close() };
  });
  await deps.pusher.send(pushes);
  return { updated, unreadCount };
}
