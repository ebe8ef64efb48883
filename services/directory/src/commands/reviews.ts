import type { ReviewCommand } from '@waco/contracts';
import { v7 as uuidv7 } from 'uuid';
import { findBusiness, reviewFor } from '../db/businesses';
import { moderation } from '../db/moderation';
import { onBusiness } from './businesses';
import type { DirectoryDeps } from './deps';

/** What a review, its edit or its deletion leaves the business with, and the review as it stands. */
async function ratingAnswer(deps: DirectoryDeps, businessId: string, reviewId: string) {
  const business = await findBusiness(deps.db, businessId);
  return {
    businessId,
    averageRating: Number(business?.average_rating ?? 0),
    reviewsCount: business?.reviews_count ?? 0,
    review: await reviewFor(deps.db, reviewId),
  };
}

/**
 * A member reviews a business: the facts (their suspension, a block between them and its owner)
 * are read in the command's transaction, under the business stream's lock.
 */
export async function reviewBusiness(
  deps: DirectoryDeps,
  businessId: string,
  authorId: string,
  review: ReviewCommand,
) {
  const reviewId = uuidv7();
  await onBusiness(deps, businessId, authorId, async (trx) => {
    const owner = (await findBusiness(trx, businessId))?.owner_id;
    return {
      type: 'review',
      reviewId,
      authorId,
      rating: review.rating,
      comment: review.comment,
      suspension: (await moderation.suspensionOf(trx, authorId)) ?? null,
      blockedWithOwner: owner ? await moderation.blockedBetween(trx, authorId, owner) : false,
    };
  });
  return ratingAnswer(deps, businessId, reviewId);
}

export async function editReview(
  deps: DirectoryDeps,
  businessId: string,
  reviewId: string,
  actorId: string,
  review: ReviewCommand,
) {
  await onBusiness(deps, businessId, actorId, async (trx) => ({
    type: 'edit-review',
    reviewId,
    actorId,
    rating: review.rating,
    comment: review.comment,
    suspension: (await moderation.suspensionOf(trx, actorId)) ?? null,
  }));
  return ratingAnswer(deps, businessId, reviewId);
}

export async function deleteReview(
  deps: DirectoryDeps,
  businessId: string,
  reviewId: string,
  actorId: string,
) {
  await onBusiness(deps, businessId, actorId, { type: 'delete-review', reviewId, actorId });
  return ratingAnswer(deps, businessId, reviewId);
}
