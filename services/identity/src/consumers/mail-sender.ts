import { backoffDelay, type Logger, type Mailer } from '@waco/platform';
import type { Kysely } from 'kysely';
import { claimDueMails, markMailFailed, markMailSent } from '../db/mail-outbox';
import type { IdentityDatabase } from '../db/schema';

/** A failed mail is tried again after 1 s, doubling up to 10 minutes, for as long as it fails. */
const MAIL_RETRY = { initialMs: 1_000, maxMs: 10 * 60 * 1000 };
/** How long a claimed mail is left to its sender before another may claim it. */
const CLAIM_LEASE_MS = 60_000;
/** A poll now and then finds mails queued by another instance, and retries that are due. */
const POLL_MS = 2_000;

export interface MailSender {
  /** Sends what is due now (called after a commit that queued a mail). */
  nudge(): void;
  /** Sends what is due and resolves when done (tests). */
  sendDue(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Sends the mail outbox: each row is one event's mail, claimed, sent over SMTP, then marked sent.
 * At least once (a sender that dies after the server accepted but before marking sends it again
 * after the lease), and never twice for one event otherwise: the row is keyed by the event's id.
 */
export function startMailSender(deps: {
  db: Kysely<IdentityDatabase>;
  mailer: Mailer;
  logger: Logger;
  now(): Date;
  /** Deletes the catcher's copies of the mails to an address (IdentityDeps' `eraseMail`). */
  eraseMail?(address: string): Promise<unknown>;
}): MailSender {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function drain() {
    for (;;) {
      const due = await claimDueMails(deps.db, deps.now(), CLAIM_LEASE_MS, 10);
      if (due.length === 0) return;
      await Promise.all(
        due.map(async (row) => {
          try {
            await deps.mailer.send({
              to: row.recipient,
              subject: row.subject,
              text: row.text_body,
              html: row.html_body,
            });
            // Sent while its account was being deleted: the catcher's copy goes too.
            if (!(await markMailSent(deps.db, row.event_id, deps.now())))
              await deps.eraseMail?.(row.recipient);
          } catch (err) {
            const retryAt = new Date(deps.now().getTime() + backoffDelay(row.attempts - 1, MAIL_RETRY));
            deps.logger.warn(
              { err, eventId: row.event_id, attempts: row.attempts },
              'mail not sent; will retry',
            );
            await markMailFailed(deps.db, row.event_id, retryAt, String((err as Error).message ?? err));
          }
        }),
      );
    }
  }

  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err) => deps.logger.warn({ err }, 'mail outbox could not be read; will retry'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  }

  const timer = setInterval(() => void run(), POLL_MS);
  timer.unref();
  return {
    nudge: () => void run(),
    async sendDue() {
      await run();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      deps.mailer.close();
    },
  };
}
