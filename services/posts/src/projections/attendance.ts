import { AttendanceSet, type EventEnvelope } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { PostsDatabase } from '../db/schema';

/**
 * `AttendanceSet` → the user's row, and the post's interested/going counts moved from the
 * previous answer (as the table had it) to the new one, in one statement.
 */
export async function projectAttendance(trx: Kysely<PostsDatabase>, event: EventEnvelope) {
  const { postId, userId, status } = AttendanceSet.schema.parse(event.data);
  await sql`
    WITH previous AS (
      SELECT status FROM event_attendance WHERE user_id = ${userId} AND post_id = ${postId}),
    saved AS (
      INSERT INTO event_attendance (id, user_id, post_id, status, created_at, updated_at)
      VALUES (${event.id}, ${userId}, ${postId}, ${status}, ${event.occurredAt}, ${event.occurredAt})
      ON CONFLICT (user_id, post_id) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at
      RETURNING post_id)
    UPDATE posts SET
      interested_count = interested_count
        + (${status} = 'interested')::int - coalesce((SELECT status = 'interested' FROM previous), false)::int,
      going_count = going_count
        + (${status} = 'going')::int - coalesce((SELECT status = 'going' FROM previous), false)::int
    WHERE id IN (SELECT post_id FROM saved)`.execute(trx);
}
