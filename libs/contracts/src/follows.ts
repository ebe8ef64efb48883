import { z } from 'zod';
import { MemberCard, offsetPageQuery, Timestamp, Uuid } from './common';
import { defineEvent } from './envelope';
import { UserDeleted } from './personal-data';

// Follows (spec section 3 `follows`: followerId, followingId, createdAt). Identity owns them, with
// the users' followersCount and followingCount; posts keeps a copy for the Following feed and
// notifications tells the person followed. One stream per (follower, followed) pair.

export const FOLLOW_SELF = "You can't follow yourself";
/** Either one blocked the other: said as messaging says it, so a follow reveals no more. */
export const FOLLOW_BLOCKED = "You can't follow this member: one of you has blocked the other.";
export const FOLLOW_NOT_FOLLOWING = "You don't follow this member";
export const FOLLOWING_FEED_SIGN_IN = 'Sign in to see the posts of people you follow';

export const FOLLOWS_PAGE_SIZE = 20;
export const FOLLOWS_PAGE_SIZE_MAX = 50;

/** A member in a list of followers or followed: what a profile shows of anyone. */
export const FollowMember = MemberCard.extend({ followedAt: Timestamp });
export type FollowMember = z.infer<typeof FollowMember>;

export const FollowListQuery = offsetPageQuery(FOLLOWS_PAGE_SIZE_MAX, FOLLOWS_PAGE_SIZE, 1_000_000);
export type FollowListQuery = z.input<typeof FollowListQuery>;

/** A page of followers or followed, newest follow first, with how many there are in all. */
export const FollowList = z.object({ users: z.array(FollowMember), total: z.number().int() });
export type FollowList = z.infer<typeof FollowList>;

/**
 * The viewer's follow of a member: whether they follow, whether they get an alert when that
 * member posts (a per-follow switch, off by default), and the member's exact counts after it.
 */
export const FollowStatus = z.object({
  userId: Uuid,
  following: z.boolean(),
  alerts: z.boolean(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
});
export type FollowStatus = z.infer<typeof FollowStatus>;

export const FollowRequest = z.strictObject({
  /** Alerts when they post; omitted: off on a new follow, unchanged on an existing one. */
  alerts: z.boolean({ error: 'alerts must be true or false' }).optional(),
});
export type FollowRequest = z.infer<typeof FollowRequest>;

const Pair = { followerId: Uuid, followingId: Uuid };

export const UserFollowed = defineEvent(
  'identity',
  'UserFollowed',
  z.object({ ...Pair, followedAt: Timestamp, alerts: z.boolean().default(false) }),
);
/** Why a follow ended: the follower's choice, a block between the two, or a deleted account. */
export const UnfollowReason = z.enum(['unfollowed', 'blocked']);
export const UserUnfollowed = defineEvent(
  'identity',
  'UserUnfollowed',
  z.object({ ...Pair, unfollowedAt: Timestamp, reason: UnfollowReason }),
);
export const FollowAlertsSet = defineEvent(
  'identity',
  'FollowAlertsSet',
  z.object({ ...Pair, alerts: z.boolean() }),
);
export const followEvents = [UserFollowed, UserUnfollowed, FollowAlertsSet] as const;
/** What changes who follows whom: the follow events, and a deletion, which ends an account's follows. */
export const followChangeEvents = [...followEvents, UserDeleted] as const;
