import type { EventEnvelope } from '@waco/contracts';
import type { Kysely } from 'kysely';
import { moderation } from '../db/moderation';
import { claimRepeatKey, insertNotification } from '../db/notifications';
import type { NotificationsDatabase } from '../db/schema';
import { type StreamPush, StreamWriter } from '../db/stream-log';
import type { NotificationDraft } from '../domain/notification-rules';

/**
 * Stores the notification an event made, unless it repeats one given within the window or its
 * recipient blocked whoever caused it, and pushes it with the new unread counts to the
 * recipient's live stream.
 */
export async function notify(
  trx: Kysely<NotificationsDatabase>,
  draft: NotificationDraft | null,
  event: EventEnvelope,
): Promise<StreamPush[]> {
  if (!draft) return [];
  if (await moderation.hasBlocked(trx, draft.recipientId, draft.actorId)) return [];
  const stream = await StreamWriter.open(trx, [draft.recipientId]);
  if (!(await claimRepeatKey(trx, draft, event.occurredAt))) return [];
  const notification = await insertNotification(trx, draft, {
    eventId: event.id,
    createdAt: event.occurredAt,
  });
  stream.push(draft.recipientId, 'notification', notification);
  await stream.pushUnread(draft.recipientId);
  return stream.close();
}
