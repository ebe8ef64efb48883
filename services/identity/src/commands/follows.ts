import type { FollowStatus } from '@waco/contracts';
import { type EventMetadata, handleCommand, inTransaction, notFound } from '@waco/platform';
import type { Kysely } from 'kysely';
import { followOf, followsBetween } from '../db/follows';
import { moderation } from '../db/moderation';
import type { IdentityDatabase } from '../db/schema';
import { findUserById } from '../db/users';
import { followDecider } from '../domain/follows';
import { followStream } from '../domain/streams';
import type { IdentityDeps } from './deps';

export const USER_NOT_FOUND = 'User not found';

/**
 * The follower follows the member (or, following already, sets the follow's alerts). The facts
 * the decision needs (that the member exists, the follower's suspension, a block between the two)
 * are read in the command's transaction; the counts change in the same commit.
 */
export async function follow(
  deps: IdentityDeps,
  followerId: string,
  followingId: string,
  alerts: boolean | undefined,
): Promise<FollowStatus> {
  await handleCommand(
    deps.events,
    followStream(followerId, followingId),
    followDecider,
    async (db) => {
      if (!(await findUserById(db, followingId))) throw notFound(USER_NOT_FOUND);
      return {
        type: 'follow' as const,
        followerId,
        followingId,
        alerts,
        now: deps.now(),
        suspension: (await moderation.suspensionOf(db, followerId)) ?? null,
        blocked: await moderation.blockedBetween(db, followerId, followingId),
      };
    },
    { actorId: followerId },
  );
  return followStatus(deps.db, followerId, followingId);
}

/** The follower stops following the member; nothing happens when they did not. */
export async function unfollow(deps: IdentityDeps, followerId: string, followingId: string) {
  await handleCommand(
    deps.events,
    followStream(followerId, followingId),
    followDecider,
    { type: 'unfollow', followerId, followingId, now: deps.now(), reason: 'unfollowed' },
    { actorId: followerId },
  );
  return followStatus(deps.db, followerId, followingId);
}

/**
 * A block ends the follows between the two, both ways, in the transaction that records the block
 * (the consumer's inbox transaction): redelivered, the block is in the inbox and nothing repeats.
 */
export async function endFollowsBetween(
  deps: IdentityDeps,
  trx: Kysely<IdentityDatabase>,
  block: { blockerId: string; blockedId: string },
  metadata: EventMetadata,
) {
  const [a, b] = [block.blockerId, block.blockedId];
  for (const [followerId, followingId] of await followsBetween(trx, a, b)) {
    await handleCommand(
      inTransaction(deps.events, trx),
      followStream(followerId, followingId),
      followDecider,
      { type: 'unfollow', followerId, followingId, now: deps.now(), reason: 'blocked' },
      metadata,
    );
  }
}

/** Whether the viewer follows the member (and its alerts), with the member's counts: 404 when none. */
export async function followStatus(
  db: Kysely<IdentityDatabase>,
  viewerId: string,
  userId: string,
): Promise<FollowStatus> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  const follow = await followOf(db, viewerId, userId);
  return {
    userId,
    following: follow !== undefined,
    alerts: follow?.alerts ?? false,
    followersCount: user.followers_count,
    followingCount: user.following_count,
  };
}
