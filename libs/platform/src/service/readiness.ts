import type { EventBus } from '../bus/event-bus';
import type { Database } from '../db/database';
import type { OutboxRelay } from '../events/outbox-relay';

/**
 * Ready means able to do the work: take requests, reach Postgres and the bus, consume and
 * publish events. The checks `/readyz` runs, each throwing when its part is not.
 */
export function serviceReadiness(parts: {
  stopping: () => boolean;
  database: Pick<Database, 'pool'>;
  bus: EventBus;
  relay: OutboxRelay | undefined;
}): Record<string, () => Promise<unknown>> {
  const { stopping, database, bus, relay } = parts;
  return {
    accepting: async () => {
      if (stopping()) throw new Error('shutting down');
    },
    database: () => database.pool.query('SELECT 1'),
    bus: () => bus.ping(),
    // A durable consumer whose stream or consumer is gone is made again within seconds;
    // until then the service does not do its work, and says so.
    consumers: async () => bus.checkConsuming(),
    ...(relay ? { relay: async () => relay?.check() } : {}),
  };
}
