import { MESSAGE_DELETED } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { ModerationDatabase } from '../db/schema';

/**
 * An account was deleted: moderation's copies of what it wrote go too. The texts of
 * messages it sent read "Message deleted" (as the other person sees them), its posts, comments, groups and events leave the
 * copy (posts deletes them too), and the free-text details of its reports are dropped; the
 * reports themselves, their reasons and outcomes stay for the audit. (Its name is "Former
 * member" through the user directory.)
 */
export async function eraseModerationCopiesOf(trx: Kysely<ModerationDatabase>, userId: string) {
  await sql`UPDATE known_messages SET content = ${MESSAGE_DELETED} WHERE sender_id = ${userId}`.execute(trx);
  await sql`DELETE FROM known_posts WHERE user_id = ${userId}`.execute(trx);
  await sql`DELETE FROM known_comments WHERE user_id = ${userId}`.execute(trx);
  // Their reviews go (directory deletes them too); a business they added stays, without their words.
  await sql`DELETE FROM known_reviews WHERE user_id = ${userId}`.execute(trx);
  await sql`UPDATE known_businesses SET description = NULL WHERE added_by = ${userId}`.execute(trx);
  // Its events are cancelled; its groups pass to another admin (GroupHandedOver writes them anew).
  await sql`DELETE FROM known_events WHERE user_id = ${userId}`.execute(trx);
  await sql`DELETE FROM known_groups WHERE user_id = ${userId}`.execute(trx);
  await sql`UPDATE reports SET details = NULL WHERE reporter_id = ${userId}`.execute(trx);
}
