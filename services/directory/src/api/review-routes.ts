import { BUSINESS_NOT_FOUND, REVIEW_NOT_FOUND } from '@waco/contracts';
import { type HttpApp, notFound, registerEndpoint } from '@waco/platform';
import { onBusiness } from '../commands/businesses';
import type { DirectoryDeps } from '../commands/deps';
import { deleteReview, editReview, reviewBusiness } from '../commands/reviews';
import { findBusiness, reviewFor, reviewsOf } from '../db/businesses';

/** Reviews: one a member a business, its author's edits, and the owner's public answers. */
export function registerReviewRoutes(app: HttpApp, deps: DirectoryDeps) {
  registerEndpoint(app, 'listBusinessReviews', async (req) => {
    const business = await findBusiness(deps.db, req.params.id);
    if (!business || business.removed || business.hidden) throw notFound(BUSINESS_NOT_FOUND);
    return reviewsOf(deps.db, req.params.id, req.userId);
  });
  registerEndpoint(app, 'reviewBusiness', async (req, reply) =>
    reply.status(201).send(await reviewBusiness(deps, req.params.id, req.userId, req.body)),
  );
  registerEndpoint(app, 'editBusinessReview', async (req) =>
    editReview(deps, req.params.id, req.params.reviewId, req.userId, req.body),
  );
  registerEndpoint(app, 'deleteBusinessReview', async (req) =>
    deleteReview(deps, req.params.id, req.params.reviewId, req.userId),
  );
  registerEndpoint(app, 'answerBusinessReview', async (req) => {
    const { id, reviewId } = req.params;
    await onBusiness(deps, id, req.userId, {
      type: 'answer-review',
      reviewId,
      actorId: req.userId,
      reply: req.body.reply,
    });
    const review = await reviewFor(deps.db, reviewId);
    if (!review) throw notFound(REVIEW_NOT_FOUND);
    return review;
  });
}
