import type { OutgoingMail } from '@waco/platform';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { IdentityDatabase, MailOutboxTable } from './schema';

type Db = Kysely<IdentityDatabase>;
export type MailOutboxRow = Selectable<MailOutboxTable>;

/** Queues the mail an event calls for; a second row for the same event is ignored. */
export async function queueMail(db: Db, eventId: string, userId: string, mail: OutgoingMail) {
  await db
    .insertInto('mail_outbox')
    .values({
      event_id: eventId,
      user_id: userId,
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
    })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

/**
 * Claims up to `limit` mails due now for `leaseMs`: in one statement, so no transaction stays
 * open while mail is sent, and two senders never claim the same mail. A sender that dies with a
 * claim leaves it to be claimed again when the lease ends.
 */
export async function claimDueMails(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<MailOutboxRow[]> {
  const result = await sql<MailOutboxRow>`
    UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + leaseMs)}
    WHERE event_id IN (
      SELECT event_id FROM mail_outbox
      WHERE sent_at IS NULL AND next_attempt_at <= ${now}
      ORDER BY next_attempt_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING *`.execute(db);
  return result.rows;
}

/** A sent mail keeps its row (so it is never sent again) but not its link. */
/** Marks a mail sent; false when its row is gone (its account was deleted while it was sent). */
export async function markMailSent(db: Db, eventId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ sent_at: now, text_body: '', html_body: '', last_error: null })
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markMailFailed(db: Db, eventId: string, retryAt: Date, error: string) {
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: retryAt, last_error: error.slice(0, 500) })
    .where('event_id', '=', eventId)
    .execute();
}
