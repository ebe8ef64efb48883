import { type EventOf, MESSAGES, UserDeleted, UserRegistered } from '@waco/contracts';
import { type Decider, newEvent, RuleBroken } from '@waco/platform';

export type DeletionCommand = { type: 'delete-account'; userId: string; now: Date };
export type DeletionState = 'none' | 'registered' | 'deleted';

/** The events of its stream. */
export type DeletionEvent = EventOf<typeof UserRegistered | typeof UserDeleted>;

/** The end of a user's stream: `UserDeleted`, once, for a registered user. */
export const deletionDecider: Decider<DeletionCommand, DeletionState, DeletionEvent> = {
  events: [UserRegistered, UserDeleted],
  initialState: 'none',
  evolve(state, event) {
    if (event.type === UserRegistered.type) return 'registered';
    if (event.type === UserDeleted.type) return 'deleted';
    return state;
  },
  decide(command, state) {
    if (state !== 'registered') throw new RuleBroken(MESSAGES.signedOut, { status: 401 });
    return [newEvent(UserDeleted, { userId: command.userId, deletedAt: command.now.toISOString() })];
  },
};
