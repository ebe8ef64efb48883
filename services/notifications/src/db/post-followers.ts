import { type MatchablePost, matchesSavedSearch, type SavedSearchCriteria } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { NotificationsDatabase } from './schema';

type FollowerTable = 'post_savers' | 'event_attendees';

/**
 * Records that a user follows a post (saved it, answered it) or no longer does, as of the
 * event's position in their (post, user) stream: an older event never overwrites a newer one.
 */
export async function recordFollower(
  db: Kysely<NotificationsDatabase>,
  table: FollowerTable,
  row: { postId: string; userId: string; active: boolean; position: number },
) {
  await sql`
    INSERT INTO ${sql.table(table)} (post_id, user_id, active, position)
    VALUES (${row.postId}, ${row.userId}, ${row.active}, ${row.position})
    ON CONFLICT (post_id, user_id) DO UPDATE SET active = EXCLUDED.active, position = EXCLUDED.position
      WHERE ${sql.table(table)}.position < EXCLUDED.position`.execute(db);
}

/** Who follows a post now: those who saved it, and those who answered it (an event). */
export async function followersOf(db: Kysely<NotificationsDatabase>, postId: string) {
  const { rows } = await sql<{ savers: string[]; attendees: string[] }>`
    SELECT array(SELECT user_id::text FROM post_savers WHERE post_id = ${postId} AND active) AS savers,
           array(SELECT user_id::text FROM event_attendees WHERE post_id = ${postId} AND active) AS attendees`.execute(
    db,
  );
  return rows[0] ?? { savers: [], attendees: [] };
}

/** A deleted post has no followers left to tell. */
export async function forgetPost(db: Kysely<NotificationsDatabase>, postId: string) {
  for (const table of ['post_savers', 'event_attendees'] as const)
    await db.deleteFrom(table).where('post_id', '=', postId).execute();
}

export async function recordSavedSearch(
  db: Kysely<NotificationsDatabase>,
  { searchId, userId, ...criteria }: SavedSearchCriteria & { searchId: string; userId: string },
) {
  await sql`
    INSERT INTO saved_searches (id, user_id, criteria) VALUES (${searchId}, ${userId}, ${JSON.stringify(criteria)})
    ON CONFLICT (id) DO NOTHING`.execute(db);
}

export async function forgetSavedSearch(db: Kysely<NotificationsDatabase>, searchId: string) {
  await db.deleteFrom('saved_searches').where('id', '=', searchId).execute();
}

/**
 * The people whose saved searches match a new post and who were not told of it yet (never its
 * owner); claims each (user, post) so that a redelivered or second match tells nobody twice.
 */
export async function claimSavedSearchMatches(
  db: Kysely<NotificationsDatabase>,
  post: MatchablePost & { postId: string; ownerId: string },
): Promise<string[]> {
  // The filters narrow in SQL; the shared rule decides (words, prices).
  const { rows: candidates } = await sql<{ user_id: string; criteria: SavedSearchCriteria }>`
    SELECT user_id, criteria FROM saved_searches
    WHERE user_id <> ${post.ownerId}
      AND coalesce(criteria->>'category', ${post.category}) = ${post.category}
      AND coalesce(criteria->>'neighborhood', ${post.neighborhood}) = ${post.neighborhood}`.execute(db);
  const users = new Set(
    candidates.filter((row) => matchesSavedSearch(row.criteria, post)).map((row) => row.user_id),
  );
  if (users.size === 0) return [];
  const { rows } = await sql<{ user_id: string }>`
    INSERT INTO saved_search_notices (user_id, post_id)
    SELECT u, ${post.postId}::uuid FROM unnest(${[...users]}::uuid[]) AS u
    ON CONFLICT DO NOTHING
    RETURNING user_id`.execute(db);
  return rows.map((r) => r.user_id);
}
