import {
  ALREADY_CLAIMED,
  ALREADY_REVIEWED,
  BUSINESS_NOT_FOUND,
  BUSINESS_OWNER_ONLY,
  BusinessAdded,
  BusinessClaimDecided,
  BusinessClaimed,
  BusinessRemoved,
  BusinessReviewDeleted,
  BusinessReviewEdited,
  BusinessReviewed,
  CLAIM_PENDING,
  OWNER_CANNOT_REVIEW,
  RATING_RANGE,
  REVIEW_AUTHOR_ONLY,
  REVIEW_BLOCKED,
  ReviewRequest,
} from '@waco/contracts';
import { newEvent, RuleBroken } from '@waco/platform';
import { testAt as at, deciderSpecification, testNow as now, testMembers } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { type BusinessCommand, businessDecider } from '../src/domain/business';

const { ada, bob, cy } = testMembers;
const mod = '0190a000-0000-7000-8000-0000000000dd';
const businessId = '0190a000-0000-7000-8000-0000000000f1';
const reviewId = '0190a000-0000-7000-8000-0000000000e1';

const details = {
  name: 'Brazos Fence & Gate',
  category: 'home_repair' as const,
  description: 'Cedar fences, gates and repairs',
  address: '100 Example St',
  phone: '(254) 555-0100',
  email: null,
  website: null,
  imageUrl: null,
  neighborhood: 'sanger_heights',
};
const added = newEvent(BusinessAdded, { businessId, addedBy: cy, ...details, addedAt: at });
const claimed = (claimantId: string) =>
  newEvent(BusinessClaimed, { businessId, claimantId, note: 'Call the shop', claimedAt: at });
const approved = (claimantId: string) =>
  newEvent(BusinessClaimDecided, { businessId, claimantId, approved: true, moderatorId: mod, decidedAt: at });
const reviewed = (authorId: string, rating: number, id = reviewId) =>
  newEvent(BusinessReviewed, { businessId, reviewId: id, authorId, rating, comment: null, reviewedAt: at });

const businesses = deciderSpecification(businessDecider);

const review = (authorId: string, rating: number, over: Partial<BusinessCommand> = {}): BusinessCommand =>
  ({
    type: 'review',
    businessId,
    reviewId,
    authorId,
    rating,
    comment: 'Fixed our gate in a day',
    suspension: null,
    blockedWithOwner: false,
    now,
    ...over,
  }) as BusinessCommand;

