import { type HiddenPostsCopyTable, type ModerationCopyTables, moderationCopies } from '@waco/platform';
import { type Kysely, sql } from 'kysely';

// What messaging enforces of moderation's decisions, from its copy of their events:
// no message passes between two members one of whom blocked the other (their conversation stays
// readable, closed), and a suspended member cannot send.

/**
 * messaging's copy of blocks, suspensions and hidden posts (the platform's building block); a
 * hidden post is no longer shown as what a conversation is about.
 */
export const moderation = moderationCopies({ hiddenPosts: true });

export type MessagingModerationTables = ModerationCopyTables & HiddenPostsCopyTable;

/** The members who blocked `userId` or whom they blocked: their conversations are closed. */
export async function blockedPeersOf(
  db: Kysely<MessagingModerationTables>,
  userId: string,
): Promise<Set<string>> {
  const { rows } = await sql<{ peer: string }>`
    SELECT CASE WHEN blocker_id = ${userId} THEN blocked_id ELSE blocker_id END AS peer
    FROM moderation_blocks
    WHERE blocked AND (blocker_id = ${userId} OR blocked_id = ${userId})`.execute(db);
  return new Set(rows.map((r) => r.peer));
}

/** What a message's decision needs to know of moderation, gathered before it. */
export async function moderationFacts(
  db: Kysely<MessagingModerationTables>,
  senderId: string,
  recipientId: string,
) {
  return {
    blocked: await moderation.blockedBetween(db, senderId, recipientId),
    senderSuspension: (await moderation.suspensionOf(db, senderId)) ?? null,
  };
}
