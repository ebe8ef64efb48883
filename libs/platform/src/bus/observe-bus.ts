import { observeGauge } from '../metrics';
import type { EventBus } from './event-bus';
import { JetStreamBus } from './jetstream-bus';

const observed = new WeakSet<EventBus>();

/**
 * The bus's figures, once per bus (the embedded process shares one among its services):
 * each durable consumer's pending and redelivered events, and dead letters by consumer.
 */
export function observeBus(bus: EventBus) {
  if (observed.has(bus)) return;
  observed.add(bus);
  const attrs = (producer: string, consumer: string) => ({
    'messaging.system': bus.kind === 'nats' ? 'nats' : 'in_process',
    'messaging.destination.name': producer,
    'messaging.consumer.group.name': consumer,
  });
  observeGauge(
    'waco.consumer.pending',
    {
      description: 'Events a durable consumer has not yet handled (waiting or unacknowledged)',
      unit: '{event}',
    },
    async (report) => {
      for (const lag of await bus.consumerLag()) report(lag.pending, attrs(lag.producer, lag.consumer));
    },
  );
  observeGauge(
    'waco.consumer.redelivered',
    {
      description: 'Events a durable consumer was handed more than once (JetStream: not yet acknowledged)',
      unit: '{event}',
    },
    async (report) => {
      for (const lag of await bus.consumerLag()) report(lag.redelivered, attrs(lag.producer, lag.consumer));
    },
  );
  observeGauge(
    'waco.deadletters',
    { description: 'Dead letters waiting for an operator, by consumer', unit: '{event}' },
    async (report) => {
      // Every consumer of this process, at 0 when it has none: a dashboard shows a flat line.
      const counts = new Map((await bus.consumerLag()).map((lag) => [lag.consumer, 0]));
      if (bus instanceof JetStreamBus) {
        for (const [consumer, n] of await bus.deadLetterCounts()) counts.set(consumer, n);
      } else {
        for (const l of await bus.listDeadLetters())
          counts.set(l.consumer, (counts.get(l.consumer) ?? 0) + 1);
      }
      for (const [consumer, n] of counts) report(n, { 'messaging.consumer.group.name': consumer });
    },
  );
}
