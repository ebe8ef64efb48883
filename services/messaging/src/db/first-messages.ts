import { FIRST_MESSAGE_LIMITS } from '@waco/contracts';
import { activityBounds } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { FirstMessageFacts } from '../domain/first-message-limits';
import type { MessagingDatabase } from './schema';
import { users } from './users';

const BOUNDS = activityBounds(FIRST_MESSAGE_LIMITS);

/** Whether the conversation has messages already: then its two members have talked. */
export async function haveTalked(db: Kysely<MessagingDatabase>, conversationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('conversation_members')
    .select('conversation_id')
    .where('conversation_id', '=', conversationId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What the limit on messaging new people decides on, from messaging's own tables: whether the
 * two have talked, the sender's standing (users) and when they lately opened a conversation
 * (its first `MessageSent` in the log).
 */
export async function firstMessageFactsOf(
  db: Kysely<MessagingDatabase>,
  senderId: string,
  conversationId: string,
  now: Date,
): Promise<FirstMessageFacts> {
  if (await haveTalked(db, conversationId)) return { talkedBefore: true };
  const since = new Date(now.getTime() - BOUNDS.sinceMs);
  const { rows } = await sql<{ at: Date }>`
    SELECT occurred_at AS at FROM events
    WHERE type = 'MessageSent' AND stream_position = 1 AND actor_id = ${senderId} AND occurred_at > ${since}
    ORDER BY occurred_at DESC LIMIT ${BOUNDS.count}`.execute(db);
  return {
    talkedBefore: false,
    activity: { standing: await users.standingOf(db, senderId), recent: rows.map((r) => r.at) },
  };
}
