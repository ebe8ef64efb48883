import type { EventDefinition, EventEnvelope } from '@waco/contracts';
import type { z } from 'zod';

/**
 * One row of a table of handlers by event type (`Object.fromEntries([onEvent(…), …])`): the
 * handler is given the event's data as its definition's schema reads it, so none reads it by casting.
 */
export function onEvent<Name extends string, S extends z.ZodType, R>(
  definition: EventDefinition<Name, S>,
  handler: (data: z.output<S>, event: EventEnvelope) => R,
): [Name, (event: EventEnvelope) => R] {
  return [definition.type, (event) => handler(definition.schema.parse(event.data), event)];
}
