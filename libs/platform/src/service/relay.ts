import { settlesWithin } from '../bus/event-bus';
import { type OutboxLag, OutboxRelay, type OutboxRelayOptions } from '../events/outbox-relay';
import { observeGauge } from '../metrics';

/** On stop, how long the relay may take to publish what the last requests committed. */
const RELAY_FLUSH_ON_STOP_MS = 2_000;

/**
 * The outbox relay of a service that publishes (none for one that does not): started once,
 * observed while the app runs, and on stop given a moment to publish what was committed.
 */
export class ServiceRelay {
  readonly relay: OutboxRelay | undefined;
  private readonly producer: string;
  private started: Promise<void> | undefined;

  constructor(publishes: boolean, options: OutboxRelayOptions) {
    this.relay = publishes ? new OutboxRelay(options) : undefined;
    this.producer = options.producer;
  }

  /** Starts the relay (once). */
  readonly start = () => {
    this.started ??= this.relay?.start() ?? Promise.resolve();
    return this.started;
  };

  /** Publishes what is left (a short while at most), then stops. */
  async stop() {
    if (this.relay && this.started) await settlesWithin(this.relay.flush(), RELAY_FLUSH_ON_STOP_MS);
    await this.relay?.stop();
  }

  /** The relay's lag as gauges; returns what stops observing. */
  observe(): () => void {
    return this.relay ? observeRelay(this.producer, this.relay) : () => {};
  }
}

/** The outbox relay's lag: events committed but not published, and the age of the oldest. */
function observeRelay(producer: string, relay: OutboxRelay) {
  const attributes = { 'messaging.destination.name': producer };
  // One query answers both gauges of a collection.
  let reading: Promise<OutboxLag> | undefined;
  const read = () => {
    reading ??= relay.lag().finally(() => setTimeout(() => (reading = undefined), 100).unref());
    return reading;
  };
  const stopCount = observeGauge(
    'waco.outbox.lag',
    { description: 'Events committed but not yet published by the outbox relay', unit: '{event}' },
    async (report) => report((await read()).events, attributes),
  );
  const stopAge = observeGauge(
    'waco.outbox.lag.age',
    { description: 'How long the oldest unpublished event has waited', unit: 's' },
    async (report) => report((await read()).oldestSeconds, attributes),
  );
  return () => {
    stopCount();
    stopAge();
  };
}
