import type { FollowList } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { IdentityDatabase } from './schema';

type Db = Kysely<IdentityDatabase>;

/** The follower's follow of a member, undefined when there is none. */
export function followOf(db: Db, followerId: string, followingId: string) {
  return db
    .selectFrom('follows')
    .select(['alerts', 'created_at'])
    .where('follower_id', '=', followerId)
    .where('following_id', '=', followingId)
    .executeTakeFirst();
}

/** The follows between two members, either way, as [follower, followed]. */
export async function followsBetween(db: Db, a: string, b: string): Promise<Array<[string, string]>> {
  const rows = await db
    .selectFrom('follows')
    .select(['follower_id', 'following_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('follower_id', '=', a), eb('following_id', '=', b)]),
        eb.and([eb('follower_id', '=', b), eb('following_id', '=', a)]),
      ]),
    )
    .execute();
  return rows.map((r) => [r.follower_id, r.following_id]);
}

/**
 * A page of a member's followers (`side` 'followers') or of those they follow ('following'),
 * newest follow first (then by id, so that the order is stable), with how many there are in all.
 * A viewer never sees in it someone they blocked or who blocked them (the profile's counts stay
 * exact: they say how many, not who).
 */
export async function listFollows(
  db: Db,
  userId: string,
  side: 'followers' | 'following',
  page: { limit: number; offset: number },
  viewerId: string | null,
): Promise<FollowList> {
  const [mine, theirs] =
    side === 'followers' ? ['following_id', 'follower_id'] : ['follower_id', 'following_id'];
  const { rows } = await sql<{
    id: string;
    first_name: string | null;
    last_name: string | null;
    profile_image_url: string | null;
    created_at: Date;
    total: number;
  }>`
    SELECT u.id, u.first_name, u.last_name, u.profile_image_url, f.created_at,
           count(*) OVER ()::int AS total
    FROM follows f JOIN users u ON u.id = f.${sql.ref(theirs)}
    WHERE f.${sql.ref(mine)} = ${userId}
      AND NOT EXISTS (
        SELECT 1 FROM moderation_blocks b
        WHERE b.blocked AND ((b.blocker_id = ${viewerId} AND b.blocked_id = u.id)
                          OR (b.blocker_id = u.id AND b.blocked_id = ${viewerId})))
    ORDER BY f.created_at DESC, u.id
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  const total = rows[0]?.total ?? (page.offset > 0 ? await countFollows(db, userId, mine, viewerId) : 0);
  return {
    users: rows.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      profileImageUrl: r.profile_image_url,
      followedAt: r.created_at.toISOString(),
    })),
    total,
  };
}

async function countFollows(db: Db, userId: string, column: string, viewerId: string | null) {
  const other = column === 'following_id' ? 'follower_id' : 'following_id';
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM follows f
    WHERE f.${sql.ref(column)} = ${userId}
      AND NOT EXISTS (
        SELECT 1 FROM moderation_blocks b
        WHERE b.blocked AND ((b.blocker_id = ${viewerId} AND b.blocked_id = f.${sql.ref(other)})
                          OR (b.blocker_id = f.${sql.ref(other)} AND b.blocked_id = ${viewerId})))`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}
