import type { PostStatus } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { PostsDatabase } from './schema';

/** Whether a user liked and saved each of these posts (false for both when not, or unknown). */
export async function reactionStatus(
  db: Kysely<PostsDatabase>,
  userId: string,
  postIds: string[],
): Promise<Record<string, PostStatus>> {
  const status: Record<string, PostStatus> = {};
  for (const id of postIds) status[id] = { isLiked: false, isSaved: false };
  if (postIds.length === 0) return status;
  const { rows } = await sql<{ post_id: string; kind: 'like' | 'save' }>`
    SELECT post_id, 'like' AS kind FROM post_likes WHERE user_id = ${userId} AND post_id = ANY(${postIds}::uuid[])
    UNION ALL
    SELECT post_id, 'save' FROM saved_posts WHERE user_id = ${userId} AND post_id = ANY(${postIds}::uuid[])`.execute(
    db,
  );
  for (const row of rows) {
    const entry = status[row.post_id];
    if (!entry) continue;
    if (row.kind === 'like') entry.isLiked = true;
    else entry.isSaved = true;
  }
  return status;
}
