import type { Message } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { MessageRow, MessagingDatabase } from './schema';

/**
 * A page of a thread, oldest first: the latest `limit` messages, or the `limit` just before the
 * message `before` names. An unknown `before` gives an empty page.
 */
export async function threadPage(
  db: Kysely<MessagingDatabase>,
  conversationId: string,
  page: { limit: number; before?: string },
): Promise<Message[]> {
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit);
  if (page.before) {
    const before = page.before;
    query = query.where(
      sql<boolean>`(created_at, id) < (SELECT created_at, id FROM messages
                                       WHERE id = ${before} AND conversation_id = ${conversationId})`,
    );
  }
  const rows = await query.execute();
  return rows.reverse().map(toMessage);
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    recipientId: row.recipient_id,
    content: row.content,
    isRead: row.is_read,
    createdAt: row.created_at.toISOString(),
    ...(row.image_paths.length > 0 ? { imagePaths: row.image_paths } : {}),
  };
}
