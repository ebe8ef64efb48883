import { z } from 'zod';
import { requiredText, Timestamp, Uuid } from './common';
import { defineEvent } from './envelope';

// Deals between neighbours, in a conversation about a post: offers (made, accepted, declined,
// countered), the ratings the two give each other once the post is sold to one of them, and a
// member's standing as others see it (ratings, typical reply time).

/** Offers are whole cents from one cent to this many dollars (a neighbour's sale, not a house). */
export const OFFER_MAX_DOLLARS = 1_000_000;
export const OFFER_AMOUNT_RULE = 'An offer is an amount from $0.01 to $1,000,000 with at most two decimals';
export const OFFER_NOT_FOUND = 'Offer not found';
export const OFFER_ALREADY_OPEN = 'There is already an open offer in this conversation: answer it first';
export const OFFER_NOT_OPEN = 'This offer has already been answered';
export const OFFER_NOT_YOURS_TO_ANSWER = 'Only the person the offer was made to can answer it';
export const OFFER_OWN_POST = 'You cannot make an offer on your own post; counter an offer instead';
export const OFFER_POST_REQUIRED = 'An offer must be about a post by one of you';
export const OFFER_POST_CLOSED = 'This post is no longer available';
export const OFFER_ALREADY_ACCEPTED = 'An offer on this post was already accepted in this conversation';

export const RATING_NOTE_MAX = 280;
export const RATING_NOT_AFTER_SALE =
  'You can rate someone only after the post was sold between the two of you';
export const RATING_NEVER_MESSAGED = 'You can only rate someone you messaged with about this post';
export const RATING_ALREADY_GIVEN = 'You have already rated this member for this post';
export const RATING_BLOCKED = 'You cannot rate this member';
/** Median first reply over conversations others started in this many days (reply time). */
export const REPLY_TIME_DAYS = 90;

/**
 * An amount in dollars as a client sends it (a number or a string like "12.50"), to cents: one
 * cent to OFFER_MAX_DOLLARS, at most two decimals; anything else is refused with the rule.
 */
export const OfferAmount = z
  .union([z.number(), z.string().trim().max(20)], { error: OFFER_AMOUNT_RULE })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value;
    const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
    const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
    if (!Number.isSafeInteger(cents) || cents < 1 || cents > OFFER_MAX_DOLLARS * 100) {
      ctx.addIssue({ code: 'custom', message: OFFER_AMOUNT_RULE });
      return z.NEVER;
    }
    return cents;
  });

export const ConversationIdParams = z.strictObject({ conversationId: z.string().min(1).max(100) });
export const OfferParams = ConversationIdParams.extend({ offerId: Uuid });

export const MakeOfferRequest = z.strictObject({ postId: Uuid, amount: OfferAmount });
export type MakeOfferRequest = z.input<typeof MakeOfferRequest>;
/** An offer as the service gets it: the amount in cents. */
export type MakeOfferCommand = z.output<typeof MakeOfferRequest>;

export const OFFER_ANSWERS = ['accept', 'decline', 'counter'] as const;
export const AnswerOfferRequest = z
  .strictObject({
    answer: z.enum(OFFER_ANSWERS, { error: 'answer must be accept, decline or counter' }),
    /** The counter-offer's amount: required with `counter`, refused otherwise. */
    amount: OfferAmount.optional(),
  })
  .refine((r) => (r.answer === 'counter') === (r.amount !== undefined), {
    message: 'A counter-offer needs an amount, and only a counter-offer takes one',
    path: ['amount'],
  });
export type AnswerOfferRequest = z.input<typeof AnswerOfferRequest>;
export type AnswerOfferCommand = z.output<typeof AnswerOfferRequest>;

export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'countered'] as const;
export const OfferStatus = z.enum(OFFER_STATUSES);
export type OfferStatus = z.infer<typeof OfferStatus>;

export const Offer = z.object({
  id: Uuid,
  conversationId: z.string(),
  postId: Uuid,
  fromId: Uuid,
  toId: Uuid,
  amountCents: z.number().int(),
  status: OfferStatus,
  createdAt: Timestamp,
  answeredAt: Timestamp.nullable(),
});
export type Offer = z.infer<typeof Offer>;

