import {
  type EventOf,
  MemberRated,
  OFFER_ALREADY_ACCEPTED,
  OFFER_ALREADY_OPEN,
  OFFER_NOT_FOUND,
  OFFER_NOT_OPEN,
  OFFER_NOT_YOURS_TO_ANSWER,
  OFFER_OWN_POST,
  OFFER_POST_CLOSED,
  OFFER_POST_REQUIRED,
  OfferAccepted,
  OfferDeclined,
  OfferMade,
  RATING_ALREADY_GIVEN,
  RATING_BLOCKED,
  RATING_NEVER_MESSAGED,
  RATING_NOT_AFTER_SALE,
  RatingNote,
  RatingScore,
} from '@waco/contracts';
import { type Decider, type NewEvent, newEvent, RuleBroken, refuseSuspended } from '@waco/platform';
import { type AboutPost, decideAboutPost } from './conversations';
import { type MessagingModerationFacts, refuseModerated } from './moderation-rules';

/** A conversation's offers: their own stream, whose history says which one is open. */
export const offersStream = (conversationId: string) => `offers-${conversationId}`;
/** One member's rating of the other about one post: a stream each, so it is given once. */
export const ratingStream = (postId: string, raterId: string) => `rating-${postId}-${raterId.toLowerCase()}`;

/** Where a post stands, as messaging's copy of posts' events says. */
export type PostStanding = 'available' | 'pending' | 'sold' | 'closed';

/** The post an offer is about, with where it stands (gathered by the command). */
export interface OfferPost {
  about: AboutPost | undefined;
  standing: PostStanding | null;
}

export interface MakeOffer {
  type: 'make';
  offerId: string;
  conversationId: string;
  fromId: string;
  toId: string;
  amountCents: number;
  post: OfferPost;
  moderation: MessagingModerationFacts;
  now: Date;
}

export interface AnswerOffer {
  type: 'answer';
  offerId: string;
  byId: string;
  answer: 'accept' | 'decline' | 'counter';
  /** The counter-offer's id and amount (with `counter`). */
  counter?: { offerId: string; amountCents: number };
  post: OfferPost;
  moderation: MessagingModerationFacts;
  now: Date;
}

export type OfferCommand = MakeOffer | AnswerOffer;
type OfferEvent = EventOf<typeof OfferMade | typeof OfferAccepted | typeof OfferDeclined>;
type OpenOffer = ReturnType<typeof OfferMade.schema.parse>;

export interface OffersState {
  /** The conversation's one open offer. */
  open: OpenOffer | null;
  /** Every offer ever made here (an answered one is 409, an unknown one 404). */
  known: ReadonlySet<string>;
  /** The posts an offer was accepted on in this conversation. */
  accepted: ReadonlySet<string>;
}

const initialOffers: OffersState = { open: null, known: new Set(), accepted: new Set() };

function evolveOffers(state: OffersState, event: OfferEvent): OffersState {
  switch (event.type) {
    case OfferMade.type:
      return { ...state, open: event.data, known: new Set([...state.known, event.data.offerId]) };
    case OfferAccepted.type:
      return { ...state, open: null, accepted: new Set([...state.accepted, event.data.postId]) };
    case OfferDeclined.type:
      return { ...state, open: null };
  }
}

/**
 * Offers in a conversation about a post by one of its two members. The other member (the buyer)
 * opens with an offer; the one it was made to accepts, declines or counters it (a counter is a
 * new offer the other way). One offer is open at a time; accepted, the post becomes pending.
 * Blocked pairs and suspended members are refused, as with messages.
 */
export const offersDecider: Decider<OfferCommand, OffersState, OfferEvent> = {
  events: [OfferMade, OfferAccepted, OfferDeclined],
  initialState: initialOffers,
  evolve: evolveOffers,
  decide: (command, state) =>
    command.type === 'make' ? decideMake(command, state) : decideAnswer(command, state),
};

/** The post's owner and buyer, refusing a post that is not by one of the two or is gone. */
function parties(post: OfferPost, a: string, b: string) {
  const postId = decideAboutPost(post.about, a, b);
  if (!postId || !post.about?.ownerId) throw new RuleBroken(OFFER_POST_REQUIRED, { field: 'postId' });
  const sellerId = post.about.ownerId.toLowerCase();
  const buyerId = sellerId === a.toLowerCase() ? b.toLowerCase() : a.toLowerCase();
  if (post.standing === 'sold' || post.standing === 'closed' || post.standing === null)
    throw new RuleBroken(OFFER_POST_CLOSED, { status: 409 });
  return { postId, sellerId, buyerId };
}

