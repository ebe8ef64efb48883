import type { EventEnvelope } from '@waco/contracts';
import type { Kysely } from 'kysely';
import { claimRepeatKey, insertNotification } from '../db/notifications';
import type { NotificationsDatabase } from '../db/schema';
import { type StreamPush, StreamWriter } from '../db/stream-log';
import type { NotificationDraft } from '../domain/notification-rules';

/**
 * Stores the notifications an event made (one, or one per recipient), each unless it repeats
 * one given within the window, and pushes them with the new unread counts to the recipients'
 * live streams.
 */
export async function notify(
  trx: Kysely<NotificationsDatabase>,
  drafts: NotificationDraft | null | NotificationDraft[],
  event: EventEnvelope,
): Promise<StreamPush[]> {
  const all = drafts === null ? [] : Array.isArray(drafts) ? drafts : [drafts];
  if (all.length === 0) return [];
  const stream = await StreamWriter.open(
    trx,
    all.map((d) => d.recipientId),
  );
  const told: string[] = [];
  for (const draft of all) {
    if (!(await claimRepeatKey(trx, draft, event.occurredAt))) continue;
    const notification = await insertNotification(trx, draft, {
      eventId: event.id,
      createdAt: event.occurredAt,
    });
    stream.push(draft.recipientId, 'notification', notification);
    told.push(draft.recipientId);
  }
  if (told.length > 0) await stream.pushUnread(...new Set(told));
  return stream.close();
}
