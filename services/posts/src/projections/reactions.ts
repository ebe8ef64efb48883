import { type EventEnvelope, PostLiked, PostSaved, PostUnliked, PostUnsaved } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { PostsDatabase } from '../db/schema';

const TARGETS = {
  [PostLiked.type]: { table: 'post_likes', counter: 'likes_count', on: true },
  [PostUnliked.type]: { table: 'post_likes', counter: 'likes_count', on: false },
  [PostSaved.type]: { table: 'saved_posts', counter: 'saves_count', on: true },
  [PostUnsaved.type]: { table: 'saved_posts', counter: 'saves_count', on: false },
} as const;

export const REACTION_EVENT_TYPES = Object.keys(TARGETS);

/**
 * A like or save (or its undoing) → the row, and the post's counter moved by the row actually
 * inserted or deleted, in one statement. So the counter always equals the rows: a repeated
 * event changes nothing, and it can never go below zero.
 */
export async function projectReaction(trx: Kysely<PostsDatabase>, event: EventEnvelope) {
  const target = TARGETS[event.type as keyof typeof TARGETS];
  if (!target) return;
  const { postId, userId } = PostLiked.schema.parse(event.data);
  const table = sql.id(target.table);
  const counter = sql.id(target.counter);
  if (target.on) {
    await sql`
      WITH added AS (
        INSERT INTO ${table} (id, user_id, post_id, created_at)
        VALUES (${event.id}, ${userId}, ${postId}, ${event.occurredAt})
        ON CONFLICT (user_id, post_id) DO NOTHING
        RETURNING post_id)
      UPDATE posts SET ${counter} = ${counter} + 1 WHERE id IN (SELECT post_id FROM added)`.execute(trx);
  } else {
    await sql`
      WITH removed AS (
        DELETE FROM ${table} WHERE user_id = ${userId} AND post_id = ${postId} RETURNING post_id)
      UPDATE posts SET ${counter} = ${counter} - 1 WHERE id IN (SELECT post_id FROM removed)`.execute(trx);
  }
}
