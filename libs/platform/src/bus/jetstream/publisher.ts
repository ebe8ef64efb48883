import type { JetStreamClient } from '@nats-io/jetstream';
import type { EventEnvelope } from '@waco/contracts';
import { PublishBatchError } from '../event-bus';
import type { NatsNames } from '../nats-subjects';
import type { Streams } from './streams';

/**
 * Publishes committed events on their producer's stream. Messages carry `Nats-Msg-Id` = event
 * id, so a relay that publishes twice after a crash is deduplicated by the server.
 */
export class Publisher {
  constructor(
    private readonly js: JetStreamClient,
    private readonly names: NatsNames,
    private readonly streams: Streams,
  ) {}

  async publish(producer: string, event: EventEnvelope) {
    await this.streams.ensure(producer);
    try {
      await this.js.publish(this.names.eventSubject(producer, event.type), JSON.stringify(event), {
        msgID: event.id,
      });
    } catch (err) {
      // The server may have come back without the stream (a lost store): make it again next time.
      this.streams.forget(this.names.stream(producer));
      throw err;
    }
  }

  async publishBatch(producer: string, events: EventEnvelope[]) {
    await this.streams.ensure(producer);
    // Sent one after the other on the one connection (so stored in this order), acks awaited
    // together: a round trip per batch, not per event.
    const acks = await Promise.allSettled(
      events.map((event) =>
        this.js.publish(this.names.eventSubject(producer, event.type), JSON.stringify(event), {
          msgID: event.id,
        }),
      ),
    );
    const failed = acks.findIndex((a) => a.status === 'rejected');
    if (failed === -1) return;
    this.streams.forget(this.names.stream(producer));
    throw new PublishBatchError(failed, (acks[failed] as PromiseRejectedResult).reason);
  }
}
