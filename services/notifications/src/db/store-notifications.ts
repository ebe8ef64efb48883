import type { Notification } from '@waco/contracts';
import type { Kysely } from 'kysely';
import { deliveryOf } from '../domain/delivery-rules';
import type { NotificationDraft } from '../domain/notification-rules';
import { moderation } from './moderation';
import { gatherNotificationMail } from './notification-mails';
import { settingsOfMany } from './notification-settings';
import { claimRepeatKey, claimRepeatKeys, insertNotifications, repeatKeyOf } from './notifications';
import type { NotificationsDatabase } from './schema';

/** A notification the rules decided, with the event it comes from, waiting to be stored. */
export interface DueNotification {
  draft: NotificationDraft;
  /** Its `source_event_id` (unique): the event's id, or one of its own per recipient. */
  sourceId: string;
  /** When the event happened: the notification's time, and the repeat window's. */
  at: string;
}

/** When notification mails are sent (domain/delivery-rules.ts); no mails without it. */
export interface MailTiming {
  gatherMs: number;
  spacingMs: number;
}

/**
 * Stores the notifications due (a batch's, in order), each unless its recipient blocked whoever
 * caused it or it repeats one given within the window: a few statements for all of them. Then
 * the recipients' settings say where each goes: stored for the app, gathered into a mail, both,
 * or neither. Answers those stored, by the due notification they came from.
 */
export async function storeNotifications(
  trx: Kysely<NotificationsDatabase>,
  due: DueNotification[],
  mailTiming?: MailTiming,
): Promise<Map<DueNotification, Notification>> {
  if (due.length === 0) return new Map();
  // Nothing reaches a member from someone they blocked (notifications' copy of moderation's).
  const blocked = await moderation.blockedPairs(
    trx,
    due.map(({ draft }) => [draft.recipientId, draft.actorId]),
  );
  const allowed = due.filter(({ draft }) => !blocked.has(`${draft.recipientId}|${draft.actorId}`));
  // Each repeat key's first claim in one statement; a key met again here is claimed after it.
  const firsts = new Map<string, DueNotification>();
  for (const d of allowed) {
    const key = repeatKeyOf(d.draft);
    if (key && !firsts.has(key)) firsts.set(key, d);
  }
  const claimed = await claimRepeatKeys(
    trx,
    [...firsts.values()].map(({ draft, at }) => ({ draft, at })),
  );
  const kept: DueNotification[] = [];
  for (const d of allowed) {
    const key = repeatKeyOf(d.draft);
    const isNew =
      key === undefined ||
      (firsts.get(key) === d ? claimed.has(key) : await claimRepeatKey(trx, d.draft, d.at));
    if (isNew) kept.push(d);
  }
  const settings = await settingsOfMany(
    trx,
    kept.map((d) => d.draft.recipientId),
  );
  const inApp: DueNotification[] = [];
  for (const d of kept) {
    const delivery = deliveryOf(settings.get(d.draft.recipientId), d.draft.type);
    if (delivery.app) inApp.push(d);
    if (delivery.email && mailTiming) await mailNotification(trx, d.draft, new Date(d.at), mailTiming);
  }
  const notifications = await insertNotifications(
    trx,
    inApp.map(({ draft, sourceId, at }) => ({ draft, source: { eventId: sourceId, createdAt: at } })),
  );
  return new Map(inApp.map((d, i) => [d, notifications[i] as Notification]));
}

/** A notification the member wants by email: into their gathering mail. */
export function mailNotification(
  trx: Kysely<NotificationsDatabase>,
  draft: NotificationDraft,
  at: Date,
  timing: MailTiming,
) {
  const { type, title, message } = draft;
  return gatherNotificationMail(trx, draft.recipientId, { type, title, message }, at, timing);
}
