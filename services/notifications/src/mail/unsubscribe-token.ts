import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_SUBJECTS, type MailSubject } from '../domain/delivery-rules';

/** How long a mailed unsubscribe link works: long enough for an old mail, not for ever. */
export const UNSUBSCRIBE_TOKEN_DAYS = 90;

const SUBJECTS = new Set<string>(MAIL_SUBJECTS);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signatureOf = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

/**
 * The token of a mail's one-click unsubscribe link: who, which mails (notifications, or the
 * digest) and until when, signed with the service's secret (HMAC-SHA256), so that nobody
 * can make one for another member or another mail, and an old one stops working.
 */
export function unsubscribeToken(secret: string, userId: string, what: MailSubject, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 86_400;
  const payload = `${userId}.${what}.${expires}`;
  return `${payload}.${signatureOf(secret, payload)}`;
}

/** Who and what a token unsubscribes, or undefined when it is forged, malformed or expired. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
  now: Date,
): { userId: string; what: MailSubject } | undefined {
  const [userId, what, expires, signature, ...rest] = token.split('.');
  if (!userId || !what || !expires || !signature || rest.length > 0) return undefined;
  if (!UUID.test(userId) || !SUBJECTS.has(what) || !/^\d{1,12}$/.test(expires)) return undefined;
  const expected = Buffer.from(signatureOf(secret, `${userId}.${what}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Number(expires) * 1000 < now.getTime()) return undefined;
  return { userId, what: what as MailSubject };
}
