import { DeadLetterHandled, type EventOf } from '@waco/contracts';
import { type Decider, type NewEvent, newEvent } from '@waco/platform';

/** A dead letter handed back or dropped: what the audit list keeps of it. */
export type DeadLetterCommand = {
  type: 'record';
  deadLetterId: string;
  action: 'redrive' | 'drop';
  consumer: string;
  eventType: string | null;
  adminId: string | null;
  now: Date;
};
type DeadLetterEvent = EventOf<typeof DeadLetterHandled>;

/**
 * The record of what was done to a dead letter (its own stream, `dead-letter-{id}`). The bus did
 * the deed; each deed is recorded, so the decider keeps no state and refuses nothing.
 */
export const deadLetterDecider: Decider<DeadLetterCommand, null, DeadLetterEvent> = {
  events: [DeadLetterHandled],
  initialState: null,
  evolve: (state) => state,
  decide(command): NewEvent<DeadLetterEvent>[] {
    const { deadLetterId, action, consumer, eventType, adminId } = command;
    return [
      newEvent(DeadLetterHandled, {
        deadLetterId,
        action,
        consumer,
        eventType,
        adminId,
        at: command.now.toISOString(),
      }),
    ];
  },
};
