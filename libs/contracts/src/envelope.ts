import { z } from 'zod';
import { refuseUnsafeText } from './text';

/** Every event on the bus travels in this envelope; `data` has a schema per event type. */
// No NUL or lone surrogate anywhere in an event: such an event can never be stored, so a bus
// refuses it as unreadable (dead-lettered at once) rather than handing it to a consumer.
export const EventEnvelope = z
  .object({
    id: z.uuid(),
    type: z.string().min(1),
    schemaVersion: z.number().int().positive(),
    streamId: z.string().min(1),
    streamPosition: z.number().int().positive(),
    occurredAt: z.string(),
    actorId: z.string().nullable(),
    correlationId: z.string().nullable(),
    causationId: z.string().nullable(),
    traceparent: z.string().nullable(),
    data: z.unknown(),
  })
  .superRefine(refuseUnsafeText);
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof EventEnvelope>, 'data'> & { data: T };

/** An event type: its name, the service that publishes it and its data schema. */
export interface EventDefinition<Name extends string = string, Schema extends z.ZodType = z.ZodType> {
  type: Name;
  producer: string;
  schemaVersion: number;
  schema: Schema;
}

/** Declares an event type once, for producers and consumers alike. */
export function defineEvent<Name extends string, Schema extends z.ZodType>(
  producer: string,
  type: Name,
  schema: Schema,
  schemaVersion = 1,
): EventDefinition<Name, Schema> {
  // Every event's text is storable: a producer cannot record, nor a consumer accept, a NUL or
  // half a surrogate pair (Postgres refuses both in jsonb).
  return { producer, type, schema: schema.superRefine(refuseUnsafeText), schemaVersion };
}

/**
 * The events of one kind of stream (a group's, a business's): each one's data starts with the
 * fields every event of that stream carries (`leading`: the stream's key, `{ groupId: Uuid }`),
 * then its own. `const groupEvent = streamEvent('groups', { groupId: Uuid })`, then
 * `groupEvent('GroupClosed', { closedAt: Timestamp })`.
 */
export const streamEvent =
  <Leading extends z.ZodRawShape>(producer: string, leading: Leading) =>
  <Name extends string, F extends z.ZodRawShape>(type: Name, fields: F) =>
    defineEvent(producer, type, z.object({ ...leading, ...fields }));

/**
 * An event as its readers see it: its type and its data, parsed with its schema. Over a union
 * of definitions it is the union of their events, told apart by `type`:
 * `EventOf<typeof PostLiked | typeof PostUnliked>`.
 */
export type EventOf<D extends EventDefinition> =
  D extends EventDefinition<infer Name, infer Schema> ? { type: Name; data: z.output<Schema> } : never;

/**
 * `event` typed by the definition of its type among `definitions`, its data parsed with that
 * definition's schema; null when none of them has its type.
 */
export function parseEvent<D extends EventDefinition>(
  definitions: readonly D[],
  event: { type: string; data: unknown },
): EventOf<D> | null {
  const definition = definitions.find((d) => d.type === event.type);
  return definition
    ? ({ type: definition.type, data: definition.schema.parse(event.data) } as EventOf<D>)
    : null;
}

/**
 * The types that make most of their producer's stream (a member's likes and saves, and the
 * searches counted as `FilterUsed`, which no other service reads). Each rides a subject one token
 * deeper (`posts.events.busy.post_liked`), so that a consumer that wants none of
 * them is filtered on the server by `posts.events.*` and is never sent them (nats-server 2.9
 * filters a consumer on one subject only).
 */
export const BUSY_EVENT_TYPES: ReadonlySet<string> = new Set([
  'PostLiked',
  'PostUnliked',
  'PostSaved',
  'PostUnsaved',
  'FilterUsed',
]);

/** `PostLiked` → `post_liked`: the last token of the NATS subject. */
export function eventSubjectToken(type: string): string {
  return type.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/**
 * What follows `{producer}.events.` in an event's subject: `post_created`, `busy.post_liked`
 * (the whole subject, with a test run's prefix: `natsNames(prefix).eventSubject`).
 */
export function eventSubjectTail(type: string): string {
  const token = eventSubjectToken(type);
  return BUSY_EVENT_TYPES.has(type) ? `busy.${token}` : token;
}
