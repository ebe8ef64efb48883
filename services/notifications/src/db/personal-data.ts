import type { PersonalDataQueries } from '@waco/platform';

/** What notifications holds about a user, for their account export. */
export const NOTIFICATIONS_PERSONAL_DATA: PersonalDataQueries = {
  notifications: `
    SELECT id, type, title, message, related_id, is_read, created_at
    FROM notifications WHERE user_id = $1 ORDER BY created_at`,
  // Which push services hold a subscription of theirs (never its keys, nor the whole endpoint).
  pushDevices: `
    SELECT split_part(endpoint, '/', 3) AS push_service, created_at
    FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at`,
  // Where their notifications go, and the address their mails go to.
  notificationSettings: `
    SELECT kinds, digest, digest_neighborhood, updated_at FROM notification_settings WHERE user_id = $1`,
  mailAddress: `SELECT email FROM mail_addresses WHERE user_id = $1`,
  // The mails sent or waiting (their content is dropped once sent).
  notificationMails: `
    SELECT kind, period, total, created_at, sent_at FROM notification_mails WHERE user_id = $1 ORDER BY created_at`,
};
