import { type Kysely, sql } from 'kysely';
import type { NotificationsDatabase } from '../db/schema';

/**
 * An account was deleted: notifications has no log of its own, so it erases its copy
 * here, in the inbox's transaction. Gone: the notifications to the user and those about them
 * (they were the actor: their name, a message's text), the live-stream log rows of theirs or
 * that mention them, and what it kept to notify them (followed posts, saved searches, unread
 * positions), their devices' push subscriptions (endpoints and keys), the titles of their
 * posts, their settings, address and mails waiting, the events they signed up for. Their name is "Former member" through the user directory.
 */
export async function eraseNotificationsOf(trx: Kysely<NotificationsDatabase>, userId: string) {
  // The log's pushes first: a pushed notification names its id, not its actor's.
  await sql`
    DELETE FROM stream_events WHERE user_id = ${userId} OR strpos(data::text, ${userId}) > 0
      OR data->>'id' IN (SELECT id::text FROM notifications WHERE user_id = ${userId} OR actor_id = ${userId})`.execute(
    trx,
  );
  await sql`DELETE FROM notifications WHERE user_id = ${userId} OR actor_id = ${userId}`.execute(trx);
  await sql`DELETE FROM notification_repeats WHERE recipient_id = ${userId} OR actor_id = ${userId}`.execute(
    trx,
  );
  await sql`DELETE FROM stream_cursors WHERE user_id = ${userId}`.execute(trx);
  await sql`DELETE FROM post_titles WHERE owner_id = ${userId}`.execute(trx);
  await sql`DELETE FROM digest_posts WHERE owner_id = ${userId}`.execute(trx);
  for (const table of [
    'conversation_inbox',
    'conversation_reads',
    'post_savers',
    'event_attendees',
    'saved_searches',
    'saved_search_notices',
    'push_subscriptions',
    'notification_settings',
    'notification_mails',
    'mail_addresses',
    'community_event_attendees',
  ])
    await sql`DELETE FROM ${sql.table(table)} WHERE user_id = ${userId}`.execute(trx);
}
