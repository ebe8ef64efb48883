import { DeliverPolicy } from '@nats-io/jetstream';
import { EventEnvelope } from '@waco/contracts';
import type { Subscription } from '../event-bus';
import type { ConsumerContext } from './consume-loops';

/**
 * An ordered, ephemeral consumer per instance: every instance sees every new event. The server
 * filters it as a durable (`consumerFilter`), and a subscription to one busy type on that type's
 * subject, so an instance hearing rare events (a revoked session, an edited post) is not sent the
 * producer's busy ones (likes).
 */
export async function subscribeFanout(ctx: ConsumerContext, sub: Subscription) {
  const { connection, names, streams, loops, logger } = ctx;
  const stream = names.stream(sub.producer);
  const open = async () => {
    await streams.ensure(sub.producer);
    const consumer = await connection.js.consumers.get(stream, {
      filter_subjects:
        sub.types.length === 1 && sub.types[0]
          ? names.eventSubject(sub.producer, sub.types[0])
          : names.consumerFilter(sub.producer, sub.types),
      deliver_policy: DeliverPolicy.New,
    });
    // Given up when its stream is lost, rather than asked again for ever from a position that
    // the stream made again does not have: opened again below, from the new events on.
    return consumer.consume({ abort_on_missing_resource: true });
  };
  /** Opens it after its stream was lost: the stream made again first. */
  const openAgain = () => {
    streams.forget(stream);
    return open();
  };
  let messages = await open();
  const loop = (async () => {
    for (let attempt = 0; ; ) {
      try {
        for await (const msg of messages) {
          attempt = 0;
          try {
            const event = EventEnvelope.parse(msg.json()) as EventEnvelope;
            if (sub.types.includes(event.type)) await sub.handle(event);
          } catch (err) {
            logger.error({ err, consumer: sub.consumer }, 'fan-out handler failed');
          }
        }
      } catch (err) {
        if (!loops.closing) logger.warn({ err, consumer: sub.consumer }, 'fan-out consumer failed');
      }
      // Its stream is gone (a lost store): open it again, making the stream, for as long as the
      // bus is open. Events published in between are not seen (fan-out keeps no history).
      if (loops.closing) return;
      const reopened = await loops.reopen(openAgain, attempt, (err, attempt) =>
        logger.warn({ err, consumer: sub.consumer, attempt }, 'cannot resume fan-out consumer yet'),
      );
      if (!reopened) return;
      ({ opened: messages, attempt } = reopened);
    }
  })();
  loops.add(async () => {
    await messages.close();
    await loop.catch(() => {});
  });
}
