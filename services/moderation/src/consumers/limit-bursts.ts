import {
  CommentLimitReached,
  type EventDefinition,
  FirstMessageLimitReached,
  PostingLimitReached,
} from '@waco/contracts';
import { inboxSubscription, type Subscription } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { ModerationDatabase } from '../db/schema';

type Db = Kysely<ModerationDatabase>;

/** Which action each event tells of. */
const LIMIT_EVENTS = [
  { event: PostingLimitReached, action: 'post' },
  { event: CommentLimitReached, action: 'comment' },
  { event: FirstMessageLimitReached, action: 'first-message' },
] as const satisfies readonly { event: EventDefinition; action: string }[];

/**
 * posts' `PostingLimitReached` and `CommentLimitReached`, and messaging's
 * `FirstMessageLimitReached` → `limit_bursts`, once per event (the inbox). A durable of its own
 * (`consumer`-limits) on each of the two streams: the copies' durables keep the types they were
 * made with.
 */
export function limitBurstSubscriptions(db: Db, consumer: string): Subscription[] {
  // One subscription per producing stream: two of one durable would share its events between them.
  const producers = [...new Set(LIMIT_EVENTS.map((e) => e.event.producer))];
  return producers.map((producer) => {
    const events = LIMIT_EVENTS.filter((e) => e.event.producer === producer);
    const types = events.map((e) => e.event.type);
    return inboxSubscription(
      db,
      { consumer: `${consumer}-limits`, producer, types },
      async (envelope, trx) => {
        const known = events.find((e) => e.event.type === envelope.type);
        if (!known) return;
        const d = known.event.schema.parse(envelope.data);
        await sql`INSERT INTO limit_bursts (id, user_id, action, per, max, new_account, reached_at)
          VALUES (${envelope.id}, ${d.userId}, ${known.action}, ${d.per}, ${d.max}, ${d.newAccount}, ${d.reachedAt})
          ON CONFLICT (id) DO NOTHING`.execute(trx);
      },
    );
  });
}
