import type { z } from 'zod';
import type { EventBus } from '../bus/event-bus';
import type { Logger } from '../logger';

/** One subject every instance hears: what a live stream needs from whichever instance knew it first. */
export interface LiveBroadcast<T> {
  /** Sends to every instance (this one too). Never throws: streams catch up from the truth. */
  send(payload: T): Promise<void>;
  /**
   * Listens. The bus's client resubscribes by itself after a lost connection; what was broadcast
   * meanwhile is gone, so `resync` then reads it from the truth.
   */
  listen(deliver: (payload: T) => void, resync: () => void): Promise<() => void>;
}

/**
 * A broadcast subject for live pushes (NATS core in distributed mode, in-process embedded), with
 * its payload's schema: not durable, and needs not be, for the streams it feeds compare themselves
 * with the database at every heartbeat and when the bus comes back.
 */
export function liveBroadcast<T>(
  bus: EventBus,
  logger: Logger,
  subject: string,
  schema: z.ZodType<T>,
): LiveBroadcast<T> {
  return {
    async send(payload) {
      try {
        await bus.broadcast(subject, payload);
      } catch (err) {
        logger.warn({ err, subject }, 'could not broadcast live pushes; streams will catch up');
      }
    },
    listen(deliver, resync) {
      return bus.onBroadcast(
        subject,
        (payload) => {
          const parsed = schema.safeParse(payload);
          if (parsed.success) deliver(parsed.data);
          else logger.error({ issues: parsed.error.issues, subject }, 'unreadable live pushes');
        },
        { onReconnect: resync },
      );
    },
  };
}
