import { randomUUID } from 'node:crypto';
import {
  BadgeEarned,
  type BadgeType,
  HELPFUL_NEIGHBOUR_LIKES,
  NO_TALLIES,
  REPUTATION_POINTS,
  reputationOf,
  type StandingTallies,
  TRUSTED_SELLER_SALES,
} from '@waco/contracts';
import { newEvent } from '@waco/platform';
import { deciderSpecification } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { badgesDecider, type ReviewBadges } from '../src/domain/badges';

const now = new Date('2030-01-02T03:04:05.000Z');
const userId = randomUUID();
const review = (tallies: Partial<StandingTallies>): ReviewBadges => ({
  type: 'review',
  userId,
  tallies: { ...NO_TALLIES, ...tallies },
  now,
});
const earned = (badgeType: BadgeType) =>
  newEvent(BadgeEarned, { userId, badgeType, earnedAt: now.toISOString() });

const badges = deciderSpecification(badgesDecider);

describe('badges', () => {
  it('earns nothing for nothing done', () => {
    badges.given([]).when(review({})).thenNothingHappens();
  });

  it('earns the first post, the event host and the verified email badges from their facts', () => {
    badges
      .given([])
      .when(review({ posts: 1, eventsHosted: 1, emailVerified: true }))
      .then([earned('verified_email'), earned('first_post'), earned('event_host')]);
  });

  it('earns each badge once: the same facts reviewed again (a redelivered event) record nothing', () => {
    badges
      .given([earned('first_post')])
      .when(review({ posts: 1 }))
      .thenNothingHappens();
    badges
      .given([earned('first_post')])
      .when(review({ posts: 5 }))
      .thenNothingHappens();
  });

  it(`makes a helpful neighbour at ${HELPFUL_NEIGHBOUR_LIKES} likes on their comments, kept when likes are taken back`, () => {
    badges
      .given([])
      .when(review({ commentLikes: HELPFUL_NEIGHBOUR_LIKES - 1 }))
      .thenNothingHappens();
    badges
      .given([])
      .when(review({ commentLikes: HELPFUL_NEIGHBOUR_LIKES }))
      .then([earned('helpful_neighbour')]);
    badges
      .given([earned('helpful_neighbour')])
      .when(review({ commentLikes: 0 }))
      .thenNothingHappens();
  });

  it(`makes a trusted seller at ${TRUSTED_SELLER_SALES} sales, never with a report upheld against them`, () => {
    badges
      .given([])
      .when(review({ sales: TRUSTED_SELLER_SALES }))
      .then([earned('trusted_seller')]);
    badges
      .given([])
      .when(review({ sales: TRUSTED_SELLER_SALES + 5, upheldReports: 1 }))
      .thenNothingHappens();
  });
});

describe('the reputation rule', () => {
  const p = REPUTATION_POINTS;

  it('adds what a member did', () => {
    expect(reputationOf(NO_TALLIES)).toBe(0);
    expect(
      reputationOf({
        ...NO_TALLIES,
        emailVerified: true,
        posts: 3,
        eventsHosted: 1,
        commentLikes: 4,
        sales: 2,
      }),
    ).toBe(p.verifiedEmail + 3 * p.perPost + p.perEventHosted + 4 * p.perCommentLike + 2 * p.perSale);
  });

  it('is lowered by an upheld report and by a suspension, never below zero', () => {
    const active = { ...NO_TALLIES, emailVerified: true, posts: 20, sales: 4 };
    const before = reputationOf(active);
    expect(reputationOf({ ...active, upheldReports: 1 })).toBe(before + p.perUpheldReport);
    expect(reputationOf({ ...active, upheldReports: 1, suspensions: 1 })).toBe(
      before + p.perUpheldReport + p.perSuspension,
    );
    expect(reputationOf({ ...NO_TALLIES, posts: 1, suspensions: 1 })).toBe(0);
  });

  it('gives the same score for the same tallies (a redelivered event changes no tally: the inbox)', () => {
    const tallies = { ...NO_TALLIES, posts: 2, commentLikes: 3 };
    expect(reputationOf(tallies)).toBe(reputationOf({ ...tallies }));
  });
});
