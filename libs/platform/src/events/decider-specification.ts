import assert from 'node:assert/strict';
import type { Decider, DeciderEvent, PastEvent } from './decider';
import type { NewEvent } from './event-store';

/**
 * Given/when/then tests of a decider, as Emmett's `DeciderSpecification`:
 *
 *     const spec = deciderSpecification(reactionDecider('like'));
 *     spec.given([liked]).when(toggle).then([unliked]);
 *     spec.given([]).when(badCommand).thenThrows(RuleBroken, 'filterValue is required');
 *
 * `given` folds past events with `evolve`; `when` runs `decide`; `then` compares the events
 * decided (or hands them to a function of assertions); `thenThrows` expects a refusal.
 */
export function deciderSpecification<Command, State, Event extends DeciderEvent>(
  decider: Decider<Command, State, Event>,
) {
  return {
    given(events: readonly PastEvent[]) {
      return {
        when(command: Command) {
          const decide = () => decider.decide(command, given(decider, events));
          return {
            /** The events decided equal these (or pass these assertions). */
            // biome-ignore lint/suspicious/noThenProperty: given/when/then is the point; nobody awaits a spec.
            then(expected: readonly NewEvent[] | ((events: NewEvent[]) => void)) {
              const decided = decide();
              if (typeof expected === 'function') expected(decided);
              else assert.deepStrictEqual(decided, expected);
            },
            /** The command is accepted and changes nothing. */
            thenNothingHappens() {
              assert.deepStrictEqual(decide(), []);
            },
            /** The command is refused with an error of this class, and a message containing `message`. */
            thenThrows<E extends Error>(
              errorClass: new (...args: never[]) => E,
              message?: string | RegExp,
              check?: (error: E) => void,
            ) {
              let thrown: unknown;
              try {
                decide();
              } catch (err) {
                thrown = err;
              }
              assert.ok(thrown instanceof errorClass, `expected ${errorClass.name}, got ${String(thrown)}`);
              if (typeof message === 'string') assert.ok(thrown.message.includes(message), thrown.message);
              else if (message) assert.match(thrown.message, message);
              check?.(thrown);
            },
          };
        },
      };
    },
  };
}

/**
 * The state after `events`, taken as written: a test names only the fields its rule reads (the
 * handler parses stored events whole). Like the handler, it passes by the types the decider
 * does not list.
 */
function given<Command, State, Event extends DeciderEvent>(
  decider: Decider<Command, State, Event>,
  events: readonly PastEvent[],
): State {
  const listed = new Set<string>(decider.events.map((d) => d.type));
  return events
    .filter((event) => listed.has(event.type))
    .reduce((state, event) => decider.evolve(state, event as Event), decider.initialState);
}
