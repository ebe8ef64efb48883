import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { defineEvent } from './envelope';

// Badges and reputation (spec section 3, `user_badges` and users' `reputationScore`). identity
// owns them, built from other services' events: what a member did (posts, comments, sales) and
// what moderators decided about them. Each badge is earned once and kept; the reputation is a
// stated rule of the same facts, which a moderator's action lowers.

/** The badges, in the order a profile shows them. */
export const BADGE_TYPES = [
  'verified_email',
  'first_post',
  'event_host',
  'helpful_neighbour',
  'trusted_seller',
] as const;
export const BadgeType = z.enum(BADGE_TYPES);
export type BadgeType = z.infer<typeof BadgeType>;

/** Likes received on one's comments that make a helpful neighbour. */
export const HELPFUL_NEIGHBOUR_LIKES = 10;
/** Sale posts marked sold, with no report against the member upheld, that make a trusted seller. */
export const TRUSTED_SELLER_SALES = 3;

/**
 * The reputation rule's points: what a member did adds, what moderators upheld against them
 * takes away; the score never goes below zero.
 */
export const REPUTATION_POINTS = {
  verifiedEmail: 10,
  perPost: 2,
  perEventHosted: 3,
  perCommentLike: 1,
  perSale: 5,
  perUpheldReport: -20,
  perSuspension: -50,
} as const;

/** What the reputation and the badges are computed from: a member's tallies of events. */
export interface StandingTallies {
  emailVerified: boolean;
  posts: number;
  eventsHosted: number;
  /** Likes on their comments, less those taken back. */
  commentLikes: number;
  /** Their sale posts marked sold (each post once). */
  sales: number;
  /** Reports against what they wrote that a moderator upheld (hide or suspend). */
  upheldReports: number;
  suspensions: number;
}

export const NO_TALLIES: StandingTallies = {
  emailVerified: false,
  posts: 0,
  eventsHosted: 0,
  commentLikes: 0,
  sales: 0,
  upheldReports: 0,
  suspensions: 0,
};

/** The reputation rule (`REPUTATION_POINTS`), pure: the same tallies always give the same score. */
export function reputationOf(t: StandingTallies): number {
  const p = REPUTATION_POINTS;
  const score =
    (t.emailVerified ? p.verifiedEmail : 0) +
    t.posts * p.perPost +
    t.eventsHosted * p.perEventHosted +
    Math.max(0, t.commentLikes) * p.perCommentLike +
    t.sales * p.perSale +
    t.upheldReports * p.perUpheldReport +
    t.suspensions * p.perSuspension;
  return Math.max(0, score);
}

/** The badges these tallies qualify for (a badge once earned is kept whatever happens after). */
export function badgesDue(t: StandingTallies): BadgeType[] {
  const due: Record<BadgeType, boolean> = {
    verified_email: t.emailVerified,
    first_post: t.posts >= 1,
    event_host: t.eventsHosted >= 1,
    helpful_neighbour: t.commentLikes >= HELPFUL_NEIGHBOUR_LIKES,
    trusted_seller: t.sales >= TRUSTED_SELLER_SALES && t.upheldReports === 0,
  };
  return BADGE_TYPES.filter((badge) => due[badge]);
}

export const Badge = z.object({ badgeType: BadgeType, earnedAt: Timestamp });
export type Badge = z.infer<typeof Badge>;

/** On the stream `badges-{userId}`: a badge earned, once for good. */
export const BadgeEarned = defineEvent(
  'identity',
  'BadgeEarned',
  z.object({ userId: Uuid, badgeType: BadgeType, earnedAt: Timestamp }),
);
export const badgeEvents = [BadgeEarned] as const;
