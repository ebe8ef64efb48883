import { type EventEnvelope, followChangeEvents, parseEvent } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { IdentityDatabase } from '../db/schema';

/**
 * Applies one follow event (or a deletion) to the follows table and both members' counts, in the
 * transaction that appended it: the counts change only when a row does, so they stay exact under
 * any number of concurrent follows (each count's row is locked by its update until the commit).
 * Part of the users projection, so that a rebuild replays counts and rows together.
 */
export async function projectFollowEvent(trx: Kysely<IdentityDatabase>, event: EventEnvelope) {
  const change = parseEvent(followChangeEvents, event);
  switch (change?.type) {
    case 'UserFollowed': {
      const data = change.data;
      const { rows } = await sql`
        INSERT INTO follows (follower_id, following_id, alerts, created_at)
        VALUES (${data.followerId}, ${data.followingId}, ${data.alerts}, ${data.followedAt})
        ON CONFLICT DO NOTHING RETURNING 1`.execute(trx);
      if (rows.length > 0) await count(trx, data.followerId, data.followingId, 1);
      return;
    }
    case 'UserUnfollowed': {
      const data = change.data;
      const { rows } = await sql`
        DELETE FROM follows WHERE follower_id = ${data.followerId} AND following_id = ${data.followingId}
        RETURNING 1`.execute(trx);
      if (rows.length > 0) await count(trx, data.followerId, data.followingId, -1);
      return;
    }
    case 'FollowAlertsSet': {
      const data = change.data;
      await sql`UPDATE follows SET alerts = ${data.alerts}
                WHERE follower_id = ${data.followerId} AND following_id = ${data.followingId}`.execute(trx);
      return;
    }
    case 'UserDeleted':
      await unfollowAll(trx, change.data.userId);
  }
}

/** A deleted account follows no one and has no followers: the others' counts lose it. */
async function unfollowAll(trx: Kysely<IdentityDatabase>, userId: string) {
  const { rows } = await sql<{ follower_id: string; following_id: string }>`
    DELETE FROM follows WHERE follower_id = ${userId} OR following_id = ${userId}
    RETURNING follower_id, following_id`.execute(trx);
  // In id order, as every count's update goes, so that no two commits wait on each other crosswise.
  const other = (r: { follower_id: string; following_id: string }) =>
    r.follower_id === userId ? r.following_id : r.follower_id;
  for (const row of rows.sort((a, b) => (other(a) < other(b) ? -1 : 1))) {
    if (row.follower_id === userId) await step(trx, row.following_id, 'followers_count', -1);
    else await step(trx, row.follower_id, 'following_count', -1);
  }
}

/** The follower's followingCount and the followed's followersCount, moved by `by`. */
async function count(trx: Kysely<IdentityDatabase>, followerId: string, followingId: string, by: number) {
  // Locked in id order, so that two opposite follows (A→B, B→A) never wait on each other crosswise.
  const updates = [
    { id: followerId, column: 'following_count' },
    { id: followingId, column: 'followers_count' },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const { id, column } of updates) await step(trx, id, column, by);
}

function step(trx: Kysely<IdentityDatabase>, id: string, column: string, by: number) {
  return sql`UPDATE users SET ${sql.ref(column)} = ${sql.ref(column)} + ${by} WHERE id = ${id}`.execute(trx);
}
