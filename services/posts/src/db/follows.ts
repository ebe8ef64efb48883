import { type EventEnvelope, UserDeleted, UserFollowed, UserUnfollowed } from '@waco/contracts';
import { inboxSubscription, type Subscription, sqlMigration } from '@waco/platform';
import { type Kysely, type RawBuilder, sql } from 'kysely';

// Posts' copy of identity's follow graph, for the Following feed: as its copies of authors and of
// moderation's blocks, fed by the owner's events, so the feed never asks identity. Each row keeps
// the position of the event that wrote it in its pair's stream: an older event handled late
// (redelivered, or by another of several consumers) never overwrites a newer one.

export interface FollowsCopyTable {
  follows_copy: {
    follower_id: string;
    following_id: string;
    following: boolean;
    position: number;
  };
}

/** The copy's table (posts' migration 0008_follows). */
export const followsCopyMigration = sqlMigration(
  `
      CREATE TABLE follows_copy (
        follower_id uuid NOT NULL,
        following_id uuid NOT NULL,
        following boolean NOT NULL,
        position bigint NOT NULL,
        PRIMARY KEY (follower_id, following_id)
      )`,
  `CREATE INDEX follows_copy_following_idx ON follows_copy (following_id)`,
);

const TYPES = [UserFollowed.type, UserUnfollowed.type, UserDeleted.type];

/** Applies one of identity's follow events (or a deletion, which ends its follows both ways). */
export async function recordFollow<DB>(db: Kysely<DB>, event: EventEnvelope) {
  if (event.type === UserDeleted.type) {
    const { userId } = UserDeleted.schema.parse(event.data);
    await sql`DELETE FROM follows_copy WHERE follower_id = ${userId} OR following_id = ${userId}`.execute(db);
    return;
  }
  const following = event.type === UserFollowed.type;
  if (!following && event.type !== UserUnfollowed.type) return;
  const { followerId, followingId } = (following ? UserFollowed : UserUnfollowed).schema.parse(event.data);
  await sql`
    INSERT INTO follows_copy AS c (follower_id, following_id, following, position)
    VALUES (${followerId}, ${followingId}, ${following}, ${event.streamPosition})
    ON CONFLICT (follower_id, following_id) DO UPDATE
      SET following = EXCLUDED.following, position = EXCLUDED.position
      WHERE c.position < EXCLUDED.position`.execute(db);
}

/** The subscription that keeps the copy, once per event through the inbox. */
export function followsSubscription<DB>(db: Kysely<DB>, consumer: string): Subscription {
  return inboxSubscription(db, { consumer, producer: 'identity', types: TYPES }, (event, trx) =>
    recordFollow(trx, event),
  );
}

/** The condition on a post `p` of a list: its author is one the viewer follows. */
export function byFollowed(viewerId: string): RawBuilder<unknown> {
  return sql`EXISTS (SELECT 1 FROM follows_copy fc
                     WHERE fc.follower_id = ${viewerId}::uuid AND fc.following_id = p.user_id AND fc.following)`;
}
