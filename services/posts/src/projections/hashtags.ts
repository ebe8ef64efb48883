import { type Kysely, sql } from 'kysely';
import type { PostsDatabase } from '../db/schema';

/**
 * Brings `hashtags` and `post_hashtags` in line with the `hashtags` column of these posts (as
 * they now are; a deleted post's row is gone, so its tags leave): a tag new to the site gets its
 * row, each tag a post gained or lost moves its `usage_count` by one, counted from the rows
 * actually written, so a count always equals its rows. Set-based, so a rebuild's batch of
 * created posts is a few statements. Concurrent posts lock the tags they touch in id order, and
 * insert new ones in the same order, so two posts with the same tags queue instead of deadlocking.
 */
export async function syncPostHashtags(
  trx: Kysely<PostsDatabase>,
  postIds: readonly string[],
  { created = false }: { created?: boolean } = {},
) {
  if (postIds.length === 0) return;
  const ids = sql`${[...postIds]}::uuid[]`;
  const wanted = sql`
    SELECT p.id AS post_id, t.name, md5(t.name)::uuid AS hashtag_id, p.updated_at AS at
    FROM posts p CROSS JOIN unnest(p.hashtags) t(name) WHERE p.id = ANY(${ids})`;
  await sql`
    INSERT INTO hashtags (id, name, usage_count, created_at)
    SELECT hashtag_id, name, 0, min(at) FROM (${wanted}) w GROUP BY hashtag_id, name ORDER BY hashtag_id
    ON CONFLICT DO NOTHING`.execute(trx);
  // Posts just created (`created`) have no tag rows yet: none to lock for, none to remove.
  const had = created ? sql`` : sql`UNION SELECT hashtag_id FROM post_hashtags WHERE post_id = ANY(${ids})`;
  await sql`
    SELECT id FROM hashtags WHERE id IN (SELECT hashtag_id FROM (${wanted}) w ${had})
    ORDER BY id FOR UPDATE`.execute(trx);
  if (!created)
    await sql`
    WITH gone AS (
      DELETE FROM post_hashtags ph
      WHERE ph.post_id = ANY(${ids})
        AND NOT EXISTS (SELECT 1 FROM (${wanted}) w WHERE w.post_id = ph.post_id AND w.hashtag_id = ph.hashtag_id)
      RETURNING ph.hashtag_id)
    UPDATE hashtags h SET usage_count = h.usage_count - g.n
    FROM (SELECT hashtag_id, count(*)::int AS n FROM gone GROUP BY hashtag_id) g
    WHERE h.id = g.hashtag_id`.execute(trx);
  await sql`
    WITH added AS (
      INSERT INTO post_hashtags (id, post_id, hashtag_id, created_at)
      SELECT md5(w.post_id::text || '#' || w.name)::uuid, w.post_id, w.hashtag_id, w.at FROM (${wanted}) w
      ON CONFLICT (post_id, hashtag_id) DO NOTHING
      RETURNING hashtag_id)
    UPDATE hashtags h SET usage_count = h.usage_count + a.n
    FROM (SELECT hashtag_id, count(*)::int AS n FROM added GROUP BY hashtag_id) a
    WHERE h.id = a.hashtag_id`.execute(trx);
}
