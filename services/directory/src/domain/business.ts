import {
  ALREADY_CLAIMED,
  ALREADY_OWNER,
  ALREADY_REVIEWED,
  BUSINESS_NOT_FOUND,
  BUSINESS_OWNER_ONLY,
  BusinessAdded,
  BusinessClaimDecided,
  BusinessClaimed,
  type BusinessDetails,
  BusinessEdited,
  BusinessHiddenSet,
  BusinessOwnershipReleased,
  BusinessRemoved,
  BusinessReviewAnswered,
  BusinessReviewDeleted,
  BusinessReviewEdited,
  BusinessReviewed,
  BusinessReviewHiddenSet,
  CLAIM_PENDING,
  directoryEvents,
  type EventOf,
  NO_CLAIM,
  OWNER_CANNOT_REVIEW,
  RATING_RANGE,
  REVIEW_AUTHOR_ONLY,
  REVIEW_BLOCKED,
  REVIEW_NOT_FOUND,
} from '@waco/contracts';
import {
  type CommandOf,
  type CreatorFacts,
  type Decider,
  type NewEvent,
  newEvent,
  RuleBroken,
  refuseCreation,
  refuseForeignPhoto,
  refuseSuspended,
  type Suspension,
} from '@waco/platform';

/** A business's stream: its details, claims and owner, and every review of it, in order. */
export const businessStream = (businessId: string) => `business-${businessId}`;

/** A business's details as its events state them (the form's, `BusinessDetails`, once stored). */
type StatedDetails = Omit<EventOf<typeof BusinessAdded>['data'], 'businessId' | 'addedBy' | 'addedAt'>;

export interface ReviewState {
  authorId: string;
  rating: number;
  hidden: boolean;
}

export interface BusinessState {
  exists: boolean;
  removed: boolean;
  /** Hidden by moderation (reports pending review, or a moderator): gone until shown again. */
  hidden: boolean;
  details: StatedDetails | null;
  ownerId: string | null;
  /** The claim waiting for a moderator: one at a time. */
  claimantId: string | null;
  /** The reviews by id; each member's one review by their id. */
  reviews: ReadonlyMap<string, ReviewState>;
  reviewByAuthor: ReadonlyMap<string, string>;
}

const initialState: BusinessState = {
  exists: false,
  removed: false,
  hidden: false,
  details: null,
  ownerId: null,
  claimantId: null,
  reviews: new Map(),
  reviewByAuthor: new Map(),
};

/** What every command after a business's creation names: the business, and when. */
interface OnBusiness {
  businessId: string;
  now: Date;
}

export type BusinessCommand =
  | (CreatorFacts & {
      type: 'add';
      businessId: string;
      addedBy: string;
      details: BusinessDetails;
      now: Date;
    })
  | (OnBusiness & {
      type: 'edit';
      actorId: string;
      changes: Partial<BusinessDetails>;
      photoUploaded: boolean;
    })
  | (OnBusiness & { type: 'claim'; claimantId: string; note: string; suspension: Suspension })
  | (OnBusiness & { type: 'decide-claim'; moderatorId: string; approve: boolean })
  | (OnBusiness & { type: 'remove'; moderatorId: string })
  | (OnBusiness & {
      type: 'review';
      reviewId: string;
      authorId: string;
      rating: number;
      comment: string | null;
      suspension: Suspension;
      /** Whether the author and the business's owner blocked each other, either way (moderation's events). */
      blockedWithOwner: boolean;
    })
  | (OnBusiness & {
      type: 'edit-review';
      reviewId: string;
      actorId: string;
      rating: number;
      comment: string | null;
      suspension: Suspension;
    })
  | (OnBusiness & { type: 'delete-review'; reviewId: string; actorId: string })
  | (OnBusiness & { type: 'answer-review'; reviewId: string; actorId: string; reply: string })
  | (OnBusiness & { type: 'account-deleted'; userId: string })
  /** moderation hid or showed again the business, or one of its reviews (its events). */
  | (OnBusiness & { type: 'set-hidden'; hidden: boolean })
  | (OnBusiness & { type: 'set-review-hidden'; reviewId: string; hidden: boolean });
