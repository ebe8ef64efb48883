import { type EventDefinition, FirstMessageLimitReached, PostingLimitReached } from '@waco/contracts';
import { idempotentHandler, type Subscription } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { ModerationDatabase } from '../db/schema';

type Db = Kysely<ModerationDatabase>;

/** Which action each event tells of. */
const LIMIT_EVENTS = [
  { event: PostingLimitReached, action: 'post' },
  { event: FirstMessageLimitReached, action: 'first-message' },
] as const satisfies readonly { event: EventDefinition; action: string }[];

/**
 * posts' `PostingLimitReached` and messaging's `FirstMessageLimitReached` → `limit_bursts`, once
 * per event (the inbox). A durable of its own (`consumer`-limits) on each of the two streams: the
 * copies' durables keep the types they were made with.
 */
export const limitBurstSubscriptions = (db: Db, consumer: string): Subscription[] =>
  LIMIT_EVENTS.map(({ event, action }) => ({
    consumer: `${consumer}-limits`,
    producer: event.producer,
    types: [event.type],
    handle: idempotentHandler(db, `${consumer}-limits`, async (envelope, trx) => {
      const d = event.schema.parse(envelope.data);
      await sql`INSERT INTO limit_bursts (id, user_id, action, per, max, new_account, reached_at)
        VALUES (${envelope.id}, ${d.userId}, ${action}, ${d.per}, ${d.max}, ${d.newAccount}, ${d.reachedAt})
        ON CONFLICT (id) DO NOTHING`.execute(trx);
    }),
  }));
