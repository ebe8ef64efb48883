import nodemailer from 'nodemailer';

/** One mail as the app sends it: always a text and an HTML part. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
}

/** Sends mail over SMTP; the one place the app talks to a mail server. */
export interface Mailer {
  /** Resolves once the server has accepted the mail; rejects otherwise (the caller retries). */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The sender every mail names unless MAIL_FROM says otherwise. */
export const DEFAULT_MAIL_FROM = 'Waco Commons <hello@waco-commons.invalid>';

/**
 * A mailer for an `smtp://` or `smtps://` URL (`SMTP_URL`: user and password in it when the
 * server wants them). Connections are pooled; a refused mail rejects.
 */
export function createSmtpMailer(smtpUrl: string, from: string = DEFAULT_MAIL_FROM): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // A catcher on loopback (embedded mode, Mailpit) offers no certificate worth checking.
    ignoreTLS: url.searchParams.get('tls') === 'off',
    pool: true,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/** The mailer a service was given: itself, or one for an SMTP URL (`SMTP_URL`) sending as `from`. */
export function mailerOf(given: Mailer | string, from?: string): Mailer {
  return typeof given === 'string' ? createSmtpMailer(given, from) : given;
}
