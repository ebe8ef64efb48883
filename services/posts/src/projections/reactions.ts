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

type ReactionRow = { id: string; user_id: string; post_id: string; created_at: EventEnvelope['occurredAt'] };

/**
 * Likes and saves (and their undoing), in log order → the rows, and each post's counter moved
 * by the rows actually deleted and inserted. The same tables as applying them one by one, in
 * at most two statements a table: per member and post only the end of its sequence matters.
 * An undoing deletes the row; the first like after the last undoing (or the first of all, when
 * none) is the row that stands, inserted unless one is there already. So the counter always
 * equals the rows: a repeated event changes nothing, and it can never go below zero. A live
 * write passes one event; a rebuild, thousands at once.
 */
export async function projectReactions(trx: Kysely<PostsDatabase>, events: EventEnvelope[]) {
  /** Per table, per member and post: whether it was undone, and the row that stands. */
  const tables = new Map<
    string,
    { counter: string; pairs: Map<string, { undone: boolean; row?: ReactionRow }> }
  >();
  for (const event of events) {
    const target = TARGETS[event.type as keyof typeof TARGETS];
    if (!target) continue;
    const { postId, userId } = PostLiked.schema.parse(event.data);
    const { pairs } = tables.get(target.table) ?? { counter: target.counter, pairs: new Map() };
    tables.set(target.table, { counter: target.counter, pairs });
    const key = `${userId}|${postId}`;
    const pair = pairs.get(key) ?? { undone: false };
    if (!target.on) pairs.set(key, { undone: true });
    else if (!pair.row) {
      const row = { id: event.id, user_id: userId, post_id: postId, created_at: event.occurredAt };
      pairs.set(key, { undone: pair.undone, row });
    }
  }
  for (const [table, { counter, pairs }] of tables) {
    // Deleted first, then inserted: an undoing followed by a new like leaves the new like's row.
    await removeRows(
      trx,
      table,
      counter,
      [...pairs].filter(([, p]) => p.undone).map(([key]) => key),
    );
    await insertRows(
      trx,
      table,
      counter,
      [...pairs.values()].flatMap((p) => (p.row ? [p.row] : [])),
    );
  }
}

async function removeRows(trx: Kysely<PostsDatabase>, table: string, counter: string, keys: string[]) {
  if (keys.length === 0) return;
  const pairs = keys.map((key) => {
    const [user_id, post_id] = key.split('|');
    return { user_id, post_id };
  });
  await sql`
    WITH removed AS (
      DELETE FROM ${sql.id(table)} t
      USING jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS r(user_id uuid, post_id uuid)
      WHERE t.user_id = r.user_id AND t.post_id = r.post_id
      RETURNING t.post_id),
    counts AS (SELECT post_id, count(*)::int AS n FROM removed GROUP BY post_id)
    UPDATE posts SET ${sql.id(counter)} = ${sql.id(counter)} - counts.n
    FROM counts WHERE posts.id = counts.post_id`.execute(trx);
}

async function insertRows(trx: Kysely<PostsDatabase>, table: string, counter: string, rows: ReactionRow[]) {
  if (rows.length === 0) return;
  await sql`
    WITH added AS (
      INSERT INTO ${sql.id(table)} (id, user_id, post_id, created_at)
      SELECT id, user_id, post_id, created_at
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(id uuid, user_id uuid, post_id uuid, created_at timestamptz)
      ON CONFLICT (user_id, post_id) DO NOTHING
      RETURNING post_id),
    counts AS (SELECT post_id, count(*)::int AS n FROM added GROUP BY post_id)
    UPDATE posts SET ${sql.id(counter)} = ${sql.id(counter)} + counts.n
    FROM counts WHERE posts.id = counts.post_id`.execute(trx);
}
