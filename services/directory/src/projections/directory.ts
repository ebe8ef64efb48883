import {
  type BusinessDetails,
  directoryEvents,
  ERASED,
  type EventEnvelope,
  parseEvent,
} from '@waco/contracts';
import { defineProjection } from '@waco/platform';
import { type Kysely, sql, type Updateable } from 'kysely';
import {
  type BusinessesTable,
  type BusinessReviewsTable,
  type DirectoryDatabase,
  PROJECTED_TABLES,
} from '../db/schema';

type Db = Kysely<DirectoryDatabase>;

/** What a member wrote, or null once their key is destroyed (the log's copy opens to nothing). */
const written = (text: string | null) => (text === ERASED ? null : text);

/** A business's details as its added or edited event states them, as its row's columns. */
const detailColumns = (d: Omit<BusinessDetails, 'neighborhood'> & { neighborhood: string | null }) => ({
  name: d.name,
  category: d.category,
  description: written(d.description),
  address: d.address,
  phone: d.phone,
  email: d.email,
  website: d.website,
  image_url: d.imageUrl,
  neighborhood: d.neighborhood,
});

/**
 * Applies directory's events to its read tables. Called with the events a command appends, in
 * the same transaction (under the business stream's lock, so the sum and count move one review
 * at a time and stay exact), and by the platform's rebuild with the log.
 */
export async function applyDirectoryEvents(trx: Db, events: EventEnvelope[]) {
  for (const stored of events) {
    const event = parseEvent(directoryEvents, stored);
    if (!event) continue;
    switch (event.type) {
      case 'BusinessAdded': {
        const d = event.data;
        await trx
          .insertInto('businesses')
          .values({
            id: d.businessId,
            ...detailColumns(d),
            description_by: d.addedBy,
            added_by: d.addedBy,
            owner_id: null,
            is_verified: false,
            removed: false,
            hidden: false,
            rating_sum: 0,
            reviews_count: 0,
            average_rating: 0,
            created_at: d.addedAt,
            updated_at: d.addedAt,
          })
          .execute();
        break;
      }
      case 'BusinessEdited': {
        const d = event.data;
        await updateBusiness(trx, d.businessId, {
          ...detailColumns(d),
          description_by: d.editorId,
          updated_at: d.editedAt,
        });
        break;
      }
      case 'BusinessClaimed': {
        const d = event.data;
        await trx
          .insertInto('business_claims')
          .values({
            business_id: d.businessId,
            claimant_id: d.claimantId,
            note: written(d.note),
            claimed_at: d.claimedAt,
          })
          .execute();
        break;
      }
      case 'BusinessClaimDecided': {
        const d = event.data;
        await dropClaim(trx, d.businessId);
        if (d.approved)
          await updateBusiness(trx, d.businessId, {
            owner_id: d.claimantId,
            is_verified: true,
            updated_at: d.decidedAt,
          });
        break;
      }
      case 'BusinessOwnershipReleased':
        await updateBusiness(trx, event.data.businessId, {
          owner_id: null,
          is_verified: false,
          updated_at: event.data.releasedAt,
        });
        break;
      case 'BusinessRemoved':
        await updateBusiness(trx, event.data.businessId, { removed: true, updated_at: event.data.removedAt });
        await dropClaim(trx, event.data.businessId);
        break;
      case 'BusinessReviewed': {
        const d = event.data;
        await trx
          .insertInto('business_reviews')
          .values({
            id: d.reviewId,
            business_id: d.businessId,
            author_id: d.authorId,
            rating: d.rating,
            comment: written(d.comment),
            reply: null,
            reply_by: null,
            replied_at: null,
            hidden: false,
            created_at: d.reviewedAt,
            updated_at: d.reviewedAt,
          })
          .execute();
        await rate(trx, d.businessId, d.rating, 1);
        break;
      }
      case 'BusinessReviewEdited': {
        const d = event.data;
        if (!(await isHidden(trx, d.reviewId))) await rate(trx, d.businessId, d.rating - d.previousRating, 0);
        await updateReview(trx, d.reviewId, {
          rating: d.rating,
          comment: written(d.comment),
          updated_at: d.editedAt,
        });
        break;
      }
      case 'BusinessReviewDeleted': {
        const d = event.data;
        if (!(await isHidden(trx, d.reviewId))) await rate(trx, d.businessId, -d.rating, -1);
        await trx.deleteFrom('business_reviews').where('id', '=', d.reviewId).execute();
        break;
      }
      case 'BusinessReviewAnswered': {
        const d = event.data;
        // An answer whose writer's account is gone reads as no answer (user-deleted.ts does the same).
        const answered = d.reply === ERASED ? null : d;
        await updateReview(trx, d.reviewId, {
          reply: answered?.reply ?? null,
          reply_by: answered?.ownerId ?? null,
          replied_at: answered?.answeredAt ?? null,
        });
        break;
      }
      case 'BusinessHiddenSet':
        await updateBusiness(trx, event.data.businessId, { hidden: event.data.hidden });
        break;
      case 'BusinessReviewHiddenSet': {
        const d = event.data;
        const review = await trx
          .updateTable('business_reviews')
          .set({ hidden: d.hidden })
          .where('id', '=', d.reviewId)
          .returning('rating')
          .executeTakeFirst();
        // A hidden review leaves the average; shown again, it comes back into it.
        if (review)
          await rate(trx, d.businessId, d.hidden ? -review.rating : review.rating, d.hidden ? -1 : 1);
        break;
      }
    }
  }
}

/** Sets columns of one business's row. */
const updateBusiness = (trx: Db, businessId: string, changes: Updateable<BusinessesTable>) =>
  trx.updateTable('businesses').set(changes).where('id', '=', businessId).execute();

/** Sets columns of one review's row. */
const updateReview = (trx: Db, reviewId: string, changes: Updateable<BusinessReviewsTable>) =>
  trx.updateTable('business_reviews').set(changes).where('id', '=', reviewId).execute();

/** The business's waiting claim goes (decided, or the business removed). */
const dropClaim = (trx: Db, businessId: string) =>
  trx.deleteFrom('business_claims').where('business_id', '=', businessId).execute();

/** Whether moderation hid the review (a hidden one is not in its business's sum and count). */
async function isHidden(trx: Db, reviewId: string) {
  const row = await trx
    .selectFrom('business_reviews')
    .select('hidden')
    .where('id', '=', reviewId)
    .executeTakeFirst();
  return row?.hidden === true;
}

/** directory's read model of its own events; the copies of other services' data are not in it. */
export const directoryProjection = defineProjection<DirectoryDatabase>({
  name: 'directory',
  tables: PROJECTED_TABLES,
  apply: applyDirectoryEvents,
});

/**
 * The sum and the count move with each review, edit and deletion (written by events only, never
 * read and rewritten); the average is computed from them in the same statement, rounded half up
 * to decimal(3,2), so it is always exactly the sum over the count.
 */
const rate = (trx: Db, businessId: string, sum: number, count: number) =>
  sql`UPDATE businesses
      SET rating_sum = rating_sum + ${sum}, reviews_count = reviews_count + ${count},
          average_rating = CASE WHEN reviews_count + ${count} = 0 THEN 0
            ELSE round((rating_sum + ${sum})::numeric / (reviews_count + ${count}), 2) END
      WHERE id = ${businessId}`.execute(trx);
