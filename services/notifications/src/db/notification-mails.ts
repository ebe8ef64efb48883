import { type Kysely, type Selectable, sql } from 'kysely';
import { v4 as uuidv4 } from 'uuid';
import { NOTIFICATION_MAIL_MAX_ITEMS } from '../domain/delivery-rules';
import type { NotificationMailsTable, NotificationsDatabase } from './schema';

type Db = Kysely<NotificationsDatabase>;
export type NotificationMailRow = Selectable<NotificationMailsTable>;

/** A notification as a mail lists it (its English words; put in the member's language when sent). */
export interface MailedNotification {
  type: string;
  title: string;
  message: string;
}

/**
 * Adds a notification to the member's gathering mail, opening one when none is: due `gatherMs`
 * after this first notification, and not before `spacingMs` after their last notification mail
 * left (the rule in domain/delivery-rules.ts). A mail the sender has taken (`sealed_at`) gathers
 * no more: what comes after goes into the next. A full mail counts the rest. Runs in the batch's
 * transaction, so a redelivered event (refused by the inbox) never adds twice.
 */
export async function gatherNotificationMail(
  trx: Db,
  userId: string,
  item: MailedNotification,
  at: Date,
  timing: { gatherMs: number; spacingMs: number },
) {
  await sql`
    INSERT INTO notification_mails AS m (id, user_id, kind, items, total, next_attempt_at)
    SELECT ${uuidv4()}, ${userId}, 'notifications', ${JSON.stringify([item])}::jsonb, 1,
      greatest(${at}::timestamptz + ${timing.gatherMs} * interval '1 millisecond',
        coalesce(max(sealed_at) + ${timing.spacingMs} * interval '1 millisecond', '-infinity'))
    FROM notification_mails WHERE user_id = ${userId} AND kind = 'notifications'
    ON CONFLICT (user_id) WHERE kind = 'notifications' AND sealed_at IS NULL DO UPDATE
      SET total = m.total + 1,
        items = CASE WHEN jsonb_array_length(m.items) < ${NOTIFICATION_MAIL_MAX_ITEMS}
          THEN m.items || EXCLUDED.items ELSE m.items END`.execute(trx);
}

/**
 * Claims one period's digest for a member with its content: the insert is the claim, so with any
 * number of instances, and across restarts, a member gets each period's digest once.
 * Answers false when it was claimed before.
 */
export async function claimDigest(
  db: Db,
  userId: string,
  period: string,
  items: unknown[],
  dueAt: Date,
): Promise<boolean> {
  const { rows } = await sql`
    INSERT INTO notification_mails (id, user_id, kind, period, items, total, next_attempt_at)
    VALUES (${uuidv4()}, ${userId}, 'digest', ${period}, ${JSON.stringify(items)}::jsonb, ${items.length}, ${dueAt})
    ON CONFLICT (user_id, period) WHERE kind = 'digest' DO NOTHING
    RETURNING id`.execute(db);
  return rows.length > 0;
}

/**
 * Claims up to `limit` mails due now for `leaseMs`, in one statement (instances never claim the
 * same row; a sender that dies leaves its claim to be taken again when the lease ends), and seals
 * them: what they say no longer changes.
 */
export async function claimDueMails(db: Db, now: Date, leaseMs: number, limit: number) {
  const { rows } = await sql<NotificationMailRow>`
    UPDATE notification_mails SET attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + leaseMs)},
      sealed_at = coalesce(sealed_at, ${now})
    WHERE id IN (
      SELECT id FROM notification_mails WHERE sent_at IS NULL AND next_attempt_at <= ${now}
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING *`.execute(db);
  return rows;
}

/** Marks a mail sent and drops its content (the row stays: a digest's claim, a mail's spacing). */
export async function markMailSent(db: Db, id: string, now: Date) {
  await sql`UPDATE notification_mails SET sent_at = ${now}, items = '[]', last_error = NULL WHERE id = ${id}`.execute(
    db,
  );
}

export async function markMailFailed(db: Db, id: string, retryAt: Date, error: string) {
  await sql`
    UPDATE notification_mails SET next_attempt_at = ${retryAt}, last_error = ${error.slice(0, 500)}
    WHERE id = ${id}`.execute(db);
}
