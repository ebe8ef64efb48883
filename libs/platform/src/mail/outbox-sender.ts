import { backoffDelay } from '../backoff';
import type { Logger } from '../logger';

/** A failed mail is tried again after 1 s, doubling up to 10 minutes, for as long as it fails. */
const MAIL_RETRY = { initialMs: 1_000, maxMs: 10 * 60 * 1000 };
/** A poll now and then finds mails queued by another instance, and retries that are due. */
const POLL_MS = 2_000;

export interface OutboxSender {
  /** Sends what is due now (called after a commit that queued a mail). */
  nudge(): void;
  /** Sends what is due and resolves when done (tests). */
  sendDue(): Promise<void>;
  stop(): Promise<void>;
}

/** A service's table of mails to send, as the sender drives it. */
export interface MailOutbox<Row> {
  /** Claims the rows due at `now` (a lease: another instance may take them once it ends). */
  claimDue(now: Date): Promise<Row[]>;
  /** Sends one claimed row and marks it sent; throws when the mail server refused it. */
  send(row: Row): Promise<void>;
  /** Leaves a row to be tried again at `retryAt`. */
  failed(row: Row, retryAt: Date, error: string): Promise<void>;
  /** How many times the row was claimed (its backoff), and what names it in logs. */
  attemptsOf(row: Row): number;
  describe(row: Row): Record<string, unknown>;
}

/**
 * Sends a mail outbox: rows claimed, sent over SMTP, then marked sent. At least once (a sender
 * that dies after the server accepted but before marking sends it again after the lease), and
 * never twice otherwise. A failed send is retried with backoff.
 */
export function startOutboxSender<Row>(
  outbox: MailOutbox<Row>,
  deps: { logger: Logger; now(): Date; close?(): void },
): OutboxSender {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function drain() {
    for (;;) {
      const due = await outbox.claimDue(deps.now());
      if (due.length === 0) return;
      await Promise.all(
        due.map(async (row) => {
          try {
            await outbox.send(row);
          } catch (err) {
            const attempts = outbox.attemptsOf(row);
            const retryAt = new Date(deps.now().getTime() + backoffDelay(attempts - 1, MAIL_RETRY));
            deps.logger.warn({ err, ...outbox.describe(row), attempts }, 'mail not sent; will retry');
            await outbox.failed(row, retryAt, String((err as Error).message ?? err));
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
      deps.close?.();
    },
  };
}
