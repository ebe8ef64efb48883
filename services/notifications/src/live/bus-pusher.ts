import type { EventBus, Logger } from '@waco/platform';
import { z } from 'zod';
import type { Pusher } from '../commands/deps';
import type { StreamPush } from '../db/stream-log';

/** The broadcast subject pushes travel on: NATS core in distributed mode, in-process embedded. */
export const PUSH_SUBJECT = 'notifications.push';

const Pushes = z.array(
  z.object({
    userId: z.string(),
    seq: z.number().int().positive(),
    event: z.enum(['notification', 'message', 'unread']),
    data: z.unknown(),
  }),
);

/**
 * Broadcasts committed pushes to every instance; each sends them to the streams it holds. Not
 * durable, and needs not be: the log has them, and streams catch up from it.
 */
export function busPusher(bus: EventBus, logger: Logger): Pusher {
  return {
    async send(pushes) {
      if (pushes.length === 0) return;
      try {
        await bus.broadcast(PUSH_SUBJECT, pushes);
      } catch (err) {
        logger.warn({ err }, 'could not broadcast live pushes; streams will catch up');
      }
    },
  };
}

/**
 * Listens for pushes from every instance. The bus's client resubscribes by itself after a lost
 * connection; what was broadcast meanwhile is gone, so `resync` then reads it from the log.
 */
export function onPushes(
  bus: EventBus,
  logger: Logger,
  deliver: (pushes: StreamPush[]) => void,
  resync: () => void,
) {
  return bus.onBroadcast(
    PUSH_SUBJECT,
    (payload) => {
      const parsed = Pushes.safeParse(payload);
      if (parsed.success) deliver(parsed.data);
      else logger.error({ issues: parsed.error.issues }, 'unreadable live pushes');
    },
    { onReconnect: resync },
  );
}
