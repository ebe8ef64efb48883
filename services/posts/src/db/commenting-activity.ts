import { COMMENT_LIMITS } from '@waco/contracts';
import { activityBounds, type MemberActivity } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import { authors } from './authors';
import type { PostsDatabase } from './schema';

const BOUNDS = activityBounds(COMMENT_LIMITS);

/**
 * What the commenting limits decide on, from posts' own tables: the member's standing (authors)
 * and when they commented lately. The log's `CommentAdded` is counted, not the comments table:
 * a deleted comment leaves the table (when no reply hangs from it), and deleting to comment again
 * must not reset the count.
 */
export async function commentingActivityOf(
  db: Kysely<PostsDatabase>,
  userId: string,
  now: Date,
): Promise<MemberActivity> {
  const since = new Date(now.getTime() - BOUNDS.sinceMs);
  const { rows } = await sql<{ at: Date }>`
    SELECT occurred_at AS at FROM events
    WHERE type = 'CommentAdded' AND actor_id = ${userId} AND occurred_at > ${since}
    ORDER BY occurred_at DESC LIMIT ${BOUNDS.count}`.execute(db);
  return { standing: await authors.standingOf(db, userId), recent: rows.map((r) => r.at) };
}
