import { z } from 'zod';
import {
  MemberCard,
  Neighborhood,
  offsetPaging,
  requiredText,
  Timestamp,
  Uuid,
  withSomeChange,
} from './common';
import { streamEvent } from './envelope';
import { OptionalText } from './groups';
import { ObjectPath } from './identity';
import { displayText, LINE_TEXT } from './text';

// Local businesses and their reviews (the directory service): any member adds a business, its
// owner claims it and a site moderator verifies the claim; members review it once each, 1 to 5.

/** What a Waco resident looks a business up under. */
export const BUSINESS_CATEGORIES = [
  'restaurant',
  'coffee_bakery',
  'grocery',
  'auto_repair',
  'home_repair',
  'lawn_garden',
  'cleaning',
  'health',
  'beauty',
  'fitness',
  'pets',
  'childcare',
  'shopping',
  'professional',
  'arts_entertainment',
  'other',
] as const;
export const BusinessCategory = z.enum(BUSINESS_CATEGORIES, { error: 'Unknown business category' });
export type BusinessCategory = z.infer<typeof BusinessCategory>;

export const BUSINESS_NOT_FOUND = 'Business not found';
export const REVIEW_NOT_FOUND = 'Review not found';
export const ALREADY_REVIEWED = 'You have already reviewed this business: edit your review instead';
export const OWNER_CANNOT_REVIEW = 'You cannot review your own business';
export const REVIEW_BLOCKED = 'You cannot review the business of a member you blocked or who blocked you';
export const REVIEW_AUTHOR_ONLY = 'Only its author can change a review';
export const BUSINESS_OWNER_ONLY = "Only the business's verified owner can do this";
export const ALREADY_OWNER = 'This business is already yours';
export const ALREADY_CLAIMED = 'This business already has a verified owner';
export const CLAIM_PENDING = 'Your claim on this business is waiting for a moderator';
export const NO_CLAIM = 'There is no claim on this business waiting for a decision';
export const RATING_RANGE = 'Rating must be a whole number from 1 to 5';

const BusinessName = requiredText('Name is required', 100, 'Name must be at most 100 characters', {
  min: 2,
  message: 'Name must be at least 2 characters',
}).superRefine(displayText('Name', LINE_TEXT));
const email = z.email();
const BusinessEmail = OptionalText(254, 'Email', LINE_TEXT).refine(
  (v) => v === null || email.safeParse(v).success,
  'Email must be a valid email',
);
const BusinessPhone = OptionalText(40, 'Phone', LINE_TEXT).refine(
  (v) => v === null || /^[0-9+()\-. ]{7,40}$/.test(v),
  'Phone must be a phone number, e.g. (254) 555-0100',
);
const BusinessWebsite = OptionalText(300, 'Website', LINE_TEXT).refine(
  (v) => v === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v),
  'Website must be an address starting with http:// or https://',
);

/** The details a business shows, as the add form and the owner's edit send them. */
const details = {
  name: BusinessName,
  category: BusinessCategory,
  description: OptionalText(3000, 'Description'),
  address: OptionalText(200, 'Address', LINE_TEXT),
  phone: BusinessPhone,
  email: BusinessEmail,
  website: BusinessWebsite,
  imageUrl: ObjectPath.nullish().transform((v) => v ?? null),
  neighborhood: Neighborhood.nullish().transform((v) => v ?? null),
};

export const AddBusinessRequest = z.strictObject(details);
export type AddBusinessRequest = z.input<typeof AddBusinessRequest>;
export type BusinessDetails = z.output<typeof AddBusinessRequest>;

/** `PATCH /api/businesses/{id}`: the owner's new details; what is left out stays. */
export const UpdateBusinessRequest = withSomeChange(
  z
    .strictObject({
      name: BusinessName.optional(),
      category: BusinessCategory.optional(),
      description: details.description,
      address: details.address,
      phone: BusinessPhone,
      email: BusinessEmail,
      website: BusinessWebsite,
      imageUrl: ObjectPath.nullish(),
      neighborhood: Neighborhood.nullish(),
    })
    .partial(),
);
export type UpdateBusinessRequest = z.input<typeof UpdateBusinessRequest>;

