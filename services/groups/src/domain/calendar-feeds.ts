import { CalendarFeedOpened, type EventOf } from '@waco/contracts';
import { type Decider, newEvent } from '@waco/platform';

/** A member's calendar address: each new one replaces the last. */
export const calendarFeedStream = (userId: string) => `calendar-feed-${userId}`;

export interface OpenCalendarFeed {
  userId: string;
  /** The hash of the new secret (gathered: the secret is drawn at random by the command). */
  tokenHash: string;
  now: Date;
}

type CalendarFeedEvent = EventOf<typeof CalendarFeedOpened>;

/** A new address is always granted; the decision needs nothing of the past. */
export const calendarFeedDecider: Decider<OpenCalendarFeed, null, CalendarFeedEvent> = {
  events: [CalendarFeedOpened],
  initialState: null,
  evolve: () => null,
  readsHistory: false,
  decide: (command) => [
    newEvent(CalendarFeedOpened, {
      userId: command.userId,
      tokenHash: command.tokenHash,
      openedAt: command.now.toISOString(),
    }),
  ],
};
