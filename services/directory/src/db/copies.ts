import { type EventEnvelope, ModeratorGranted, ModeratorRevoked, parseEvent } from '@waco/contracts';
import { followsCopy, idempotentHandler, type Subscription } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import { moderation } from './moderation';
import type { DirectoryDatabase } from './schema';

// directory's copies of what other services decide and it enforces: the moderator role
// (moderation's events: who verifies claims and takes businesses down) and follows (identity's:
// "recommended by N neighbours you follow"). Each row keeps the position of the event that wrote
// it in its stream, so an older event handled late never overwrites a newer one.

type Db = Kysely<DirectoryDatabase>;

const ROLE_EVENTS = [ModeratorGranted, ModeratorRevoked] as const;

/**
 * moderation's events → the copies of blocks and suspensions (the platform's) and of the
 * moderator role, once per event through the inbox; and its word on a business or a review
 * (hidden, shown again) to `onHiding`, in the inbox's transaction.
 */
export function moderationSubscription(
  db: Db,
  consumer: string,
  hiding: { types: readonly string[]; onHiding(trx: Db, event: EventEnvelope): Promise<void> },
): Subscription {
  return {
    consumer,
    producer: 'moderation',
    types: [...moderation.types, ...ROLE_EVENTS.map((e) => e.type), ...hiding.types],
    handle: idempotentHandler(db, consumer, async (event, trx) => {
      await moderation.record(trx, event);
      await recordRole(trx, event);
      if (hiding.types.includes(event.type)) await hiding.onHiding(trx, event);
    }),
  };
}

async function recordRole(trx: Db, event: EventEnvelope) {
  const change = parseEvent(ROLE_EVENTS, event);
  if (!change) return;
  await sql`
    INSERT INTO moderator_roles AS r (user_id, moderator, position)
    VALUES (${change.data.userId}, ${change.type === ModeratorGranted.type}, ${event.streamPosition})
    ON CONFLICT (user_id) DO UPDATE SET moderator = EXCLUDED.moderator, position = EXCLUDED.position
      WHERE r.position < EXCLUDED.position`.execute(trx);
}

/** Whether the member holds the moderator role, as moderation's events say. */
export async function isModerator(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('moderator_roles')
    .select('moderator')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.moderator === true;
}

/** identity's follow events → `follows` (the platform's copy); a deleted account's follows end with it. */
export const follows = followsCopy('follows');