export const BUSINESS_SORTS = ['rating', 'reviews', 'newest', 'name'] as const;
export const BusinessesQuery = z.strictObject({
  category: BusinessCategory.optional(),
  neighborhood: Neighborhood.optional(),
  search: z.string().trim().max(100, 'search is at most 100 characters').optional(),
  sort: z.enum(BUSINESS_SORTS, { error: 'sort must be rating, reviews, newest or name' }).default('rating'),
  ...offsetPaging(50, 20, 10_000),
});
export type BusinessesQuery = z.input<typeof BusinessesQuery>;

export const BusinessIdParams = z.strictObject({ id: Uuid });
export const ReviewParams = z.strictObject({ id: Uuid, reviewId: Uuid });

/** The caller's relation to a business: its verified owner, a claim waiting, or none. */
export const BusinessOwnership = z.enum(['owner', 'claim-pending', 'none']);

/** A business's details as stated: in its answer and in the events that set them. */
const detailFields = {
  name: z.string(),
  category: BusinessCategory,
  description: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  imageUrl: z.string().nullable(),
  neighborhood: z.string().nullable(),
};

export const Business = z.object({
  id: Uuid,
  ...detailFields,
  /** The verified owner (a moderator approved their claim), else null. */
  ownerId: Uuid.nullable(),
  isVerified: z.boolean(),
  /** The mean of its ratings to two decimals (decimal(3,2)), 0 with no reviews. */
  averageRating: z.number(),
  reviewsCount: z.number().int(),
  /** How many of the members the caller follows rated it 4 or 5 (0 for a guest). */
  recommendedByFollowed: z.number().int(),
  /** The caller's relation to it. */
  ownership: BusinessOwnership,
  /** The caller's own review's id, if they wrote one. */
  myReviewId: Uuid.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Business = z.infer<typeof Business>;

const Rating = z.number({ error: RATING_RANGE }).int(RATING_RANGE).min(1, RATING_RANGE).max(5, RATING_RANGE);

export const ReviewRequest = z.strictObject({
  rating: Rating,
  comment: OptionalText(3000, 'Comment'),
});
export type ReviewRequest = z.input<typeof ReviewRequest>;
export type ReviewCommand = z.output<typeof ReviewRequest>;

export const ReviewReplyRequest = z.strictObject({
  reply: requiredText('Reply is required', 2000, 'Reply must be at most 2000 characters'),
});

export const BusinessReview = z.object({
  id: Uuid,
  businessId: Uuid,
  author: MemberCard,
  rating: z.number().int(),
  comment: z.string().nullable(),
  /** The owner's public answer. */
  reply: z.string().nullable(),
  repliedAt: Timestamp.nullable(),
  /** Hidden by moderation: only its writer sees it, and it is out of the average. */
  hidden: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type BusinessReview = z.infer<typeof BusinessReview>;

/** What a review or its removal leaves the business with. */
export const BusinessRatingAnswer = z.object({
  businessId: Uuid,
  averageRating: z.number(),
  reviewsCount: z.number().int(),
  review: BusinessReview.nullable(),
});

/** `POST /api/businesses/{id}/claim`: how a moderator may confirm the claimant runs it. */
export const ClaimBusinessRequest = z.strictObject({
  note: requiredText(
    'Tell the moderators how to confirm you run this business',
    1000,
    'The note must be at most 1000 characters',
  ),
});
export const DecideClaimRequest = z.strictObject({
  approve: z.boolean({ error: 'approve must be true or false' }),
});
export const BusinessClaim = z.object({
  businessId: Uuid,
  businessName: z.string(),
  businessPhone: z.string().nullable(),
  businessEmail: z.string().nullable(),
  businessWebsite: z.string().nullable(),
  claimant: MemberCard,
  note: z.string().nullable(),
  claimedAt: Timestamp,
});
export type BusinessClaim = z.infer<typeof BusinessClaim>;

// Events (producer: directory). A business's stream (`business-{id}`) holds it, its claims and
// every review of it: one review per member and the average are decided under one lock. What a
// member wrote (a description, a review's comment, an owner's reply, a claim's note) is sealed
// with their key (PERSONAL_FIELDS); a business's name, address, phone, email and website are the
// business's public facts.

/** An event of a business's stream: the business, and its own fields. */
const businessEvent = streamEvent('directory', { businessId: Uuid });
/** An event about one review of the business: the business, the review, and its own fields. */
const reviewEvent = streamEvent('directory', { businessId: Uuid, reviewId: Uuid });
/** A review written, edited or deleted says whose it is and the rating it gives (or gave): the average moves by it. */
const authorsRating = { authorId: Uuid, rating: z.number().int() };

export const BusinessAdded = businessEvent('BusinessAdded', {
  addedBy: Uuid,
  ...detailFields,
  addedAt: Timestamp,
});
/** The owner changed its details: all of them as they now are. */
export const BusinessEdited = businessEvent('BusinessEdited', {
  editorId: Uuid,
  ...detailFields,
  editedAt: Timestamp,
});
export const BusinessClaimed = businessEvent('BusinessClaimed', {
  claimantId: Uuid,
  note: z.string(),
  claimedAt: Timestamp,
});
/** A moderator approved (the claimant owns it, verified) or declined a claim. */
export const BusinessClaimDecided = businessEvent('BusinessClaimDecided', {
  claimantId: Uuid,
  approved: z.boolean(),
  moderatorId: Uuid.nullable(),
  decidedAt: Timestamp,
});
/** Its owner's account was deleted: it stays listed, unowned and unverified. */
export const BusinessOwnershipReleased = businessEvent('BusinessOwnershipReleased', {
  ownerId: Uuid,
  releasedAt: Timestamp,
});
/** Taken down by a moderator (added to harass someone, or not a real business). */
export const BusinessRemoved = businessEvent('BusinessRemoved', { moderatorId: Uuid, removedAt: Timestamp });
export const BusinessReviewed = reviewEvent('BusinessReviewed', {
  ...authorsRating,
  comment: z.string().nullable(),
  reviewedAt: Timestamp,
});
export const BusinessReviewEdited = reviewEvent('BusinessReviewEdited', {
  ...authorsRating,
  previousRating: z.number().int(),
  comment: z.string().nullable(),
  editedAt: Timestamp,
});
/** Deleted by its author, or with their account (`byAccountDeletion`). */
export const BusinessReviewDeleted = reviewEvent('BusinessReviewDeleted', {
  ...authorsRating,
  byAccountDeletion: z.boolean(),
  deletedAt: Timestamp,
});
export const BusinessReviewAnswered = reviewEvent('BusinessReviewAnswered', {
  ownerId: Uuid,
  reply: z.string(),
  answeredAt: Timestamp,
});

/**
 * Hidden from everyone by moderation (reports pending review, or a moderator), or shown again:
 * a business leaves the directory; a review leaves its list (its writer still sees it) and the
 * business's average.
 */
export const BusinessHiddenSet = businessEvent('BusinessHiddenSet', { hidden: z.boolean(), at: Timestamp });
export const BusinessReviewHiddenSet = reviewEvent('BusinessReviewHiddenSet', {
  hidden: z.boolean(),
  at: Timestamp,
});

export const directoryEvents = [
  BusinessAdded,
  BusinessEdited,
  BusinessClaimed,
  BusinessClaimDecided,
  BusinessOwnershipReleased,
  BusinessRemoved,
  BusinessReviewed,
  BusinessReviewEdited,
  BusinessReviewDeleted,
  BusinessReviewAnswered,
  BusinessHiddenSet,
  BusinessReviewHiddenSet,
] as const;
