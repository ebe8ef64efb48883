import {
  type EventOf,
  FOLLOW_BLOCKED,
  FOLLOW_SELF,
  FollowAlertsSet,
  UserFollowed,
  UserUnfollowed,
} from '@waco/contracts';
import { type Decider, newEvent, RuleBroken, refuseSuspended, type Suspension } from '@waco/platform';

/** A (follower, followed) pair's stream, folded. */
export interface FollowState {
  following: boolean;
  alerts: boolean;
}

interface Pair {
  followerId: string;
  followingId: string;
}

export type FollowCommand =
  | (Pair & {
      type: 'follow';
      now: Date;
      /** The alerts switch asked for; undefined keeps it (off on a new follow). */
      alerts?: boolean;
      /** The follower's suspension, from identity's copy of moderation's events. */
      suspension: Suspension;
      /** Whether either of the two blocked the other (the copy again). */
      blocked: boolean;
    })
  | (Pair & { type: 'unfollow'; now: Date; reason: 'unfollowed' | 'blocked' });

export type FollowEvent = EventOf<typeof UserFollowed | typeof UserUnfollowed | typeof FollowAlertsSet>;

/**
 * Following a member: refused to oneself, to a suspended member, and between two members one of
 * whom blocked the other (in the words messaging uses, which say no more than a block already
 * shows). A follow twice changes nothing but the alerts switch; an unfollow of no follow is nothing.
 */
export const followDecider: Decider<FollowCommand, FollowState, FollowEvent> = {
  events: [UserFollowed, UserUnfollowed, FollowAlertsSet],
  initialState: { following: false, alerts: false },
  evolve(state, event) {
    switch (event.type) {
      case UserFollowed.type:
        return { following: true, alerts: event.data.alerts };
      case FollowAlertsSet.type:
        return { ...state, alerts: event.data.alerts };
      case UserUnfollowed.type:
        return { following: false, alerts: false };
      default:
        return state;
    }
  },
  decide(command, state) {
    const pair = { followerId: command.followerId, followingId: command.followingId };
    if (command.type === 'unfollow') {
      if (!state.following) return [];
      return [
        newEvent(UserUnfollowed, {
          ...pair,
          unfollowedAt: command.now.toISOString(),
          reason: command.reason,
        }),
      ];
    }
    if (command.followerId === command.followingId) throw new RuleBroken(FOLLOW_SELF);
    refuseSuspended(command.suspension);
    if (command.blocked) throw new RuleBroken(FOLLOW_BLOCKED, { status: 403 });
    if (state.following) {
      if (command.alerts === undefined || command.alerts === state.alerts) return [];
      return [newEvent(FollowAlertsSet, { ...pair, alerts: command.alerts })];
    }
    return [
      newEvent(UserFollowed, {
        ...pair,
        followedAt: command.now.toISOString(),
        alerts: command.alerts ?? false,
      }),
    ];
  },
};
