import { type EventBus, type Logger, liveBroadcast } from '@waco/platform';
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

/** Committed pushes, to every instance; each sends them to the streams it holds (the platform's block). */
const pushes = (bus: EventBus, logger: Logger) =>
  liveBroadcast<StreamPush[]>(bus, logger, PUSH_SUBJECT, Pushes as z.ZodType<StreamPush[]>);

/**
 * Broadcasts committed pushes to every instance. Not durable, and needs not be: the log has
 * them, and streams catch up from it.
 */
export function busPusher(bus: EventBus, logger: Logger): Pusher {
  const channel = pushes(bus, logger);
  return {
    async send(list) {
      if (list.length > 0) await channel.send(list);
    },
  };
}

/** Listens for pushes from every instance; `resync` reads from the log what a lost connection missed. */
export function onPushes(
  bus: EventBus,
  logger: Logger,
  deliver: (pushes: StreamPush[]) => void,
  resync: () => void,
) {
  return pushes(bus, logger).listen(deliver, resync);
}
