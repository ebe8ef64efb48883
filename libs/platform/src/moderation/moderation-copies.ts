import {
  type EventEnvelope,
  PostHiddenByModerators,
  PostRestoredByModerators,
  suspendedMessage,
  UserBlocked,
  UserReinstated,
  UserSuspended,
  UserUnblocked,
} from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Subscription } from '../bus/event-bus';
import { idempotentHandler } from '../bus/inbox';
import { RuleBroken } from '../events/rule-broken';

// A service's copy of what moderation decided and the service enforces itself (issue 16): who
// blocked whom, who is suspended, and (for posts) which posts moderators hid. Kept from
// moderation's events, as `userDirectory` keeps users: the service never asks moderation while
// answering a request. Each row remembers the position of the event that wrote it in its stream
// (a pair's blocks, a member's standing, a post's reports: one stream each), so an older event
// handled late (redelivered, or by another of several consumers) never overwrites a newer one.

/** The tables of the copy, for a service's kysely schema. */
export interface ModerationCopyTables {
  moderation_blocks: {
    blocker_id: string;
    blocked_id: string;
    blocked: boolean;
    position: number;
  };
  moderation_suspensions: {
    user_id: string;
    suspended: boolean;
    note: string | null;
    position: number;
  };
}
export interface HiddenPostsCopyTable {
  moderation_hidden_posts: {
    post_id: string;
    hidden: boolean;
    note: string | null;
    position: number;
  };
}

export interface ModerationCopies {
  /** Creates the copy's tables (a migration of its own in each service). */
  readonly migration: Migration;
  /** moderation's events the copy is made of. */
  readonly types: readonly string[];
  /** The subscription to moderation's events, once per event through the inbox. */
  subscription<DB>(db: Kysely<DB>, consumer: string): Subscription;
  /** Applies one of moderation's events (others are ignored); for a service's own subscription. */
  record<DB>(db: Kysely<DB>, event: EventEnvelope): Promise<void>;
  /** The member's suspension, or undefined when they are not suspended. */
  suspensionOf<DB>(db: Kysely<DB>, userId: string): Promise<{ note: string | null } | undefined>;
  /** Throws the 403 a suspended member gets, telling them why. */
  refuseIfSuspended<DB>(db: Kysely<DB>, userId: string): Promise<void>;
  /** True when either of the two blocked the other. */
  blockedBetween<DB>(db: Kysely<DB>, a: string, b: string): Promise<boolean>;
  /** True when `blockerId` blocked `blockedId` (one way). */
  hasBlocked<DB>(db: Kysely<DB>, blockerId: string, blockedId: string): Promise<boolean>;
}