type Command<T extends BusinessCommand['type']> = CommandOf<BusinessCommand, T>;

type BusinessEvent = EventOf<
  | typeof BusinessAdded
  | typeof BusinessEdited
  | typeof BusinessClaimed
  | typeof BusinessClaimDecided
  | typeof BusinessOwnershipReleased
  | typeof BusinessRemoved
  | typeof BusinessReviewed
  | typeof BusinessReviewEdited
  | typeof BusinessReviewDeleted
  | typeof BusinessReviewAnswered
  | typeof BusinessHiddenSet
  | typeof BusinessReviewHiddenSet
>;

export const businessDecider: Decider<BusinessCommand, BusinessState, BusinessEvent> = {
  // Every directory event is on a business's stream.
  events: directoryEvents,
  initialState,
  evolve,
  decide,
};

const detailsOf = (d: StatedDetails): StatedDetails => ({
  name: d.name,
  category: d.category,
  description: d.description,
  address: d.address,
  phone: d.phone,
  email: d.email,
  website: d.website,
  imageUrl: d.imageUrl,
  neighborhood: d.neighborhood,
});

function evolve(state: BusinessState, event: BusinessEvent): BusinessState {
  switch (event.type) {
    case 'BusinessAdded':
      return { ...state, exists: true, details: detailsOf(event.data) };
    case 'BusinessEdited':
      return { ...state, details: detailsOf(event.data) };
    case 'BusinessClaimed':
      return { ...state, claimantId: event.data.claimantId };
    case 'BusinessClaimDecided':
      return {
        ...state,
        claimantId: null,
        ownerId: event.data.approved ? event.data.claimantId : state.ownerId,
      };
    case 'BusinessOwnershipReleased':
      return { ...state, ownerId: null };
    case 'BusinessRemoved':
      return { ...state, removed: true };
    case 'BusinessReviewed': {
      const { reviewId, authorId, rating } = event.data;
      return {
        ...state,
        reviews: new Map(state.reviews).set(reviewId, { authorId, rating, hidden: false }),
        reviewByAuthor: new Map(state.reviewByAuthor).set(authorId, reviewId),
      };
    }
    case 'BusinessReviewEdited': {
      const { reviewId, rating } = event.data;
      return { ...state, reviews: withReview(state, reviewId, { rating }) };
    }
    case 'BusinessReviewDeleted': {
      const reviews = new Map(state.reviews);
      const reviewByAuthor = new Map(state.reviewByAuthor);
      reviews.delete(event.data.reviewId);
      reviewByAuthor.delete(event.data.authorId);
      return { ...state, reviews, reviewByAuthor };
    }
    case 'BusinessReviewAnswered':
      return state;
    case 'BusinessHiddenSet':
      return { ...state, hidden: event.data.hidden };
    case 'BusinessReviewHiddenSet':
      return { ...state, reviews: withReview(state, event.data.reviewId, { hidden: event.data.hidden }) };
  }
}

function withReview(state: BusinessState, reviewId: string, change: Partial<ReviewState>) {
  const reviews = new Map(state.reviews);
  const review = reviews.get(reviewId);
  if (review) reviews.set(reviewId, { ...review, ...change });
  return reviews;
}

