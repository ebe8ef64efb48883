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

/** Who follows a post now. */
export async function followersOf(
  db: Kysely<NotificationsDatabase>,
  table: FollowerTable,
  postId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom(table)
    .select('user_id')
    .where('post_id', '=', postId)
    .where('active', '=', true)
    .execute();
  return rows.map((r) => r.user_id);
}

/** A deleted post has no followers left to tell. */
export async function forgetPost(db: Kysely<NotificationsDatabase>, postId: string) {
  await db.deleteFrom('post_savers').where('post_id', '=', postId).execute();
  await db.deleteFrom('event_attendees').where('post_id', '=', postId).execute();
}

export async function recordSavedSearch(
  db: Kysely<NotificationsDatabase>,
  search: SavedSearchCriteria & { searchId: string; userId: string },
) {
  await db
    .insertInto('saved_searches')
    .values({
      id: search.searchId,
      user_id: search.userId,
      query: search.query,
      category: search.category,
      neighborhood: search.neighborhood,
      min_price: search.minPrice,
      max_price: search.maxPrice,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
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
  // Category, neighbourhood and price narrow in SQL; the words are matched by the shared rule.
  const candidates = await db
    .selectFrom('saved_searches')
    .selectAll()
    .where('user_id', '!=', post.ownerId)
    .where((eb) => eb.or([eb('category', 'is', null), eb('category', '=', post.category)]))
    .where((eb) => eb.or([eb('neighborhood', 'is', null), eb('neighborhood', '=', post.neighborhood)]))
    .execute();
  const users = new Set<string>();
  for (const row of candidates) {
    const criteria: SavedSearchCriteria = {
      query: row.query,
      category: row.category,
      neighborhood: row.neighborhood as SavedSearchCriteria['neighborhood'],
      minPrice: row.min_price === null ? null : Number(row.min_price),
      maxPrice: row.max_price === null ? null : Number(row.max_price),
    };
    if (matchesSavedSearch(criteria, post)) users.add(row.user_id);
  }
  if (users.size === 0) return [];
  const { rows } = await sql<{ user_id: string }>`
    INSERT INTO saved_search_notices (user_id, post_id)
    SELECT u, ${post.postId}::uuid FROM unnest(${[...users]}::uuid[]) AS u
    ON CONFLICT DO NOTHING
    RETURNING user_id`.execute(db);
  return rows.map((r) => r.user_id);
}
