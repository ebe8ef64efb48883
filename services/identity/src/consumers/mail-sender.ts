import { type Logger, type Mailer, type OutboxSender, startOutboxSender } from '@waco/platform';
import type { Kysely } from 'kysely';
import { claimDueMails, markMailFailed, markMailSent } from '../db/mail-outbox';
import type { IdentityDatabase } from '../db/schema';

/** How long a claimed mail is left to its sender before another may claim it. */
const CLAIM_LEASE_MS = 60_000;

export type MailSender = OutboxSender;

/**
 * Sends the mail outbox (the platform's outbox sender): each row is one event's mail, claimed,
 * sent over SMTP, then marked sent. Keyed by the event's id, so one event is never mailed twice
 * but for a sender that dies between the server's acceptance and the mark.
 */
export function startMailSender(deps: {
  db: Kysely<IdentityDatabase>;
  mailer: Mailer;
  logger: Logger;
  now(): Date;
  /** Deletes the catcher's copies of the mails to an address (IdentityDeps' `eraseMail`). */
  eraseMail?(address: string): Promise<unknown>;
}): MailSender {
  return startOutboxSender(
    {
      claimDue: (now) => claimDueMails(deps.db, now, CLAIM_LEASE_MS, 10),
      async send(row) {
        await deps.mailer.send({
          to: row.recipient,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
        });
        // Sent while its account was being deleted: the catcher's copy goes too.
        if (!(await markMailSent(deps.db, row.event_id, deps.now()))) await deps.eraseMail?.(row.recipient);
      },
      failed: (row, retryAt, error) => markMailFailed(deps.db, row.event_id, retryAt, error),
      attemptsOf: (row) => row.attempts,
      describe: (row) => ({ eventId: row.event_id }),
    },
    { logger: deps.logger, now: deps.now, close: () => deps.mailer.close() },
  );
}