export const RATING_SCORES = [1, 2, 3, 4, 5] as const;
export const RatingScore = z
  .number({ error: 'score must be a whole number from 1 to 5' })
  .int('score must be a whole number from 1 to 5')
  .min(1, 'score must be a whole number from 1 to 5')
  .max(5, 'score must be a whole number from 1 to 5');
export const RatingNote = requiredText(
  'A short note is required',
  RATING_NOTE_MAX,
  `A note is at most ${RATING_NOTE_MAX} characters`,
);
export const RateMemberRequest = z.strictObject({ postId: Uuid, score: RatingScore, note: RatingNote });
export type RateMemberRequest = z.input<typeof RateMemberRequest>;

/** A conversation's deal as one of its two members sees it: the post, its offers, the ratings. */
export const Deal = z.object({
  post: z
    .object({
      id: Uuid,
      ownerId: Uuid,
      /** available, pending (an offer was accepted) or sold; null when the post is gone. */
      state: z.enum(['available', 'pending', 'sold']).nullable(),
      /** Whom it was sold to, once sold to a member. */
      soldTo: Uuid.nullable(),
    })
    .nullable(),
  offers: z.array(Offer),
  /** Whether the viewer may still rate the other about this post, and whether they did. */
  canRate: z.boolean(),
  rated: z.boolean(),
});
export type Deal = z.infer<typeof Deal>;

export const Rating = z.object({
  score: z.number().int(),
  note: z.string(),
  postId: Uuid,
  raterId: Uuid,
  raterName: z.string(),
  createdAt: Timestamp,
});
export type Rating = z.infer<typeof Rating>;

/** A member's standing as others see it on their profile. */
export const MemberStanding = z.object({
  ratingsCount: z.number().int(),
  /** The average score to two decimals, null before any rating. */
  averageRating: z.number().nullable(),
  ratings: z.array(Rating),
  /** Median minutes to a first reply in conversations others started, last 90 days; null when none. */
  typicalReplyMinutes: z.number().int().nullable(),
});
export type MemberStanding = z.infer<typeof MemberStanding>;
export const MemberIdParams = z.strictObject({ id: Uuid });

const OfferFields = {
  offerId: Uuid,
  conversationId: z.string(),
  postId: Uuid,
  /** The post's owner and the other member (who buys). */
  sellerId: Uuid,
  buyerId: Uuid,
};

/** An offer made, by `fromId` to `toId`: the conversation's one open offer. */
export const OfferMade = defineEvent(
  'messaging',
  'OfferMade',
  z.object({
    ...OfferFields,
    fromId: Uuid,
    toId: Uuid,
    amountCents: z.number().int(),
    madeAt: Timestamp,
    /** The offer this one counters, when it is a counter-offer. */
    counterOf: Uuid.optional(),
  }),
);
/** The open offer accepted by the one it was made to: its post becomes pending. */
export const OfferAccepted = defineEvent(
  'messaging',
  'OfferAccepted',
  z.object({ ...OfferFields, amountCents: z.number().int(), byId: Uuid, at: Timestamp }),
);
/** The open offer declined (or countered: a new OfferMade follows in the same append). */
export const OfferDeclined = defineEvent(
  'messaging',
  'OfferDeclined',
  z.object({
    ...OfferFields,
    byId: Uuid,
    countered: z.boolean(),
    at: Timestamp,
    /** The declined offer's amount, for the notification to its maker (absent in older events). */
    amountCents: z.number().int().optional(),
  }),
);
/** One member rated the other after the post was sold between them (the note is sealed). */
export const MemberRated = defineEvent(
  'messaging',
  'MemberRated',
  z.object({
    ratingId: Uuid,
    postId: Uuid,
    raterId: Uuid,
    rateeId: Uuid,
    score: z.number().int().min(1).max(5),
    note: z.string(),
    ratedAt: Timestamp,
  }),
);

export const dealEvents = [OfferMade, OfferAccepted, OfferDeclined, MemberRated] as const;