/** The building block; `hiddenPosts` adds the copy of hidden posts (posts' own concern). */
export function moderationCopies(options: { hiddenPosts?: boolean } = {}): ModerationCopies {
  const types = [
    UserBlocked.type,
    UserUnblocked.type,
    UserSuspended.type,
    UserReinstated.type,
    ...(options.hiddenPosts ? [PostHiddenByModerators.type, PostRestoredByModerators.type] : []),
  ];
  const copies: ModerationCopies = {
    types,
    migration: {
      async up(db: Kysely<unknown>) {
        await sql`
          CREATE TABLE IF NOT EXISTS moderation_blocks (
            blocker_id uuid NOT NULL,
            blocked_id uuid NOT NULL,
            blocked boolean NOT NULL,
            position bigint NOT NULL,
            PRIMARY KEY (blocker_id, blocked_id)
          )`.execute(db);
        // "Did either block the other?" reads the pair both ways.
        await sql`
          CREATE INDEX IF NOT EXISTS moderation_blocks_blocked_idx
            ON moderation_blocks (blocked_id, blocker_id) WHERE blocked`.execute(db);
        await sql`
          CREATE TABLE IF NOT EXISTS moderation_suspensions (
            user_id uuid PRIMARY KEY,
            suspended boolean NOT NULL,
            note text,
            position bigint NOT NULL
          )`.execute(db);
        if (options.hiddenPosts) {
          await sql`
            CREATE TABLE IF NOT EXISTS moderation_hidden_posts (
              post_id uuid PRIMARY KEY,
              hidden boolean NOT NULL,
              note text,
              position bigint NOT NULL
            )`.execute(db);
        }
      },
    },

    subscription(db, consumer) {
      return {
        consumer,
        producer: 'moderation',
        types,
        handle: idempotentHandler(db, consumer, (event, trx) => copies.record(trx, event)),
      };
    },

    async record(db, event) {
      const position = event.streamPosition;
      if (event.type === UserBlocked.type || event.type === UserUnblocked.type) {
        const data =
          event.type === UserBlocked.type
            ? UserBlocked.schema.parse(event.data)
            : UserUnblocked.schema.parse(event.data);
        await sql`
          INSERT INTO moderation_blocks AS b (blocker_id, blocked_id, blocked, position)
          VALUES (${data.blockerId}, ${data.blockedId}, ${event.type === UserBlocked.type}, ${position})
          ON CONFLICT (blocker_id, blocked_id) DO UPDATE
            SET blocked = EXCLUDED.blocked, position = EXCLUDED.position
            WHERE b.position < EXCLUDED.position`.execute(db);
      } else if (event.type === UserSuspended.type || event.type === UserReinstated.type) {
        const suspended = event.type === UserSuspended.type;
        const data = suspended
          ? UserSuspended.schema.parse(event.data)
          : UserReinstated.schema.parse(event.data);
        const note = 'note' in data ? data.note : null;
        await sql`
          INSERT INTO moderation_suspensions AS s (user_id, suspended, note, position)
          VALUES (${data.userId}, ${suspended}, ${note}, ${position})
          ON CONFLICT (user_id) DO UPDATE
            SET suspended = EXCLUDED.suspended, note = EXCLUDED.note, position = EXCLUDED.position
            WHERE s.position < EXCLUDED.position`.execute(db);
      } else if (
        options.hiddenPosts &&
        (event.type === PostHiddenByModerators.type || event.type === PostRestoredByModerators.type)
      ) {
        const hidden = event.type === PostHiddenByModerators.type;
        const data = hidden
          ? PostHiddenByModerators.schema.parse(event.data)
          : PostRestoredByModerators.schema.parse(event.data);
        const note = 'note' in data ? data.note : null;
        await sql`
          INSERT INTO moderation_hidden_posts AS h (post_id, hidden, note, position)
          VALUES (${data.postId}, ${hidden}, ${note}, ${position})
          ON CONFLICT (post_id) DO UPDATE
            SET hidden = EXCLUDED.hidden, note = EXCLUDED.note, position = EXCLUDED.position
            WHERE h.position < EXCLUDED.position`.execute(db);
      }
    },

    async suspensionOf(db, userId) {
      const { rows } = await sql<{ note: string | null }>`
        SELECT note FROM moderation_suspensions WHERE user_id = ${userId} AND suspended`.execute(db);
      return rows[0];
    },

    async refuseIfSuspended(db, userId) {
      const suspension = await copies.suspensionOf(db, userId);
      if (suspension) throw new RuleBroken(suspendedMessage(suspension.note), { status: 403 });
    },

    async blockedBetween(db, a, b) {
      const { rows } = await sql`
        SELECT 1 FROM moderation_blocks
        WHERE blocked AND ((blocker_id = ${a} AND blocked_id = ${b}) OR (blocker_id = ${b} AND blocked_id = ${a}))
        LIMIT 1`.execute(db);
      return rows.length > 0;
    },

    async hasBlocked(db, blockerId, blockedId) {
      const { rows } = await sql`
        SELECT 1 FROM moderation_blocks
        WHERE blocked AND blocker_id = ${blockerId} AND blocked_id = ${blockedId}`.execute(db);
      return rows.length > 0;
    },
  };
  return copies;
}
