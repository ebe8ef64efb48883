import type { Kysely } from 'kysely';
import type { PostsDatabase } from './schema';

/** A user's answer to an event post, or null. */
export async function attendanceStatus(
  db: Kysely<PostsDatabase>,
  userId: string,
  postId: string,
): Promise<'interested' | 'going' | null> {
  const row = await db
    .selectFrom('event_attendance')
    .select('status')
    .where('user_id', '=', userId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return row?.status ?? null;
}