describe('a review', () => {
  it('is one per member: a second one is refused, an edit is the way', () => {
    businesses
      .given([added])
      .when(review(bob, 4))
      .then([
        newEvent(BusinessReviewed, {
          businessId,
          reviewId,
          authorId: bob,
          rating: 4,
          comment: 'Fixed our gate in a day',
          reviewedAt: at,
        }),
      ]);
    businesses
      .given([added, reviewed(bob, 4)])
      .when(review(bob, 5, { reviewId: '0190a000-0000-7000-8000-0000000000e2' } as Partial<BusinessCommand>))
      .thenThrows(RuleBroken, ALREADY_REVIEWED, (e) => expect(e.statusCode).toBe(409));
    // Deleted, it may be written again.
    businesses
      .given([
        added,
        reviewed(bob, 4),
        newEvent(BusinessReviewDeleted, {
          businessId,
          reviewId,
          authorId: bob,
          rating: 4,
          byAccountDeletion: false,
          deletedAt: at,
        }),
      ])
      .when(review(bob, 2))
      .then(([event]) => expect(event?.type).toBe('BusinessReviewed'));
  });

  it('is never by the business’s owner', () => {
    businesses
      .given([added, claimed(ada), approved(ada)])
      .when(review(ada, 5))
      .thenThrows(RuleBroken, OWNER_CANNOT_REVIEW, (e) => expect(e.statusCode).toBe(403));
    // Who added it, not owning it, may.
    businesses
      .given([added])
      .when(review(cy, 5))
      .then(([e]) => expect(e?.type).toBe('BusinessReviewed'));
  });

  it('is a whole number from 1 to 5, in the request and in the decider', () => {
    for (const rating of [0, 6, 3.5, -1, Number.NaN])
      businesses.given([added]).when(review(bob, rating)).thenThrows(RuleBroken, RATING_RANGE);
    for (const rating of [1, 5])
      businesses
        .given([added])
        .when(review(bob, rating))
        .then(([e]) => expect(e?.type).toBe('BusinessReviewed'));
    for (const rating of [0, 6, 4.5, '4', null]) {
      const parsed = ReviewRequest.safeParse({ rating, comment: 'x' });
      expect(parsed.success, String(rating)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(RATING_RANGE);
    }
    expect(ReviewRequest.parse({ rating: 3, comment: '  ' })).toEqual({ rating: 3, comment: null });
  });

  it('is refused across a block with the owner, and to a suspended member', () => {
    businesses
      .given([added, claimed(ada), approved(ada)])
      .when(review(bob, 1, { blockedWithOwner: true } as Partial<BusinessCommand>))
      .thenThrows(RuleBroken, REVIEW_BLOCKED, (e) => expect(e.statusCode).toBe(403));
    businesses
      .given([added])
      .when(review(bob, 1, { suspension: { note: 'spam' } } as Partial<BusinessCommand>))
      .thenThrows(RuleBroken, 'suspended');
  });

  it('is edited and deleted by its author only, carrying the rating it replaces', () => {
    const edit = (actorId: string): BusinessCommand => ({
      type: 'edit-review',
      businessId,
      reviewId,
      actorId,
      rating: 2,
      comment: null,
      suspension: null,
      now,
    });
    businesses
      .given([added, reviewed(bob, 5)])
      .when(edit(bob))
      .then([
        newEvent(BusinessReviewEdited, {
          businessId,
          reviewId,
          authorId: bob,
          rating: 2,
          previousRating: 5,
          comment: null,
          editedAt: at,
        }),
      ]);
    businesses
      .given([added, reviewed(bob, 5)])
      .when(edit(cy))
      .thenThrows(RuleBroken, REVIEW_AUTHOR_ONLY);
    businesses
      .given([added, reviewed(bob, 5)])
      .when({ type: 'delete-review', businessId, reviewId, actorId: cy, now })
      .thenThrows(RuleBroken, REVIEW_AUTHOR_ONLY);
    businesses
      .given([added, reviewed(bob, 5)])
      .when({ type: 'delete-review', businessId, reviewId, actorId: bob, now })
      .then([
        newEvent(BusinessReviewDeleted, {
          businessId,
          reviewId,
          authorId: bob,
          rating: 5,
          byAccountDeletion: false,
          deletedAt: at,
        }),
      ]);
  });
});

describe('a business', () => {
  it('is claimed once at a time, verified by a moderator, then edited and answered by its owner only', () => {
    businesses
      .given([added])
      .when({ type: 'claim', businessId, claimantId: ada, note: 'Call the shop', suspension: null, now })
      .then([claimed(ada)]);
    businesses
      .given([added, claimed(ada)])
      .when({ type: 'claim', businessId, claimantId: bob, note: 'Mine', suspension: null, now })
      .thenThrows(RuleBroken, CLAIM_PENDING);
    businesses
      .given([added, claimed(ada)])
      .when({ type: 'decide-claim', businessId, moderatorId: mod, approve: true, now })
      .then([approved(ada)]);
    businesses
      .given([added, claimed(ada), approved(ada)])
      .when({ type: 'claim', businessId, claimantId: bob, note: 'Mine', suspension: null, now })
      .thenThrows(RuleBroken, ALREADY_CLAIMED);
    const edit = (actorId: string): BusinessCommand => ({
      type: 'edit',
      businessId,
      actorId,
      changes: { phone: '(254) 555-0199' },
      photoUploaded: true,
      now,
    });
    // Who added it is not its owner.
    businesses.given([added]).when(edit(cy)).thenThrows(RuleBroken, BUSINESS_OWNER_ONLY);
    businesses
      .given([added, claimed(ada), approved(ada)])
      .when(edit(ada))
      .then(([edited]) => expect(edited?.data).toMatchObject({ ...details, phone: '(254) 555-0199' }));
    const answer = (actorId: string): BusinessCommand => ({
      type: 'answer-review',
      businessId,
      reviewId,
      actorId,
      reply: 'Thanks!',
      now,
    });
    businesses
      .given([added, claimed(ada), approved(ada), reviewed(bob, 4)])
      .when(answer(bob))
      .thenThrows(RuleBroken, BUSINESS_OWNER_ONLY);
    businesses
      .given([added, claimed(ada), approved(ada), reviewed(bob, 4)])
      .when(answer(ada))
      .then(([e]) => expect(e?.type).toBe('BusinessReviewAnswered'));
  });

  it('once removed, is gone for every command', () => {
    const removed = newEvent(BusinessRemoved, { businessId, moderatorId: mod, removedAt: at });
    businesses.given([added, removed]).when(review(bob, 3)).thenThrows(RuleBroken, BUSINESS_NOT_FOUND);
  });

  it("loses a deleted account's review, its claim and its ownership", () => {
    businesses
      .given([added, claimed(ada), approved(ada), reviewed(bob, 2), claimed(bob)])
      .when({ type: 'account-deleted', businessId, userId: bob, now })
      .then((events) =>
        expect(events.map((e) => [e.type, (e.data as { approved?: boolean }).approved])).toEqual([
          ['BusinessReviewDeleted', undefined],
          ['BusinessClaimDecided', false],
        ]),
      );
    businesses
      .given([added, claimed(ada), approved(ada)])
      .when({ type: 'account-deleted', businessId, userId: ada, now })
      .then(([released]) => expect(released?.type).toBe('BusinessOwnershipReleased'));
  });
});
