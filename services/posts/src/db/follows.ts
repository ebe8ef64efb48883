import { type FollowsCopyRow, followsCopy, followsCopyTable, sqlMigration } from '@waco/platform';
import { type RawBuilder, sql } from 'kysely';

// Posts' copy of identity's follow graph (the platform's `followsCopy`), for the Following feed:
// as its copies of authors and of moderation's blocks, fed by the owner's events, so the feed
// never asks identity.

export interface FollowsCopyTable {
  follows_copy: FollowsCopyRow;
}

/** The copy's table (posts' migration 0008_follows). */
export const followsCopyMigration = sqlMigration(
  followsCopyTable('follows_copy'),
  `CREATE INDEX follows_copy_following_idx ON follows_copy (following_id)`,
);

/** The subscription that keeps the copy (the platform's, in `follows_copy`), once per event through the inbox. */
export const followsSubscription = followsCopy('follows_copy').subscription;

/** The condition on a post `p` of a list: its author is one the viewer follows. */
export function byFollowed(viewerId: string): RawBuilder<unknown> {
  return sql`EXISTS (SELECT 1 FROM follows_copy fc
                     WHERE fc.follower_id = ${viewerId}::uuid AND fc.following_id = p.user_id AND fc.following)`;
}