function decide(command: BusinessCommand, state: BusinessState): NewEvent<BusinessEvent>[] {
  if (command.type === 'add') return decideAdd(command);
  // A deleted account's reviews go from a removed or hidden business too; moderation's word
  // about one reaches it whatever its state.
  if (state.exists && command.type === 'account-deleted') return decideAccountDeleted(state, command);
  if (state.exists && command.type === 'set-hidden')
    return state.hidden === command.hidden
      ? []
      : [
          newEvent(BusinessHiddenSet, {
            businessId: command.businessId,
            hidden: command.hidden,
            at: at(command),
          }),
        ];
  if (state.exists && command.type === 'set-review-hidden') return decideReviewHidden(state, command);
  // A removed business is gone for everyone, and a hidden one until moderation shows it again.
  if (!state.exists || state.removed || state.hidden)
    throw new RuleBroken(BUSINESS_NOT_FOUND, { status: 404 });
  switch (command.type) {
    case 'edit':
      return decideEdit(state, command);
    case 'claim':
      return decideClaim(state, command);
    case 'decide-claim':
      return decideOnClaim(state, command);
    case 'remove':
      return [
        newEvent(BusinessRemoved, {
          businessId: command.businessId,
          moderatorId: command.moderatorId,
          removedAt: command.now.toISOString(),
        }),
      ];
    case 'review':
      return decideReview(state, command);
    case 'edit-review':
      return decideEditReview(state, command);
    case 'delete-review':
      return decideDeleteReview(state, command);
    case 'answer-review':
      return decideAnswer(state, command);
    case 'account-deleted':
    case 'set-hidden':
    case 'set-review-hidden':
      // Taken above (a business that does not exist has nothing to change).
      return [];
  }
}

const at = (command: OnBusiness) => command.now.toISOString();

function decideReviewHidden(state: BusinessState, command: Command<'set-review-hidden'>) {
  const review = state.reviews.get(command.reviewId);
  if (!review || review.hidden === command.hidden) return [];
  const { businessId, reviewId, hidden } = command;
  return [newEvent(BusinessReviewHiddenSet, { businessId, reviewId, hidden, at: at(command) })];
}

function decideAdd(command: Command<'add'>): NewEvent<BusinessEvent>[] {
  refuseCreation(command, command.details.imageUrl);
  return [
    newEvent(BusinessAdded, {
      businessId: command.businessId,
      addedBy: command.addedBy,
      ...detailsOf(command.details),
      addedAt: command.now.toISOString(),
    }),
  ];
}

/** Only the verified owner edits a business's details (before a claim, nobody does). */
function decideEdit(state: BusinessState, command: Command<'edit'>): NewEvent<BusinessEvent>[] {
  if (state.ownerId !== command.actorId) throw new RuleBroken(BUSINESS_OWNER_ONLY, { status: 403 });
  refuseForeignPhoto(command.changes.imageUrl, command.photoUploaded);
  const defined = Object.fromEntries(Object.entries(command.changes).filter(([, v]) => v !== undefined));
  const details = { ...(state.details as StatedDetails), ...defined };
  return [
    newEvent(BusinessEdited, {
      businessId: command.businessId,
      editorId: command.actorId,
      ...detailsOf(details),
      editedAt: command.now.toISOString(),
    }),
  ];
}

/** A member claims a business as theirs: one claim waits at a time, and none once it has an owner. */
function decideClaim(state: BusinessState, command: Command<'claim'>): NewEvent<BusinessEvent>[] {
  refuseSuspended(command.suspension);
  if (state.ownerId === command.claimantId) throw new RuleBroken(ALREADY_OWNER, { status: 409 });
  if (state.ownerId) throw new RuleBroken(ALREADY_CLAIMED, { status: 409 });
  if (state.claimantId) throw new RuleBroken(CLAIM_PENDING, { status: 409 });
  return [
    newEvent(BusinessClaimed, {
      businessId: command.businessId,
      claimantId: command.claimantId,
      note: command.note,
      claimedAt: command.now.toISOString(),
    }),
  ];
}

function decideOnClaim(state: BusinessState, command: Command<'decide-claim'>): NewEvent<BusinessEvent>[] {
  if (!state.claimantId) throw new RuleBroken(NO_CLAIM, { status: 404 });
  return [
    newEvent(BusinessClaimDecided, {
      businessId: command.businessId,
      claimantId: state.claimantId,
      approved: command.approve,
      moderatorId: command.moderatorId,
      decidedAt: command.now.toISOString(),
    }),
  ];
}

function refuseRating(rating: number) {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5)
    throw new RuleBroken(RATING_RANGE, { field: 'rating' });
}

/**
 * One review per member; never by the business's owner; never between an owner and a member
 * either of them blocked; never by a suspended member.
 */
