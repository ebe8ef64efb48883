import { type EventDefinition, type EventEnvelope, parseEvent } from '@waco/contracts';
import type { z } from 'zod';
import type { NewEvent } from './event-store';

/** A past event as stored: its type and its data, not yet parsed. */
export type PastEvent = Pick<EventEnvelope, 'type' | 'data'>;

/** Any event as a decider sees it: its type and its parsed data (`EventOf` in contracts). */
export type DeciderEvent = { type: string; data: unknown };

/** The definitions of a union of events: each type's with a schema that yields its data. */
export type DefinitionOf<Event extends DeciderEvent> = Event extends { type: infer Name extends string }
  ? EventDefinition<Name, z.ZodType<Event['data']>>
  : never;

/**
 * The rules of one kind of stream, as Emmett's `Decider<State, Command, Event>`: `evolve` folds
 * the stream's events into state from `initialState`, and `decide` turns a command and that
 * state into the events to append, or refuses it by throwing `RuleBroken`.
 *
 * `Event` is the union of the stream's events (`EventOf<typeof A | typeof B>`), and `events`
 * their definitions: the handler parses each past event with its schema, once, so `evolve`
 * reads typed data and never casts. Events of a type not listed (another decider's, of the same
 * stream) pass by unseen.
 *
 * Both are pure: no clock, no id generator, no database. A decision that needs an outside fact
 * (that a recipient exists, that an email is free, which photos a user uploaded, the time) gets
 * it in the command, gathered by the command's code before the handler runs.
 */
export interface Decider<Command, State, Event extends DeciderEvent> {
  /** The definitions of `Event`: those the stream's events are parsed with. */
  events: readonly DefinitionOf<Event>[];
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): NewEvent<Event>[];
  /**
   * False for streams whose decisions never look at past events (every filter use, every
   * message is recorded): the handler then reads only the stream's version, never its events,
   * so such a stream may grow long at no cost. `evolve` then sees only the new events.
   */
  readsHistory?: boolean;
}

/** One kind of a decider's commands, by its type: `CommandOf<GroupCommand, 'join'>`. */
export type CommandOf<Command extends { type: string }, Type extends Command['type']> = Extract<
  Command,
  { type: Type }
>;

/**
 * The state of a stream whose past events are `history`, as stored: each of the decider's types
 * parsed with its schema (once: `evolve` reads it typed), the others passed by.
 */
export function foldHistory<Command, State, Event extends DeciderEvent>(
  decider: Decider<Command, State, Event>,
  history: readonly PastEvent[],
): State {
  return history.reduce((state, stored) => {
    const event = parseEvent(decider.events, stored);
    // `events` are the definitions of `Event` (DefinitionOf), so the parsed event is one.
    return event ? decider.evolve(state, event as unknown as Event) : state;
  }, decider.initialState);
}
