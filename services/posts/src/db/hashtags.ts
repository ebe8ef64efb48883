import {
  type Hashtag,
  POPULAR_HASHTAGS_COUNT,
  POPULAR_HASHTAGS_DAYS,
  POPULAR_TAGS,
  type PopularHashtags,
} from '@waco/contracts';
import { groupVisibleTo } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { PostsDatabase } from './schema';

/**
 * A tag and how many posts carry it now; a tag never used reads as used by none. Posts of
 * private groups are not counted: the count is public, and would tell of posts (and groups) that
 * only their members may know of. They are few, so they are counted at reading.
 */
export async function findHashtag(db: Kysely<PostsDatabase>, name: string): Promise<Hashtag> {
  const { rows } = await sql<{ usage_count: number; created_at: Date }>`
    SELECT h.created_at, h.usage_count - (
        SELECT count(*)::int FROM post_hashtags ph JOIN posts p ON p.id = ph.post_id
        WHERE ph.hashtag_id = h.id AND p.group_id IS NOT NULL AND NOT ${groupVisibleTo(null)}
      ) AS usage_count
    FROM hashtags h WHERE h.name = ${name}`.execute(db);
  const row = rows[0];
  return {
    name,
    usageCount: row?.usage_count ?? 0,
    createdAt: row ? new Date(row.created_at).toISOString() : null,
  };
}

/**
 * The Popular Tags: the tags most put on posts in the last 30 days (posts moderators hid left
 * out, and a private group's: their words are its members'), most used first, ties by name;
 * while fewer than six were, the spec's six fill the rest.
 */
export async function popularHashtags(db: Kysely<PostsDatabase>): Promise<PopularHashtags> {
  const { rows } = await sql<{ name: string; recent_posts: number }>`
    SELECT h.name, count(*)::int AS recent_posts
    FROM post_hashtags ph JOIN hashtags h ON h.id = ph.hashtag_id
    WHERE ph.created_at > now() - make_interval(days => ${POPULAR_HASHTAGS_DAYS})
      AND NOT EXISTS (SELECT 1 FROM moderation_hidden_posts m WHERE m.post_id = ph.post_id AND m.hidden)
      AND EXISTS (SELECT 1 FROM posts p WHERE p.id = ph.post_id AND ${groupVisibleTo(null)})
    GROUP BY h.name
    ORDER BY recent_posts DESC, h.name
    LIMIT ${POPULAR_HASHTAGS_COUNT}`.execute(db);
  const tags = rows.map((r) => ({ name: r.name, recentPosts: r.recent_posts }));
  for (const fixed of POPULAR_TAGS) {
    if (tags.length >= POPULAR_HASHTAGS_COUNT) break;
    const name = fixed.slice(1);
    if (!tags.some((t) => t.name === name)) tags.push({ name, recentPosts: 0 });
  }
  return { tags };
}
