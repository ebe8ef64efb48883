import {
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  CommentLiked,
  CommentUnliked,
  type EventEnvelope,
} from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { PostsDatabase } from '../db/schema';

type Db = Kysely<PostsDatabase>;

/**
 * A comment added, edited or deleted, or liked and unliked → `comments`, `comment_likes` and the
 * post's `comments_count`, each counter moved by the rows actually written, in one statement: a
 * repeated event changes nothing, and the counts always equal the rows.
 */
async function projectAdded(trx: Db, event: EventEnvelope) {
  const d = CommentAdded.schema.parse(event.data);
  await sql`
    WITH added AS (
      INSERT INTO comments (id, post_id, user_id, parent_id, depth, content, mentions, created_at, updated_at)
      VALUES (${d.commentId}, ${d.postId}, ${d.userId}, ${d.parentId}, ${d.depth}, ${d.content},
              ${JSON.stringify(d.mentions)}, ${event.occurredAt}, ${event.occurredAt})
      ON CONFLICT (id) DO NOTHING
      RETURNING post_id)
    UPDATE posts SET comments_count = comments_count + 1 WHERE id IN (SELECT post_id FROM added)`.execute(
    trx,
  );
}

async function projectEdited(trx: Db, event: EventEnvelope) {
  const d = CommentEdited.schema.parse(event.data);
  await trx
    .updateTable('comments')
    .set({
      content: d.content,
      mentions: JSON.stringify(d.mentions),
      edited_at: event.occurredAt,
      updated_at: event.occurredAt,
    })
    .where('id', '=', d.commentId)
    .where('deleted', '=', false)
    .execute();
}

/**
 * A deleted comment leaves the count and loses its text and likes. Its row stays, marked deleted,
 * while replies hang from it ("Comment deleted"); without replies it goes, and so does each
 * deleted parent above it that it alone was keeping.
 */
async function projectDeleted(trx: Db, event: EventEnvelope) {
  const { commentId, postId } = CommentDeleted.schema.parse(event.data);
  const { rows } = await sql<{ id: string }>`
    UPDATE comments SET deleted = true, content = '', mentions = '[]', likes_count = 0, updated_at = ${event.occurredAt}
    WHERE id = ${commentId} AND NOT deleted RETURNING id`.execute(trx);
  if (rows.length === 0) return;
  await sql`UPDATE posts SET comments_count = comments_count - 1 WHERE id = ${postId}`.execute(trx);
  await trx.deleteFrom('comment_likes').where('comment_id', '=', commentId).execute();
  let id: string | null = commentId;
  while (id) {
    const { rows: gone } = await sql<{ parent_id: string | null }>`
      DELETE FROM comments c WHERE c.id = ${id} AND c.deleted
        AND NOT EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = c.id)
      RETURNING c.parent_id`.execute(trx);
    id = gone[0]?.parent_id ?? null;
  }
}

async function projectLike(trx: Db, event: EventEnvelope, on: boolean) {
  const { commentId, userId, postId } = CommentLiked.schema.parse(event.data);
  if (on) {
    await sql`
      WITH added AS (
        INSERT INTO comment_likes (id, user_id, comment_id, post_id, created_at)
        SELECT ${event.id}, ${userId}, ${commentId}, ${postId}, ${event.occurredAt}
        WHERE EXISTS (SELECT 1 FROM comments WHERE id = ${commentId} AND NOT deleted)
        ON CONFLICT (user_id, comment_id) DO NOTHING
        RETURNING comment_id)
      UPDATE comments SET likes_count = likes_count + 1 WHERE id IN (SELECT comment_id FROM added)`.execute(
      trx,
    );
  } else {
    await sql`
      WITH removed AS (
        DELETE FROM comment_likes WHERE user_id = ${userId} AND comment_id = ${commentId} RETURNING comment_id)
      UPDATE comments SET likes_count = likes_count - 1 WHERE id IN (SELECT comment_id FROM removed)`.execute(
      trx,
    );
  }
}

const PROJECTORS: Record<string, (trx: Db, event: EventEnvelope) => Promise<void>> = {
  [CommentAdded.type]: projectAdded,
  [CommentEdited.type]: projectEdited,
  [CommentDeleted.type]: projectDeleted,
  [CommentLiked.type]: (trx, event) => projectLike(trx, event, true),
  [CommentUnliked.type]: (trx, event) => projectLike(trx, event, false),
};

/** Projects a comment event; answers false for any other event. */
export async function projectComment(trx: Db, event: EventEnvelope): Promise<boolean> {
  const project = PROJECTORS[event.type];
  if (!project) return false;
  await project(trx, event);
  return true;
}
