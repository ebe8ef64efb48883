import type { EventEnvelope } from '@waco/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Subscription } from './event-bus';
import { idempotentHandler } from './inbox';

/**
 * A subscription to `source` (its durable consumer, producer and types) whose handler runs once per
 * event (`idempotentHandler`): the inbox rows are kept under the durable's own name, so the two
 * cannot drift apart.
 */
export function inboxSubscription<DB>(
  db: Kysely<DB>,
  source: { consumer: string; producer: string; types: string[] },
  handle: (event: EventEnvelope, trx: Transaction<DB>) => Promise<unknown>,
): Subscription {
  const handled = idempotentHandler(db, source.consumer, handle);
  return {
    ...source,
    handle: async (event) => {
      await handled(event);
    },
  };
}
