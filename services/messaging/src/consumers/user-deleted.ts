import { MESSAGE_DELETED } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { MessagingDatabase } from '../db/schema';

/**
 * An account was deleted: the messages it sent read "Message deleted" to the other
 * person, in the thread and in the conversation list. (Its name is "Former member" through the
 * user directory.) A rebuild agrees: the sealed texts open to erased once the key is gone, and
 * the projection writes an erased text as "Message deleted".
 */
export async function eraseMessagesOf(trx: Kysely<MessagingDatabase>, userId: string) {
  await sql`UPDATE messages SET content = ${MESSAGE_DELETED} WHERE sender_id = ${userId}`.execute(trx);
  await sql`
    UPDATE conversation_members SET last_message = ${MESSAGE_DELETED}
    WHERE last_message_id IN (SELECT id FROM messages WHERE sender_id = ${userId})`.execute(trx);
  // Its ratings go (their notes are sealed: a rebuild leaves them out too); averages and counts
  // are counted from the table, so they follow.
  await sql`DELETE FROM ratings WHERE rater_id = ${userId}`.execute(trx);
}
