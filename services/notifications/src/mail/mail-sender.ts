import type { Logger, Mailer, OutboxSender } from '@waco/platform';
import { startOutboxSender } from '@waco/platform';
import type { Kysely } from 'kysely';
import { addressOf } from '../db/mail-addresses';
import {
  claimDueMails,
  markMailFailed,
  markMailSent,
  type NotificationMailRow,
} from '../db/notification-mails';
import type { NotificationsDatabase } from '../db/schema';
import { users } from '../db/users';
import type { MailSubject } from '../domain/delivery-rules';
import type { DigestPost } from '../domain/digest-rules';
import { digestMail, notificationsMail } from '../domain/mails';
import { unsubscribeToken } from './unsubscribe-token';

/** How long a claimed mail is left to its sender before another may claim it. */
const CLAIM_LEASE_MS = 60_000;

/** What notifications' mails need: where they go out, the links' address and their secret. */
export interface MailSettings {
  /** An SMTP mailer (platform's `createSmtpMailer`, SMTP_URL). */
  mailer: Mailer;
  /** The app's public address for the mails' links (APP_URL). */
  appUrl: string;
  /** Signs the unsubscribe links (MAIL_LINK_SECRET). */
  linkSecret: string;
}

/** A digest as its claim stored it, rendered when sent. */
export interface StoredDigest {
  frequency: 'daily' | 'weekly';
  following: DigestPost[];
  neighborhood: DigestPost[];
}

/**
 * Sends notifications' mails (the platform's outbox sender): a member's gathered notifications,
 * or a period's digest, rendered at sending in their language, with a one-click unsubscribe link
 * of its own. A member with no address (never known, or deleted since) gets nothing.
 */
export function startNotificationMailSender(deps: {
  db: Kysely<NotificationsDatabase>;
  mail: MailSettings;
  logger: Logger;
  now(): Date;
}): OutboxSender {
  const { db, mail } = deps;
  async function render(row: NotificationMailRow) {
    const to = await addressOf(db, row.user_id);
    if (!to) return undefined;
    const [user, lang] = [await users.find(db, row.user_id), await users.languageOf(db, row.user_id)];
    const linkFor = (what: MailSubject) =>
      `${mail.appUrl.replace(/\/+$/, '')}/api/unsubscribe?token=${unsubscribeToken(mail.linkSecret, row.user_id, what, deps.now())}`;
    const firstName = user?.firstName ?? null;
    if (row.kind === 'digest') {
      const digest = row.items[0] as StoredDigest | undefined;
      if (!digest) return undefined;
      return digestMail(to, firstName, lang, digest, {
        appUrl: mail.appUrl,
        unsubscribeUrl: linkFor('digest'),
      });
    }
    const items = row.items as Array<{ type: string; title: string; message: string }>;
    return notificationsMail(
      to,
      firstName,
      lang,
      { items, total: row.total },
      {
        appUrl: mail.appUrl,
        unsubscribeUrl: linkFor('notifications'),
      },
    );
  }
  return startOutboxSender(
    {
      claimDue: (now) => claimDueMails(db, now, CLAIM_LEASE_MS, 10),
      async send(row) {
        const outgoing = await render(row);
        if (outgoing) await mail.mailer.send(outgoing);
        await markMailSent(db, row.id, deps.now());
      },
      failed: (row, retryAt, error) => markMailFailed(db, row.id, retryAt, error),
      attemptsOf: (row) => row.attempts,
      describe: (row) => ({ mailId: row.id, kind: row.kind }),
    },
    { logger: deps.logger, now: deps.now, close: () => mail.mailer.close() },
  );
}