function decideReview(state: BusinessState, command: Command<'review'>): NewEvent<BusinessEvent>[] {
  refuseSuspended(command.suspension);
  refuseRating(command.rating);
  if (state.ownerId === command.authorId) throw new RuleBroken(OWNER_CANNOT_REVIEW, { status: 403 });
  if (command.blockedWithOwner) throw new RuleBroken(REVIEW_BLOCKED, { status: 403 });
  if (state.reviewByAuthor.has(command.authorId)) throw new RuleBroken(ALREADY_REVIEWED, { status: 409 });
  return [
    newEvent(BusinessReviewed, {
      businessId: command.businessId,
      reviewId: command.reviewId,
      authorId: command.authorId,
      rating: command.rating,
      comment: command.comment,
      reviewedAt: command.now.toISOString(),
    }),
  ];
}

/** The review, refused unless it is there and the actor wrote it. */
function ownReview(state: BusinessState, reviewId: string, actorId: string): ReviewState {
  const review = state.reviews.get(reviewId);
  if (!review) throw new RuleBroken(REVIEW_NOT_FOUND, { status: 404 });
  if (review.authorId !== actorId) throw new RuleBroken(REVIEW_AUTHOR_ONLY, { status: 403 });
  return review;
}

function decideEditReview(state: BusinessState, command: Command<'edit-review'>): NewEvent<BusinessEvent>[] {
  const review = ownReview(state, command.reviewId, command.actorId);
  refuseSuspended(command.suspension);
  refuseRating(command.rating);
  return [
    newEvent(BusinessReviewEdited, {
      businessId: command.businessId,
      reviewId: command.reviewId,
      authorId: command.actorId,
      rating: command.rating,
      previousRating: review.rating,
      comment: command.comment,
      editedAt: command.now.toISOString(),
    }),
  ];
}

function decideDeleteReview(
  state: BusinessState,
  command: Command<'delete-review'>,
): NewEvent<BusinessEvent>[] {
  const review = ownReview(state, command.reviewId, command.actorId);
  return [reviewDeleted(command, command.reviewId, review, false)];
}

const reviewDeleted = (on: OnBusiness, reviewId: string, review: ReviewState, byAccountDeletion: boolean) =>
  newEvent(BusinessReviewDeleted, {
    businessId: on.businessId,
    reviewId,
    authorId: review.authorId,
    rating: review.rating,
    byAccountDeletion,
    deletedAt: on.now.toISOString(),
  });

/** The verified owner answers a review publicly (again: the new answer replaces the old). */
function decideAnswer(state: BusinessState, command: Command<'answer-review'>): NewEvent<BusinessEvent>[] {
  if (!state.reviews.has(command.reviewId)) throw new RuleBroken(REVIEW_NOT_FOUND, { status: 404 });
  if (state.ownerId !== command.actorId) throw new RuleBroken(BUSINESS_OWNER_ONLY, { status: 403 });
  return [
    newEvent(BusinessReviewAnswered, {
      businessId: command.businessId,
      reviewId: command.reviewId,
      ownerId: command.actorId,
      reply: command.reply,
      answeredAt: command.now.toISOString(),
    }),
  ];
}

/**
 * An account was deleted: its review goes (the average is recomputed by the deletion), its
 * waiting claim is declined, and a business it owned stays listed, unowned and unverified.
 */
function decideAccountDeleted(
  state: BusinessState,
  command: Command<'account-deleted'>,
): NewEvent<BusinessEvent>[] {
  const { businessId, userId, now } = command;
  const at = now.toISOString();
  const events: NewEvent<BusinessEvent>[] = [];
  const reviewId = state.reviewByAuthor.get(userId);
  const review = reviewId ? state.reviews.get(reviewId) : undefined;
  if (reviewId && review) events.push(reviewDeleted(command, reviewId, review, true));
  if (state.claimantId === userId)
    events.push(
      newEvent(BusinessClaimDecided, {
        businessId,
        claimantId: userId,
        approved: false,
        moderatorId: null,
        decidedAt: at,
      }),
    );
  if (state.ownerId === userId)
    events.push(newEvent(BusinessOwnershipReleased, { businessId, ownerId: userId, releasedAt: at }));
  return events;
}
