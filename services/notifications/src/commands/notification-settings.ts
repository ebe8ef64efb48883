import {
  type NotificationSettings,
  type NotificationSettingsUpdate,
  UNSUBSCRIBE_MESSAGES,
} from '@waco/contracts';
import { badRequest } from '@waco/platform';
import { lockSettings, saveSettings, settingsOf } from '../db/notification-settings';
import { applySettingsUpdate, type MailSubject, unsubscribed } from '../domain/delivery-rules';
import { readUnsubscribeToken } from '../mail/unsubscribe-token';
import type { NotificationsDeps } from './deps';

/** The caller's settings. */
export const readSettings = (deps: NotificationsDeps, userId: string) => settingsOf(deps.db, userId);

/** Applies a change to the caller's settings under a lock on their row (two tabs never lose one). */
export function updateSettings(
  deps: NotificationsDeps,
  userId: string,
  update: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  return deps.db.transaction().execute(async (trx) => {
    const next = applySettingsUpdate(await lockSettings(trx, userId), update);
    await saveSettings(trx, userId, next);
    return next;
  });
}

/** Who and what a mailed link unsubscribes; a forged, damaged or expired one is a 400. */
export function unsubscribeTarget(
  secret: string,
  token: string,
  now: Date,
): { userId: string; what: MailSubject } {
  const target = readUnsubscribeToken(secret, token, now);
  if (!target) throw badRequest(UNSUBSCRIBE_MESSAGES.invalid, 'token');
  return target;
}

/** Turns off the mails a link names; doing it twice changes nothing. */
export function unsubscribe(deps: NotificationsDeps, target: { userId: string; what: MailSubject }) {
  return deps.db.transaction().execute(async (trx) => {
    await saveSettings(trx, target.userId, unsubscribed(await lockSettings(trx, target.userId), target.what));
  });
}
