import { type Kysely, sql } from 'kysely';
import type { NotificationsDatabase } from './schema';

/** Titles read ahead for a batch's transaction (`learnTitles`), so its events need no query each. */
const learned = new WeakMap<Kysely<NotificationsDatabase>, Map<string, string>>();

/** Keeps a post's title (its `PostCreated`, or an edit of the title). */
export async function recordTitle(
  trx: Kysely<NotificationsDatabase>,
  post: { postId: string; ownerId: string },
  text: string,
) {
  await sql`
    INSERT INTO post_titles (post_id, owner_id, title) VALUES (${post.postId}, ${post.ownerId}, ${text})
    ON CONFLICT (post_id) DO UPDATE SET title = EXCLUDED.title`.execute(trx);
  learned.get(trx)?.set(post.postId, text);
}

/** Reads the titles of these posts in one query, for `titleOf` in the same transaction. */
export async function learnTitles(trx: Kysely<NotificationsDatabase>, postIds: Array<string | undefined>) {
  const ids = [...new Set(postIds.filter((id): id is string => typeof id === 'string'))];
  const { rows } = ids.length
    ? await sql<{ post_id: string; title: string }>`
        SELECT post_id::text, title FROM post_titles WHERE post_id = ANY(${ids}::uuid[])`.execute(trx)
    : { rows: [] };
  learned.set(trx, new Map(rows.map((r) => [r.post_id, r.title])));
}

/** A post's title, or undefined when notifications has none (its owner's account was deleted). */
export async function titleOf(
  trx: Kysely<NotificationsDatabase>,
  postId: string,
): Promise<string | undefined> {
  const hit = learned.get(trx)?.get(postId);
  if (hit !== undefined) return hit;
  const { rows } = await sql<{
    title: string;
  }>`SELECT title FROM post_titles WHERE post_id = ${postId}`.execute(trx);
  return rows[0]?.title;
}

/** A deleted post's title goes. */
export async function forgetTitle(trx: Kysely<NotificationsDatabase>, postId: string) {
  await sql`DELETE FROM post_titles WHERE post_id = ${postId}`.execute(trx);
  learned.get(trx)?.delete(postId);
}
