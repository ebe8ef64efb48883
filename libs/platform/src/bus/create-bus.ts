import type { Logger } from '../logger';
import type { EventBus } from './event-bus';
import { InProcessBus } from './in-process-bus';
import { JetStreamBus, type StreamLimits } from './jetstream-bus';

/** Chooses the bus adapter once, from configuration. */
export function createBus(options: {
  kind: 'nats' | 'memory';
  natsUrl?: string;
  prefix?: string;
  name?: string;
  logger: Logger;
  /** JetStream: how long the server waits for an ack before redelivering (default 30 s). */
  ackWaitMs?: number;
  /** JetStream: retention and replicas of the streams (default: no limits, one copy). */
  streams?: Partial<StreamLimits>;
}): Promise<EventBus> {
  if (options.kind === 'memory') return Promise.resolve(new InProcessBus(options.logger));
  return JetStreamBus.connect({
    url: options.natsUrl ?? 'nats://127.0.0.1:4222',
    prefix: options.prefix,
    name: options.name,
    logger: options.logger,
    ackWaitMs: options.ackWaitMs,
    streams: options.streams,
  });
}