function decideMake(command: MakeOffer, state: OffersState): NewEvent<OfferEvent>[] {
  refuseModerated(command.moderation);
  const { postId, sellerId, buyerId } = parties(command.post, command.fromId, command.toId);
  if (sellerId === command.fromId.toLowerCase()) throw new RuleBroken(OFFER_OWN_POST, { status: 403 });
  if (state.open) throw new RuleBroken(OFFER_ALREADY_OPEN, { status: 409 });
  if (state.accepted.has(postId)) throw new RuleBroken(OFFER_ALREADY_ACCEPTED, { status: 409 });
  return [
    newEvent(OfferMade, {
      offerId: command.offerId,
      conversationId: command.conversationId,
      postId,
      sellerId,
      buyerId,
      fromId: command.fromId.toLowerCase(),
      toId: command.toId.toLowerCase(),
      amountCents: command.amountCents,
      madeAt: command.now.toISOString(),
    }),
  ];
}

function decideAnswer(command: AnswerOffer, state: OffersState): NewEvent<OfferEvent>[] {
  const open = state.open;
  if (open?.offerId !== command.offerId) {
    if (state.known.has(command.offerId)) throw new RuleBroken(OFFER_NOT_OPEN, { status: 409 });
    throw new RuleBroken(OFFER_NOT_FOUND, { status: 404 });
  }
  if (open.toId !== command.byId.toLowerCase())
    throw new RuleBroken(OFFER_NOT_YOURS_TO_ANSWER, { status: 403 });
  refuseModerated(command.moderation);
  const { offerId, conversationId, postId, sellerId, buyerId } = open;
  const ref = { offerId, conversationId, postId, sellerId, buyerId };
  const at = command.now.toISOString();
  const byId = open.toId;
  if (command.answer === 'decline')
    return [newEvent(OfferDeclined, { ...ref, amountCents: open.amountCents, byId, countered: false, at })];
  // Accepting or countering needs the post still up for sale.
  parties(command.post, open.fromId, open.toId);
  if (command.answer === 'accept')
    return [newEvent(OfferAccepted, { ...ref, amountCents: open.amountCents, byId, at })];
  if (!command.counter) throw new RuleBroken('A counter-offer needs an amount', { field: 'amount' });
  return [
    newEvent(OfferDeclined, { ...ref, amountCents: open.amountCents, byId, countered: true, at }),
    newEvent(OfferMade, {
      ...ref,
      offerId: command.counter.offerId,
      fromId: byId,
      toId: open.fromId,
      amountCents: command.counter.amountCents,
      madeAt: at,
      counterOf: offerId,
    }),
  ];
}

/** The sale a rating rests on, from messaging's copy of posts. */
export interface SaleFacts {
  ownerId: string;
  standing: PostStanding;
  soldTo: string | null;
}

export interface RateMember {
  type: 'rate';
  ratingId: string;
  postId: string;
  raterId: string;
  rateeId: string;
  score: number;
  note: string;
  /** The post as the copy holds it; undefined when it does not (deleted, never heard of). */
  sale: SaleFacts | undefined;
  /** Whether a message about this post passed between the two (their conversation's log). */
  messagedAbout: boolean;
  moderation: MessagingModerationFacts;
  now: Date;
}

type RatingEvent = EventOf<typeof MemberRated>;

/**
 * A rating: once the post was sold by one of the two to the other, each may rate the other once
 * (1 to 5, and a short note). Refused to a suspended member, across a block either way, between
 * two who never messaged about the post, and before the sale.
 */
export const ratingDecider: Decider<RateMember, { rated: boolean }, RatingEvent> = {
  events: [MemberRated],
  initialState: { rated: false },
  evolve: () => ({ rated: true }),
  decide(command, state) {
    refuseSuspended(command.moderation.senderSuspension);
    if (command.moderation.blocked) throw new RuleBroken(RATING_BLOCKED, { status: 403 });
    if (!command.messagedAbout) throw new RuleBroken(RATING_NEVER_MESSAGED, { status: 403 });
    const rater = command.raterId.toLowerCase();
    const ratee = command.rateeId.toLowerCase();
    const sale = command.sale;
    const pair = sale?.soldTo ? [sale.ownerId.toLowerCase(), sale.soldTo.toLowerCase()].sort() : [];
    if (sale?.standing !== 'sold' || pair.join() !== [rater, ratee].sort().join())
      throw new RuleBroken(RATING_NOT_AFTER_SALE, { status: 409 });
    if (state.rated) throw new RuleBroken(RATING_ALREADY_GIVEN, { status: 409 });
    const score = RatingScore.safeParse(command.score);
    if (!score.success)
      throw new RuleBroken(score.error.issues[0]?.message ?? 'Invalid score', { field: 'score' });
    const note = RatingNote.safeParse(command.note);
    if (!note.success)
      throw new RuleBroken(note.error.issues[0]?.message ?? 'Invalid note', { field: 'note' });
    return [
      newEvent(MemberRated, {
        ratingId: command.ratingId,
        postId: command.postId.toLowerCase(),
        raterId: rater,
        rateeId: ratee,
        score: score.data,
        note: note.data,
        ratedAt: command.now.toISOString(),
      }),
    ];
  },
};
