import { BADGE_TYPES, type Badge, type BadgeType, type StandingTallies } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { IdentityDatabase } from './schema';

type Db = Kysely<IdentityDatabase>;

/** A change to a member's tallies: counts to add (negative to take back), or the email verified. */
export type TallyChange = Partial<Record<Exclude<keyof StandingTallies, 'emailVerified'>, number>> & {
  emailVerified?: true;
};

const COLUMNS = {
  posts: 'posts',
  eventsHosted: 'events_hosted',
  commentLikes: 'comment_likes',
  sales: 'sales',
  upheldReports: 'upheld_reports',
  suspensions: 'suspensions',
} as const;

/** Applies a change to the member's tallies (the row is made on their first) and answers them. */
export async function changeTallies(trx: Db, userId: string, change: TallyChange): Promise<StandingTallies> {
  const adds = Object.entries(COLUMNS).map(([key, column]) => ({
    column,
    by: change[key as keyof typeof COLUMNS] ?? 0,
  }));
  const { rows } = await sql<{
    email_verified: boolean;
    posts: number;
    events_hosted: number;
    comment_likes: number;
    sales: number;
    upheld_reports: number;
    suspensions: number;
  }>`
    INSERT INTO member_standing AS s (user_id, email_verified, ${sql.join(adds.map((a) => sql.ref(a.column)))})
    VALUES (${userId}, ${change.emailVerified === true}, ${sql.join(adds.map((a) => a.by))})
    ON CONFLICT (user_id) DO UPDATE SET
      email_verified = s.email_verified OR EXCLUDED.email_verified,
      ${sql.join(adds.map((a) => sql`${sql.ref(a.column)} = s.${sql.ref(a.column)} + ${a.by}`))}
    RETURNING email_verified, posts, events_hosted, comment_likes, sales, upheld_reports, suspensions`.execute(
    trx,
  );
  const r = rows[0];
  if (!r) throw new Error('the tallies were not written');
  return {
    emailVerified: r.email_verified,
    posts: r.posts,
    eventsHosted: r.events_hosted,
    commentLikes: r.comment_likes,
    sales: r.sales,
    upheldReports: r.upheld_reports,
    suspensions: r.suspensions,
  };
}

/** Stores the reputation the rule gave for the member's tallies. */
export async function storeReputation(trx: Db, userId: string, score: number) {
  await trx
    .updateTable('member_standing')
    .set({ reputation_score: score })
    .where('user_id', '=', userId)
    .execute();
}

/** A sale post counted as sold: true the first time only. */
export async function countSaleOnce(trx: Db, postId: string, userId: string): Promise<boolean> {
  const { rows } = await sql`
    INSERT INTO standing_sold_posts (post_id, user_id) VALUES (${postId}, ${userId})
    ON CONFLICT (post_id) DO NOTHING RETURNING post_id`.execute(trx);
  return rows.length > 0;
}

/**
 * The moderators' verified mark, as moderation's event at `position` of the member's stream set
 * it: an older event handled late never overwrites a newer one.
 */
export async function setVerifiedMark(trx: Db, userId: string, verified: boolean, position: number) {
  await sql`
    INSERT INTO member_standing AS s (user_id, is_verified, verified_position) VALUES (${userId}, ${verified}, ${position})
    ON CONFLICT (user_id) DO UPDATE SET is_verified = EXCLUDED.is_verified, verified_position = EXCLUDED.verified_position
    WHERE s.verified_position < EXCLUDED.verified_position`.execute(trx);
}

/** A deleted account's standing goes with it (its badges go with its UserDeleted, projections/badges.ts). */
export async function forgetStanding(trx: Db, userId: string) {
  await trx.deleteFrom('member_standing').where('user_id', '=', userId).execute();
  await trx.deleteFrom('standing_sold_posts').where('user_id', '=', userId).execute();
}

/** What a profile shows of a member's standing: the verified mark, the reputation and the badges. */
export interface Standing {
  isVerified: boolean;
  reputationScore: number;
  badges: Badge[];
}

export async function standingOf(db: Db, userId: string): Promise<Standing> {
  const [row, badges] = await Promise.all([
    db
      .selectFrom('member_standing')
      .select(['is_verified', 'reputation_score'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db.selectFrom('user_badges').select(['badge_type', 'earned_at']).where('user_id', '=', userId).execute(),
  ]);
  const order = (b: { badge_type: string }) => BADGE_TYPES.indexOf(b.badge_type as BadgeType);
  return {
    isVerified: row?.is_verified ?? false,
    reputationScore: row?.reputation_score ?? 0,
    badges: badges
      .sort((a, b) => order(a) - order(b))
      .map((b) => ({ badgeType: b.badge_type as BadgeType, earnedAt: b.earned_at.toISOString() })),
  };
}
