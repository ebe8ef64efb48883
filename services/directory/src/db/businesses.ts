import type {
  Business,
  BusinessCategory,
  BusinessClaim,
  BusinessesQuery,
  BusinessReview,
} from '@waco/contracts';
import { likePattern, NOBODY, PERSON_COLUMNS, personOf } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { BusinessRow, DirectoryDatabase } from './schema';

type Db = Kysely<DirectoryDatabase>;

/** A rating worth calling a recommendation. */
const RECOMMENDS = 4;

/** The business's row (a removed one too), or undefined. */
export function findBusiness(db: Db, businessId: string): Promise<BusinessRow | undefined> {
  return db.selectFrom('businesses').selectAll().where('id', '=', businessId).executeTakeFirst();
}

/**
 * The businesses as the viewer sees them: with how many of those they follow recommend each
 * (rated it 4 or 5), whether a claim of theirs waits, and their own review.
 */
function viewed(db: Db, viewerId: string | null) {
  const viewer = viewerId ?? NOBODY;
  return db
    .selectFrom('businesses as b')
    .leftJoin('business_claims as c', (join) =>
      join.onRef('c.business_id', '=', 'b.id').on('c.claimant_id', '=', viewer),
    )
    .leftJoin('business_reviews as mine', (join) =>
      join.onRef('mine.business_id', '=', 'b.id').on('mine.author_id', '=', viewer),
    )
    .selectAll('b')
    .select(['c.claimant_id as my_claim', 'mine.id as my_review_id'])
    .select(
      sql<number>`(SELECT count(*)::int FROM business_reviews r
        JOIN follows f ON f.following_id = r.author_id AND f.follower_id = ${viewer} AND f.following
        WHERE r.business_id = b.id AND r.rating >= ${RECOMMENDS})`.as('recommended'),
    )
    .where('b.removed', '=', false)
    .where('b.hidden', '=', false);
}

type ViewedRow = BusinessRow & { my_claim: string | null; my_review_id: string | null; recommended: number };

function toBusiness(row: ViewedRow, viewerId: string | null): Business {
  return {
    id: row.id,
    name: row.name,
    category: row.category as BusinessCategory,
    description: row.description,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    imageUrl: row.image_url,
    neighborhood: row.neighborhood,
    ownerId: row.owner_id,
    isVerified: row.is_verified,
    averageRating: Number(row.average_rating),
    reviewsCount: row.reviews_count,
    recommendedByFollowed: row.recommended,
    ownership: viewerId && row.owner_id === viewerId ? 'owner' : row.my_claim ? 'claim-pending' : 'none',
    myReviewId: row.my_review_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The business as the viewer sees it, or undefined when there is none (or it was removed). */
export async function businessFor(db: Db, businessId: string, viewerId: string | null) {
  const row = await viewed(db, viewerId).where('b.id', '=', businessId).executeTakeFirst();
  return row ? toBusiness(row, viewerId) : undefined;
}

/**
 * The directory: by category and neighbourhood, by words of its name or description; the best
 * rated first (then the most reviewed), the most reviewed, the newest, or by name.
 */
export async function listBusinesses(
  db: Db,
  viewerId: string | null,
  query: z.output<typeof BusinessesQuery>,
) {
  const words = query.search ? likePattern(query.search) : null;
  let q = viewed(db, viewerId)
    .$if(query.category !== undefined, (w) => w.where('b.category', '=', query.category ?? ''))
    .$if(query.neighborhood !== undefined, (w) => w.where('b.neighborhood', '=', query.neighborhood ?? ''))
    .$if(words !== null, (w) =>
      w.where(sql<boolean>`(b.name ILIKE ${words} OR b.description ILIKE ${words})`),
    );
  if (query.sort === 'rating') q = q.orderBy('b.average_rating', 'desc').orderBy('b.reviews_count', 'desc');
  else if (query.sort === 'reviews')
    q = q.orderBy('b.reviews_count', 'desc').orderBy('b.average_rating', 'desc');
  else if (query.sort === 'name') q = q.orderBy(sql`lower(b.name)`);
  q = q.orderBy('b.created_at', 'desc').orderBy('b.id', 'desc');
  const rows = await q.limit(query.limit).offset(query.offset).execute();
  return rows.map((row) => toBusiness(row, viewerId));
}

function reviews(db: Db) {
  return db
    .selectFrom('business_reviews as r')
    .leftJoin('users as u', 'u.id', 'r.author_id')
    .selectAll('r')
    .select(PERSON_COLUMNS);
}

type ReviewViewRow = Awaited<ReturnType<ReturnType<typeof reviews>['execute']>>[number];

function toReview(r: ReviewViewRow): BusinessReview {
  return {
    id: r.id,
    businessId: r.business_id,
    author: { id: r.author_id, ...personOf(r) },
    rating: r.rating,
    comment: r.comment,
    reply: r.reply,
    repliedAt: r.replied_at?.toISOString() ?? null,
    hidden: r.hidden,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** A business's reviews, newest first: those moderation hid, to their writers only. */
export async function reviewsOf(
  db: Db,
  businessId: string,
  viewerId: string | null,
): Promise<BusinessReview[]> {
  const rows = await reviews(db)
    .where('r.business_id', '=', businessId)
    .where((w) => w.or([w('r.hidden', '=', false), w('r.author_id', '=', viewerId ?? NOBODY)]))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(1000)
    .execute();
  return rows.map(toReview);
}

export async function reviewFor(db: Db, reviewId: string): Promise<BusinessReview | null> {
  const row = await reviews(db).where('r.id', '=', reviewId).executeTakeFirst();
  return row ? toReview(row) : null;
}

/** Claims waiting for a moderator, the oldest first, with what a moderator checks them against. */
export async function waitingClaims(db: Db): Promise<BusinessClaim[]> {
  const rows = await db
    .selectFrom('business_claims as c')
    .innerJoin('businesses as b', 'b.id', 'c.business_id')
    .leftJoin('users as u', 'u.id', 'c.claimant_id')
    .select([
      'c.business_id',
      'c.claimant_id',
      'c.note',
      'c.claimed_at',
      'b.name',
      'b.phone',
      'b.email',
      'b.website',
      ...PERSON_COLUMNS,
    ])
    .where('b.removed', '=', false)
    .orderBy('c.claimed_at')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    businessId: r.business_id,
    businessName: r.name,
    businessPhone: r.phone,
    businessEmail: r.email,
    businessWebsite: r.website,
    claimant: { id: r.claimant_id, ...personOf(r) },
    note: r.note,
    claimedAt: r.claimed_at.toISOString(),
  }));
}

/** The owner of a business, for the block check of a review. */
export async function ownerOf(db: Db, businessId: string): Promise<string | null> {
  const row = await db
    .selectFrom('businesses')
    .select('owner_id')
    .where('id', '=', businessId)
    .executeTakeFirst();
  return row?.owner_id ?? null;
}
