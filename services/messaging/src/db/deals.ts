import { type Deal, type MemberStanding, type Offer, REPLY_TIME_DAYS } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import { conversationStream } from '../domain/conversations';
import type { OfferPost, SaleFacts } from '../domain/deals';
import { aboutPost } from './posts';
import type { MessagingDatabase } from './schema';

type Db = Kysely<MessagingDatabase>;

/** The post an offer between the two names, with where it stands (null when the copy does not hold it). */
export async function offerPostFacts(
  db: Db,
  postId: string,
  senderId: string,
  otherId: string,
): Promise<OfferPost> {
  const about = await aboutPost(db, postId, senderId, otherId);
  const row = await db.selectFrom('posts').select('standing').where('id', '=', postId).executeTakeFirst();
  return { about, standing: row?.standing ?? null };
}

/** The sale a rating rests on: the post's owner, where it stands, whom it was sold to. */
export async function saleFacts(db: Db, postId: string): Promise<SaleFacts | undefined> {
  const row = await db
    .selectFrom('posts')
    .select(['owner_id', 'standing', 'sold_to'])
    .where('id', '=', postId)
    .executeTakeFirst();
  return row ? { ownerId: row.owner_id, standing: row.standing, soldTo: row.sold_to } : undefined;
}

/** Whether a message about the post passed in the conversation (its log: every message names its post). */
export async function messagedAbout(db: Db, conversationId: string, postId: string): Promise<boolean> {
  const { rows } = await sql`
    SELECT 1 FROM events WHERE stream_id = ${conversationStream(conversationId)} AND type = 'MessageSent'
      AND data->>'postId' = ${postId.toLowerCase()} LIMIT 1`.execute(db);
  return rows.length > 0;
}

export const toOffer = (row: {
  id: string;
  conversation_id: string;
  post_id: string;
  from_id: string;
  to_id: string;
  amount_cents: number;
  status: Offer['status'];
  created_at: Date;
  answered_at: Date | null;
}): Offer => ({
  id: row.id,
  conversationId: row.conversation_id,
  postId: row.post_id,
  fromId: row.from_id,
  toId: row.to_id,
  amountCents: row.amount_cents,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  answeredAt: row.answered_at?.toISOString() ?? null,
});

/** The conversation's offers, oldest first. */
export async function offersOf(db: Db, conversationId: string): Promise<Offer[]> {
  const rows = await db
    .selectFrom('offers')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toOffer);
}

/**
 * A conversation's deal as `viewerId` (one of its two members) sees it: the post it is about
 * (the latest a message named), its offers, and whether the viewer may rate the other, or did.
 */
export async function dealOf(
  db: Db,
  conversationId: string,
  viewerId: string,
  otherId: string,
): Promise<Deal> {
  const member = await db
    .selectFrom('conversation_members as m')
    .leftJoin('posts as p', 'p.id', 'm.post_id')
    .select(['m.post_id', 'p.owner_id', 'p.standing', 'p.sold_to'])
    .where('m.conversation_id', '=', conversationId)
    .where('m.user_id', '=', viewerId)
    .executeTakeFirst();
  const offers = await offersOf(db, conversationId);
  const postId = member?.post_id ?? null;
  if (!postId || !member?.owner_id) return { post: null, offers, canRate: false, rated: false };
  const soldTo = member.sold_to;
  const rated = Boolean(
    await db
      .selectFrom('ratings')
      .select('id')
      .where('post_id', '=', postId)
      .where('rater_id', '=', viewerId)
      .executeTakeFirst(),
  );
  const betweenThem =
    member.standing === 'sold' &&
    soldTo !== null &&
    [member.owner_id, soldTo].sort().join() === [viewerId, otherId].sort().join();
  const state = member.standing === 'closed' ? 'sold' : member.standing;
  return {
    post: { id: postId, ownerId: member.owner_id, state, soldTo },
    offers,
    canRate: betweenThem && !rated,
    rated,
  };
}

/**
 * A member's ratings (newest first, with their raters' names) and average, and their typical
 * reply time: the median of the minutes to their first reply in conversations others started,
 * over the last REPLY_TIME_DAYS days (null when there is none).
 */
export async function standingOf(db: Db, userId: string, now: Date): Promise<MemberStanding> {
  const ratings = await db
    .selectFrom('ratings as r')
    .leftJoin('users as u', 'u.id', 'r.rater_id')
    .select(['r.score', 'r.note', 'r.post_id', 'r.rater_id', 'r.created_at', 'u.first_name', 'u.last_name'])
    .where('r.ratee_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .limit(50)
    .execute();
  const summary = await db
    .selectFrom('ratings')
    .select([sql<number>`count(*)::int`.as('count'), sql<string | null>`round(avg(score), 2)`.as('average')])
    .where('ratee_id', '=', userId)
    .executeTakeFirstOrThrow();
  const since = new Date(now.getTime() - REPLY_TIME_DAYS * 86_400_000);
  // Each conversation someone else opened with them lately: its first message, and their first
  // message after it.
  const { rows } = await sql<{ minutes: number | null }>`
    WITH opened AS (
      SELECT DISTINCT ON (conversation_id) conversation_id, sender_id, created_at
      FROM messages
      WHERE conversation_id IN (SELECT conversation_id FROM messages WHERE recipient_id = ${userId} AND created_at > ${since})
      ORDER BY conversation_id, created_at, id
    )
    SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.at - o.created_at)) / 60)::int AS minutes
    FROM opened o
    CROSS JOIN LATERAL (
      SELECT min(m.created_at) AS at FROM messages m
      WHERE m.conversation_id = o.conversation_id AND m.sender_id = ${userId} AND m.created_at >= o.created_at
    ) r
    WHERE o.sender_id <> ${userId} AND o.created_at > ${since} AND r.at IS NOT NULL`.execute(db);
  return {
    ratingsCount: summary.count,
    averageRating: summary.average === null ? null : Number(summary.average),
    ratings: ratings.map((r) => ({
      score: r.score,
      note: r.note,
      postId: r.post_id,
      raterId: r.rater_id,
      raterName: [r.first_name, r.last_name].filter(Boolean).join(' ') || 'Former member',
      createdAt: r.created_at.toISOString(),
    })),
    typicalReplyMinutes: rows[0]?.minutes ?? null,
  };
}
