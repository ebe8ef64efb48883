import { OfferAmount, RATING_ALREADY_GIVEN } from '@waco/contracts';
import { RuleBroken } from '@waco/platform';
import { deciderSpecification } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import {
  type AnswerOffer,
  type MakeOffer,
  offersDecider,
  type RateMember,
  ratingDecider,
} from '../src/domain/deals';

// Ada sells, Bob buys; Cy is someone else.
const ada = '0190a000-0000-7000-8000-00000000000a';
const bob = '0190a000-0000-7000-8000-00000000000b';
const cy = '0190a000-0000-7000-8000-00000000000c';
const postId = '0190a000-0000-7000-8000-0000000000f0';
const conversationId = `${ada}_${bob}`;
const now = new Date('2030-01-02T03:04:05.000Z');
const offer1 = '0190a000-0000-7000-8000-000000000001';
const offer2 = '0190a000-0000-7000-8000-000000000002';
const free = { blocked: false, senderSuspension: null };
const adasPost = { about: { postId, ownerId: ada, hidden: false }, standing: 'available' as const };

const offers = deciderSpecification(offersDecider);
const make: MakeOffer = {
  type: 'make',
  offerId: offer1,
  conversationId,
  fromId: bob,
  toId: ada,
  amountCents: 4500,
  post: adasPost,
  moderation: free,
  now,
};
const made = {
  type: 'OfferMade',
  data: {
    offerId: offer1,
    conversationId,
    postId,
    sellerId: ada,
    buyerId: bob,
    fromId: bob,
    toId: ada,
    amountCents: 4500,
    madeAt: now.toISOString(),
  },
};
const answer = (a: AnswerOffer['answer'], byId = ada, more: Partial<AnswerOffer> = {}): AnswerOffer => ({
  type: 'answer',
  offerId: offer1,
  byId,
  answer: a,
  post: adasPost,
  moderation: free,
  now,
  ...more,
});
const ref = { offerId: offer1, conversationId, postId, sellerId: ada, buyerId: bob };

