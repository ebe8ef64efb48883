import { type EventEnvelope, parseEvent, UserDeleted, UserFollowed, UserUnfollowed } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { Subscription } from '../bus/event-bus';
import { inboxSubscription } from '../bus/inbox-subscription';
import { assertIdentifier } from '../db/database';

// A service's copy of identity's follow graph, fed by its events as `userDirectory` keeps users,
// so the service never asks identity while answering ("the members you follow"). Each row keeps
// the position of the event that wrote it in its pair's stream: an older event handled late
// (redelivered, or by another of several consumers) never overwrites a newer one. An unfollow
// keeps the row, following nothing. Each service keeps the table in its own schema, under its
// own name (posts: `follows_copy`, directory: `follows`), created by its own migration.

/** What changes who follows whom: a follow, an unfollow, and a deletion (its follows end both ways). */
const FOLLOW_CHANGES = [UserFollowed, UserUnfollowed, UserDeleted] as const;

/** The copy's row, for a service's kysely schema. */
export interface FollowsCopyRow {
  follower_id: string;
  following_id: string;
  following: boolean;
  position: number;
}

/**
 * The statement creating a copy's table, for the service's migration: the very text posts' and
 * directory's first migrations sent (a migration that has run never changes).
 */
export function followsCopyTable(table: string): string {
  assertIdentifier(table);
  return `
      CREATE TABLE ${table} (
        follower_id uuid NOT NULL,
        following_id uuid NOT NULL,
        following boolean NOT NULL,
        position bigint NOT NULL,
        PRIMARY KEY (follower_id, following_id)
      )`;
}

export interface FollowsCopy {
  /** The subscription to identity's events that keeps the copy, once per event through the inbox. */
  subscription<DB>(db: Kysely<DB>, consumer: string): Subscription;
}

/** The copy of who follows whom kept in the table `table` (its columns: `FollowsCopyRow`). */
export function followsCopy(table: string): FollowsCopy {
  assertIdentifier(table);
  const copy = sql.table(table);
  const record = async <DB>(db: Kysely<DB>, event: EventEnvelope) => {
    const change = parseEvent(FOLLOW_CHANGES, event);
    if (!change) return;
    if (change.type === UserDeleted.type) {
      const { userId } = change.data;
      await sql`DELETE FROM ${copy} WHERE follower_id = ${userId} OR following_id = ${userId}`.execute(db);
      return;
    }
    const { followerId, followingId } = change.data;
    await sql`
      INSERT INTO ${copy} AS c (follower_id, following_id, following, position)
      VALUES (${followerId}, ${followingId}, ${change.type === UserFollowed.type}, ${event.streamPosition})
      ON CONFLICT (follower_id, following_id) DO UPDATE
        SET following = EXCLUDED.following, position = EXCLUDED.position
        WHERE c.position < EXCLUDED.position`.execute(db);
  };
  return {
    subscription: (db, consumer) =>
      inboxSubscription(
        db,
        { consumer, producer: 'identity', types: FOLLOW_CHANGES.map((definition) => definition.type) },
        (event, trx) => record(trx, event),
      ),
  };
}
