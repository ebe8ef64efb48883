import { type Kysely, sql } from 'kysely';
import type { NotificationsDatabase } from './schema';

/**
 * A message at `position` in its conversation's stream: the recipient has one more message,
 * unless they have already read past it (events may be handled out of order); writing it means
 * the sender has read the conversation up to it, and their message notifications of it with.
 * Answers the sender's name parts and whether the recipient has read past it already.
 */
export async function recordMessage(
  db: Kysely<NotificationsDatabase>,
  message: { senderId: string; recipientId: string; conversationId: string; position: number },
): Promise<{ firstName: string | null; lastName: string | null; alreadyRead: boolean }> {
  const { senderId, recipientId, conversationId, position } = message;
  // One statement, one round trip: this runs for every message.
  const { rows } = await sql<{ first_name: string | null; last_name: string | null; already_read: boolean }>`
    WITH recipient_read AS (
      SELECT coalesce(max(read_position), 0) AS read_position FROM conversation_reads
      WHERE user_id = ${recipientId} AND conversation_id = ${conversationId}
    ), received AS (
      INSERT INTO conversation_inbox (user_id, conversation_id, position)
      SELECT ${recipientId}, ${conversationId}, ${position} FROM recipient_read WHERE read_position < ${position}
      ON CONFLICT DO NOTHING
    ), ${readUpTo({ readerId: senderId, conversationId, position })}
    SELECT u.first_name, u.last_name, r.read_position >= ${position} AS already_read
    FROM recipient_read r LEFT JOIN users u ON u.id = ${senderId}`.execute(db);
  const row = rows[0];
  return {
    firstName: row?.first_name ?? null,
    lastName: row?.last_name ?? null,
    alreadyRead: row?.already_read ?? false,
  };
}

/** The reader has read the conversation up to `position`: its messages and their notifications. */
export async function recordRead(
  db: Kysely<NotificationsDatabase>,
  read: { readerId: string; conversationId: string; position: number },
) {
  await sql`WITH ${readUpTo(read)} SELECT 1`.execute(db);
}

/**
 * The common table expressions that record a read up to `position`: the read mark moves forward
 * (never back), the inbox forgets what it covers, and the reader's message notifications of it
 * are read.
 */
function readUpTo({
  readerId,
  conversationId,
  position,
}: {
  readerId: string;
  conversationId: string;
  position: number;
}) {
  return sql`read_mark AS (
      INSERT INTO conversation_reads (user_id, conversation_id, read_position)
      VALUES (${readerId}, ${conversationId}, ${position})
      ON CONFLICT (user_id, conversation_id)
        DO UPDATE SET read_position = greatest(conversation_reads.read_position, EXCLUDED.read_position)
    ), read_inbox AS (
      DELETE FROM conversation_inbox
      WHERE user_id = ${readerId} AND conversation_id = ${conversationId} AND position <= ${position}
    ), read_notifications AS (
      UPDATE notifications SET is_read = true
      WHERE user_id = ${readerId} AND type = 'message' AND related_id = ${conversationId}
        AND related_position <= ${position} AND NOT is_read
    )`;
}
