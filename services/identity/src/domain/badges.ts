import { BadgeEarned, type BadgeType, badgesDue, type EventOf, type StandingTallies } from '@waco/contracts';
import { type Decider, type NewEvent, newEvent } from '@waco/platform';

/** A member's badges stream, folded: the badges already earned. */
export interface BadgesState {
  earned: BadgeType[];
}

/**
 * Reviews a member's badges against their tallies (db/standing.ts, kept from other services'
 * events): each badge the tallies now qualify for and not yet earned is earned.
 */
export interface ReviewBadges {
  type: 'review';
  userId: string;
  tallies: StandingTallies;
  now: Date;
}

type BadgesEvent = EventOf<typeof BadgeEarned>;

/**
 * Badges are earned once and kept: a review that finds a badge earned already (the same fact
 * delivered again, or tallies that fell back after a like was taken back) records nothing.
 */
export const badgesDecider: Decider<ReviewBadges, BadgesState, BadgesEvent> = {
  events: [BadgeEarned],
  initialState: { earned: [] },
  evolve: (state, event) =>
    state.earned.includes(event.data.badgeType) ? state : { earned: [...state.earned, event.data.badgeType] },
  decide(command, state): NewEvent<BadgesEvent>[] {
    return badgesDue(command.tallies)
      .filter((badge) => !state.earned.includes(badge))
      .map((badgeType) =>
        newEvent(BadgeEarned, { userId: command.userId, badgeType, earnedAt: command.now.toISOString() }),
      );
  },
};
