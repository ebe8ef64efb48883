import { NOTIFICATION_NOT_FOUND, type Notification, Uuid } from '@waco/contracts';
import { notFound } from '@waco/platform';
import { markAllRead, markNotificationRead } from '../db/notifications';
import { StreamCursors, unreadEntries } from '../db/stream-log';
import type { NotificationsDeps } from './deps';

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
    const stream = new StreamCursors(trx);
    await stream.lock([userId]);
    const marked = await markNotificationRead(trx, userId, id);
    if (!marked) throw notFound(NOTIFICATION_NOT_FOUND);
    const counts = marked.changed ? await unreadEntries(trx, [userId]) : [];
    return { notification: marked.notification, pushes: await stream.append(counts) };
  });
  await deps.pusher.send(pushes);
  return notification;
}

/** Marks every notification of the caller read. */
export async function readAllNotifications(deps: NotificationsDeps, userId: string) {
  const { updated, unreadCount, pushes } = await deps.db.transaction().execute(async (trx) => {
    const stream = new StreamCursors(trx);
    await stream.lock([userId]);
    const updated = await markAllRead(trx, userId);
    const counts = updated > 0 ? await unreadEntries(trx, [userId]) : [];
    const unreadCount = counts[0]?.data.notifications ?? 0;
    return { updated, unreadCount, pushes: await stream.append(counts) };
  });
  await deps.pusher.send(pushes);
  return { updated, unreadCount };
}
