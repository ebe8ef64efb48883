import { type Kysely, sql } from 'kysely';
import { visibleTo } from './moderation';
import { isoTime } from './post-view';
import type { PostsDatabase } from './schema';

/**
 * What a guest finds in the feed, less the posts of suspended members: live (active, or closed
 * in the last week: `visible_until`), not hidden by moderators. Deleted posts (and a deleted
 * account's) have no row.
 */
const LISTED = sql.join(
  [
    sql`p.visible_until > now()`,
    ...visibleTo(null),
    sql`NOT EXISTS (SELECT 1 FROM moderation_suspensions s WHERE s.user_id = p.user_id AND s.suspended)`,
  ],
  sql` AND `,
);

/** One page of the posts a sitemap lists, newest first, and how many there are in all. */
export async function sitemapPosts(
  db: Kysely<PostsDatabase>,
  page: { limit: number; offset: number },
): Promise<{ total: number; posts: Array<{ id: string; updatedAt: string }> }> {
  const [count, rows] = await Promise.all([
    sql<{ total: number }>`SELECT count(*)::int AS total FROM posts p WHERE ${LISTED}`.execute(db),
    sql<{ id: string; updatedAt: string }>`
      SELECT p.id, ${isoTime('p.updated_at')} AS "updatedAt" FROM posts p WHERE ${LISTED}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
  ]);
  return { total: count.rows[0]?.total ?? 0, posts: rows.rows };
}
