import { DUPLICATE_POST_WINDOW_MS, duplicateKeyOf, POSTING_LIMITS } from '@waco/contracts';
import { activityBounds } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { PostingFacts } from '../domain/posting-limits';
import { authors } from './authors';
import type { PostsDatabase } from './schema';

const BOUNDS = activityBounds(POSTING_LIMITS);

/**
 * What the posting limits decide on, from posts' own tables: the member's standing (authors),
 * when they last posted (the log's `PostCreated`, so a deleted post still counts) and the words
 * of their posts of the last day (the duplicate rule; a deleted post may be posted again).
 */
export async function postingFactsOf(
  db: Kysely<PostsDatabase>,
  userId: string,
  now: Date,
): Promise<PostingFacts> {
  const since = new Date(now.getTime() - BOUNDS.sinceMs);
  const { rows: recent } = await sql<{ at: Date }>`
    SELECT occurred_at AS at FROM events
    WHERE type = 'PostCreated' AND actor_id = ${userId} AND occurred_at > ${since}
    ORDER BY occurred_at DESC LIMIT ${BOUNDS.count}`.execute(db);
  const duplicatesSince = new Date(now.getTime() - DUPLICATE_POST_WINDOW_MS);
  const { rows: posts } = await sql<{ title: string; description: string }>`
    SELECT title, description FROM posts WHERE user_id = ${userId} AND created_at > ${duplicatesSince}`.execute(
    db,
  );
  return {
    activity: { standing: await authors.standingOf(db, userId), recent: recent.map((r) => r.at) },
    recentPostKeys: new Set(posts.map(duplicateKeyOf)),
  };
}
