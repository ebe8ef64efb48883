import { type EventEnvelope, UserDeleted } from '@waco/contracts';
import type { Subscription } from '../bus/event-bus';
import type { Database } from '../db/database';
import { httpKeyRing, type KeyRing, PersonalData } from '../personal-data/personal-data';

/** The service's personal-data access: its own key ring, or identity's route. */
export function personalDataOf<DB>(
  definition: { keyRing?(database: Database<DB>): KeyRing },
  database: Database<DB>,
  identityUrl: string | undefined,
  identityKeyRing?: KeyRing,
): PersonalData | undefined {
  if (definition.keyRing) return new PersonalData(definition.keyRing(database));
  // Identity's ring lent to another service reads identity's tables: never on that service's
  // transaction (another schema), always on identity's own pool.
  if (identityKeyRing)
    return new PersonalData({
      keyToSeal: (userId) => identityKeyRing.keyToSeal(userId),
      keyToOpen: (userId) => identityKeyRing.keyToOpen(userId),
      forget: (userId) => identityKeyRing.forget(userId),
    });
  return identityUrl ? new PersonalData(httpKeyRing(identityUrl)) : undefined;
}

/**
 * The subscription as the bus is given it: its handlers, one event or a batch, see personal
 * fields readable (or erased once the key is destroyed).
 */
export function withPersonalFieldsOpened(
  subscription: Subscription,
  personalData: PersonalData | undefined,
): Subscription {
  if (!personalData) return subscription;
  const { handle, handleBatch } = subscription;
  const open = async (event: EventEnvelope) => {
    // The key is gone: drop it from the cache before anything opens with it again.
    if (event.type === UserDeleted.type)
      personalData.keys.forget(UserDeleted.schema.parse(event.data).userId);
    return personalData.openOne(event);
  };
  return {
    ...subscription,
    handle: async (event) => handle(await open(event)),
    ...(handleBatch && {
      handleBatch: async (events) => {
        const opened: EventEnvelope[] = [];
        for (const event of events) opened.push(await open(event));
        return handleBatch(opened);
      },
    }),
  };
}