describe('offer amounts', () => {
  it('are whole cents from one cent to a million dollars, as a number or a string', () => {
    expect(OfferAmount.parse('45')).toBe(4500);
    expect(OfferAmount.parse('12.5')).toBe(1250);
    expect(OfferAmount.parse(0.01)).toBe(1);
    expect(OfferAmount.parse(1_000_000)).toBe(100_000_000);
    for (const bad of [0, -5, '0.00', '1.234', '1e3', '1,000', 'ten', 1_000_000.01, Number.NaN, null, '']) {
      expect(OfferAmount.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});

describe('making an offer', () => {
  it('is the buyer offering on the seller post: OfferMade to the seller', () => {
    offers
      .given([])
      .when(make)
      .then([{ ...made, schemaVersion: 1 }]);
  });

  it('refuses the seller opening, a post by neither, a sold post, and a second open offer', () => {
    offers
      .given([])
      .when({ ...make, fromId: ada, toId: bob })
      .thenThrows(RuleBroken, 'your own post');
    offers
      .given([])
      .when({ ...make, post: { about: { postId, ownerId: cy, hidden: false }, standing: 'available' } })
      .thenThrows(RuleBroken, 'not by either of you');
    offers
      .given([])
      .when({ ...make, post: { about: undefined, standing: null } })
      .thenThrows(RuleBroken, 'about a post');
    offers
      .given([])
      .when({ ...make, post: { ...adasPost, standing: 'sold' } })
      .thenThrows(RuleBroken, 'no longer available');
    offers
      .given([made])
      .when({ ...make, offerId: offer2 })
      .thenThrows(RuleBroken, 'already an open offer');
  });

  it('refuses a blocked pair and a suspended buyer', () => {
    offers
      .given([])
      .when({ ...make, moderation: { ...free, blocked: true } })
      .thenThrows(RuleBroken);
    offers
      .given([])
      .when({ ...make, moderation: { blocked: false, senderSuspension: { note: 'spam' } } })
      .thenThrows(RuleBroken);
  });

  it('may offer again after a decline, but not once an offer on the post was accepted', () => {
    const declined = {
      type: 'OfferDeclined',
      data: { ...ref, amountCents: 4500, byId: ada, countered: false, at: now.toISOString() },
    };
    offers
      .given([made, declined])
      .when({ ...make, offerId: offer2 })
      .then(([event]) => expect(event?.data).toMatchObject({ offerId: offer2, amountCents: 4500 }));
    const accepted = {
      type: 'OfferAccepted',
      data: { ...ref, amountCents: 4500, byId: ada, at: now.toISOString() },
    };
    offers
      .given([made, accepted])
      .when({ ...make, offerId: offer2 })
      .thenThrows(RuleBroken, 'already accepted');
  });
});

describe('answering an offer', () => {
  it('accepting gives OfferAccepted with the amount; declining OfferDeclined with it too', () => {
    offers
      .given([made])
      .when(answer('accept'))
      .then([
        {
          type: 'OfferAccepted',
          schemaVersion: 1,
          data: { ...ref, amountCents: 4500, byId: ada, at: now.toISOString() },
        },
      ]);
    offers
      .given([made])
      .when(answer('decline'))
      .then([
        {
          type: 'OfferDeclined',
          schemaVersion: 1,
          data: { ...ref, amountCents: 4500, byId: ada, countered: false, at: now.toISOString() },
        },
      ]);
  });

  it('countering closes the offer and opens one the other way, which the buyer may accept', () => {
    const countered = answer('counter', ada, { counter: { offerId: offer2, amountCents: 5000 } });
    let events: unknown[] = [];
    offers
      .given([made])
      .when(countered)
      .then((decided) => {
        events = decided;
        expect(decided.map((e) => e.type)).toEqual(['OfferDeclined', 'OfferMade']);
        expect(decided[0]?.data).toMatchObject({ countered: true });
        expect(decided[1]?.data).toMatchObject({
          offerId: offer2,
          fromId: ada,
          toId: bob,
          amountCents: 5000,
          counterOf: offer1,
        });
      });
    const history = [made, ...(events as (typeof made)[])];
    offers
      .given(history)
      .when(answer('accept', ada, { offerId: offer2 }))
      .thenThrows(RuleBroken, 'made to');
    offers
      .given(history)
      .when(answer('accept', bob, { offerId: offer2 }))
      .then(([event]) =>
        expect(event).toMatchObject({ type: 'OfferAccepted', data: { offerId: offer2, amountCents: 5000 } }),
      );
  });

  it('refuses the offer maker, an answered offer (409), an unknown one (404), and accepting a sold post', () => {
    offers.given([made]).when(answer('accept', bob)).thenThrows(RuleBroken, 'made to');
    const declined = {
      type: 'OfferDeclined',
      data: { ...ref, amountCents: 4500, byId: ada, countered: false, at: now.toISOString() },
    };
    offers
      .given([made, declined])
      .when(answer('accept'))
      .thenThrows(RuleBroken, 'already been answered', (e) => expect(e.statusCode).toBe(409));
    offers
      .given([])
      .when(answer('accept'))
      .thenThrows(RuleBroken, 'not found', (e) => expect(e.statusCode).toBe(404));
    offers
      .given([made])
      .when(answer('accept', ada, { post: { ...adasPost, standing: 'sold' } }))
      .thenThrows(RuleBroken, 'no longer');
  });
});

describe('rating after a sale', () => {
  const ratings = deciderSpecification(ratingDecider);
  const rate: RateMember = {
    type: 'rate',
    ratingId: offer1,
    postId,
    raterId: bob,
    rateeId: ada,
    score: 5,
    note: 'Smooth pickup, as described.',
    sale: { ownerId: ada, standing: 'sold', soldTo: bob },
    messagedAbout: true,
    moderation: free,
    now,
  };
  const rated = {
    type: 'MemberRated',
    data: {
      ratingId: offer1,
      postId,
      raterId: bob,
      rateeId: ada,
      score: 5,
      note: 'Smooth pickup, as described.',
      ratedAt: now.toISOString(),
    },
  };

  it('each of the two may rate the other once', () => {
    ratings
      .given([])
      .when(rate)
      .then([{ ...rated, schemaVersion: 1 }]);
    ratings
      .given([])
      .when({ ...rate, raterId: ada, rateeId: bob })
      .then(([event]) => expect(event?.data).toMatchObject({ raterId: ada, rateeId: bob }));
    ratings.given([rated]).when(rate).thenThrows(RuleBroken, RATING_ALREADY_GIVEN);
  });

  it('only after the post was sold between the two', () => {
    for (const sale of [
      undefined,
      { ownerId: ada, standing: 'pending' as const, soldTo: null },
      { ownerId: ada, standing: 'sold' as const, soldTo: null },
      { ownerId: ada, standing: 'sold' as const, soldTo: cy },
    ])
      ratings
        .given([])
        .when({ ...rate, sale })
        .thenThrows(RuleBroken, 'only after the post was sold');
  });

  it('refuses two who never messaged about the post, a block either way, and a suspended rater', () => {
    ratings
      .given([])
      .when({ ...rate, messagedAbout: false })
      .thenThrows(RuleBroken, 'messaged with');
    ratings
      .given([])
      .when({ ...rate, moderation: { ...free, blocked: true } })
      .thenThrows(RuleBroken, 'cannot rate');
    ratings
      .given([])
      .when({ ...rate, moderation: { blocked: false, senderSuspension: { note: 'spam' } } })
      .thenThrows(RuleBroken);
  });

  it('takes a score from 1 to 5 and a short note', () => {
    for (const score of [0, 6, 2.5])
      ratings
        .given([])
        .when({ ...rate, score })
        .thenThrows(RuleBroken, 'score');
    ratings
      .given([])
      .when({ ...rate, note: '   ' })
      .thenThrows(RuleBroken, 'note');
    ratings
      .given([])
      .when({ ...rate, note: 'x'.repeat(281) })
      .thenThrows(RuleBroken, '280');
  });
});
