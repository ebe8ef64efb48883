import { randomUUID } from 'node:crypto';
import {
  type EventDefinition,
  type EventEnvelope,
  MediaUploaded,
  ProfileUpdated,
  UserRegistered,
} from '@waco/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { EventBus } from '../bus/event-bus';
import { waitFor } from './wait-for';

/** An event as its producer's outbox would publish it, for tests that play another service. */
export function testEnvelope<S extends z.ZodType>(
  definition: EventDefinition<string, S>,
  data: z.input<S>,
  overrides: Partial<EventEnvelope> = {},
): EventEnvelope {
  return {
    id: uuidv7(),
    type: definition.type,
    schemaVersion: definition.schemaVersion,
    streamId: `${definition.producer}-test`,
    streamPosition: 1,
    occurredAt: new Date().toISOString(),
    actorId: null,
    correlationId: null,
    causationId: null,
    traceparent: null,
    data: definition.schema.parse(data),
    ...overrides,
  };
}

/**
 * Plays the service that produces `definition`: publishes the event as its outbox would, on its
 * stream. Answers the envelope (to publish it again, as a redelivery).
 */
export async function publishAs<S extends z.ZodType>(
  bus: EventBus,
  definition: EventDefinition<string, S>,
  data: z.input<S>,
  overrides: Partial<EventEnvelope> = {},
): Promise<EventEnvelope> {
  const event = testEnvelope(definition, data, overrides);
  await bus.publish(definition.producer, event);
  return event;
}

/**
 * Plays identity: a user signs up (on their own stream, as identity's outbox has it). Answers the
 * new user's id (`fields.userId` if given) and the event (to publish it again).
 */
export async function publishUserRegistered(
  bus: EventBus,
  fields: Partial<
    Pick<
      z.input<typeof UserRegistered.schema>,
      'userId' | 'email' | 'firstName' | 'lastName' | 'language' | 'registeredAt'
    >
  > = {},
) {
  const userId = fields.userId ?? randomUUID();
  const data = {
    userId,
    email: `${userId}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    registeredAt: new Date().toISOString(),
    ...fields,
  };
  return { userId, event: await publishAs(bus, UserRegistered, data, { streamId: `user-${userId}` }) };
}

/** Plays identity: a user edits their profile. */
export const publishProfileUpdated = (bus: EventBus, data: z.input<typeof ProfileUpdated.schema>) =>
  publishAs(bus, ProfileUpdated, data, { streamId: `user-${data.userId}` });

/** Plays media: `ownerId` completed the upload of `objectPath` (a small JPEG unless `fields` say). */
export const publishMediaUploaded = (
  bus: EventBus,
  ownerId: string,
  objectPath: string,
  fields: Partial<z.input<typeof MediaUploaded.schema>> = {},
) =>
  publishAs(bus, MediaUploaded, {
    objectPath,
    ownerId,
    contentType: 'image/jpeg',
    size: 1000,
    width: 100,
    height: 100,
    ...fields,
  });

/** Records every event a service publishes (of the given definitions), in order of delivery. */
export async function recordPublished(
  bus: EventBus,
  producer: string,
  definitions: readonly EventDefinition[],
) {
  const events: EventEnvelope[] = [];
  if (definitions.length > 0) {
    await bus.subscribe({
      consumer: `${producer}-test`,
      producer,
      types: definitions.map((d) => d.type),
      handle: async (event) => {
        events.push(event);
      },
    });
  }
  return {
    events,
    /** Waits until the bus has delivered an event of `type` that matches. */
    waitFor: (type: string, match: (data: Record<string, unknown>) => boolean = () => true) =>
      waitFor(
        () => events.find((e) => e.type === type && match(e.data as Record<string, unknown>)),
        20_000,
        `${type} to be published`,
      ),
  };
}

/**
 * The two people most tests need, Ada Lovelace and Bob Baylor, announced through `register` (a
 * harness's `registerUser`, which resolves once the service knows them): their ids.
 */
export async function registerAdaAndBob(register: (firstName: string, lastName: string) => Promise<string>) {
  const ada = await register('Ada', 'Lovelace');
  const bob = await register('Bob', 'Baylor');
  return { ada, bob };
}
