import { ConversationRead, ERASED, type EventEnvelope, MESSAGE_DELETED, MessageSent } from '@waco/contracts';
import { defineProjection } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import { type MessagingDatabase, PROJECTED_TABLES } from '../db/schema';

/**
 * Applies conversation events to `messages` and `conversation_members`. Called with the events
 * appendToStream returns, in the same transaction, and by the platform's rebuild with the log.
 */
export async function applyConversationEvents(trx: Kysely<MessagingDatabase>, events: EventEnvelope[]) {
  for (const event of events) {
    if (event.type === MessageSent.type) {
      const data = MessageSent.schema.parse(event.data);
      // Erased: its sender's account was deleted.
      const content = data.content === ERASED ? MESSAGE_DELETED : data.content;
      await applyMessageSent(trx, { ...data, content });
    } else if (event.type === ConversationRead.type)
      await applyConversationRead(trx, ConversationRead.schema.parse(event.data));
  }
}

/** messaging's read model of its own events; `users` (identity's events) is not in it. */
export const conversationsProjection = defineProjection<MessagingDatabase>({
  name: 'conversations',
  tables: PROJECTED_TABLES,
  apply: applyConversationEvents,
});

type MessageSentData = ReturnType<typeof MessageSent.schema.parse>;
type ConversationReadData = ReturnType<typeof ConversationRead.schema.parse>;

async function applyMessageSent(trx: Kysely<MessagingDatabase>, data: MessageSentData) {
  // One statement, one round trip: this runs for every message sent. Writing to a thread means
  // having read it, so the sender's side is read; the recipient has one more unread.
  const postId = data.postId ?? null;
  await sql`
    WITH message AS (
      INSERT INTO messages (id, conversation_id, sender_id, recipient_id, content, is_read, created_at, image_paths)
      VALUES (${data.messageId}, ${data.conversationId}, ${data.senderId}, ${data.recipientId}, ${data.content},
              false, ${data.sentAt}, ${data.imagePaths ?? []}::text[])
    ), sender_read AS (
      UPDATE messages SET is_read = true
      WHERE conversation_id = ${data.conversationId} AND recipient_id = ${data.senderId} AND NOT is_read
    )
    INSERT INTO conversation_members AS m
      (conversation_id, user_id, other_user_id, last_message_id, last_message, last_message_at, unread_count, post_id)
    VALUES
      (${data.conversationId}, ${data.senderId}, ${data.recipientId}, ${data.messageId}, ${data.content}, ${data.sentAt}, 0, ${postId}::uuid),
      (${data.conversationId}, ${data.recipientId}, ${data.senderId}, ${data.messageId}, ${data.content}, ${data.sentAt}, 1, ${postId}::uuid)
    ON CONFLICT (user_id, conversation_id) DO UPDATE SET
      -- The latest post a message was sent about; a message about none keeps it.
      post_id = coalesce(EXCLUDED.post_id, m.post_id),
      last_message_id = EXCLUDED.last_message_id,
      last_message = EXCLUDED.last_message,
      last_message_at = EXCLUDED.last_message_at,
      unread_count = CASE WHEN m.user_id = ${data.recipientId}::uuid THEN m.unread_count + 1 ELSE 0 END`.execute(
    trx,
  );
}

async function applyConversationRead(trx: Kysely<MessagingDatabase>, data: ConversationReadData) {
  await markRead(trx, data.conversationId, data.readerId);
  await trx
    .updateTable('conversation_members')
    .set({ unread_count: 0 })
    .where('conversation_id', '=', data.conversationId)
    .where('user_id', '=', data.readerId)
    .execute();
}

/** Every message of the thread sent to `readerId` so far is read. */
async function markRead(trx: Kysely<MessagingDatabase>, conversationId: string, readerId: string) {
  await trx
    .updateTable('messages')
    .set({ is_read: true })
    .where('conversation_id', '=', conversationId)
    .where('recipient_id', '=', readerId)
    .where('is_read', '=', false)
    .execute();
}
