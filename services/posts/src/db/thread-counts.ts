import { type Kysely, sql } from 'kysely';
import type { PostsDatabase } from './schema';

type Db = Kysely<PostsDatabase>;

/** The posts' `commentsCount`, by id (a post that is gone is left out). */
export async function commentCounts(db: Db, postIds: readonly string[]): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const { rows } = await sql<{ id: string; comments_count: number }>`
    SELECT id, comments_count FROM posts WHERE id = ANY(${[...postIds]}::uuid[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r.comments_count]));
}

/** The posts the comments are on (a comment whose row is gone is left out). */
export async function postsOfComments(db: Db, commentIds: readonly string[]): Promise<string[]> {
  if (commentIds.length === 0) return [];
  const { rows } = await sql<{ post_id: string }>`
    SELECT DISTINCT post_id FROM comments WHERE id = ANY(${[...commentIds]}::uuid[])`.execute(db);
  return rows.map((r) => r.post_id);
}
