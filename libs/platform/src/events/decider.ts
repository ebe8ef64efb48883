import type { EventEnvelope } from '@waco/contracts';
import type { NewEvent } from './event-store';

/** What a decision sees of a past event: its type and data (new events have the same shape). */
export type PastEvent = Pick<EventEnvelope, 'type' | 'data'>;

/**
 * The rules of one kind of stream, as Emmett's deciders: `evolve` folds the stream's events into
 * state from `initialState`, and `decide` turns a command and that state into the events to
 * append, or refuses it by throwing `RuleBroken`.
 *
 * Both are pure: no clock, no id generator, no database. A decision that needs an outside fact
 * (that a recipient exists, that an email is free, which photos a user uploaded, the time) gets
 * it in the command, gathered by the command's code before the handler runs.
 */
export interface Decider<Command, State> {
  initialState: State;
  evolve(state: State, event: PastEvent): State;
  decide(command: Command, state: State): NewEvent[];
  /**
   * False for streams whose decisions never look at past events (every filter use, every
   * message is recorded): the handler then reads only the stream's version, never its events,
   * so such a stream may grow long at no cost. `evolve` then sees only the new events.
   */
  readsHistory?: boolean;
}
