import { AckPolicy, type ConsumerMessages, DeliverPolicy } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { eventSubjectToken } from '@waco/contracts';
import { assertSameTypes, DEFAULT_RETRY, type Subscription } from '../event-bus';
import type { ConsumerContext } from './consume-loops';
import { HandlerQueue } from './handler-queue';

/**
 * Messages pulled ahead per consumer. Their ack wait runs while they wait in the client's
 * buffer, so it stays small enough to be handled well within the ack wait.
 */
const PULL_BATCH = 16;
/**
 * How long one pull request lives. The client also waits up to this long (with jitter) before it
 * checks its consumer again when a check failed after a reconnect (JetStream still starting), so
 * it bounds how late a consumer resumes after NATS comes back (the default is 30 s).
 */
const PULL_EXPIRES_MS = 5_000;

/**
 * Durable pull consumers named after the consuming service (instances share the work), with
 * explicit acks. A consumer the server lost (with its stream, after a lost store) is made again
 * and consumed again, with backoff, for as long as the bus is open.
 */
export class DurableConsumers {
  /** This process's durable subscriptions, by `stream/consumer` (lag, readiness). */
  private readonly subscriptions = new Map<string, Subscription>();

  constructor(private readonly ctx: ConsumerContext) {}

  entries() {
    return this.subscriptions.entries();
  }

  async subscribe(sub: Subscription) {
    const { connection, names, streams, loops, stalled, logger } = this.ctx;
    const stream = names.stream(sub.producer);
    const policy = sub.retry ?? DEFAULT_RETRY;
    const key = `${stream}/${sub.consumer}`;
    assertSameTypes(this.subscriptions.get(key), sub);
    this.subscriptions.set(key, sub);
    // One durable per (stream, consumer), in the stream's order, filtered on one subject
    // (nats-server 2.9 allows one): its type's, or all but the busy types' when it wants none of
    // them (`consumerFilter`). Other types it is sent are acked past.
    const open = async (): Promise<ConsumerMessages> => {
      await streams.ensure(sub.producer);
      await this.ensureDurable(stream, sub);
      const consumer = await connection.js.consumers.get(stream, sub.consumer);
      const messages = await consumer.consume({
        max_messages: PULL_BATCH,
        expires: PULL_EXPIRES_MS,
        // The client would otherwise go on asking a consumer that no longer exists, for ever
        // and silently (a server that lost its store): end the loop, so that it is made again.
        abort_on_missing_resource: true,
      });
      void this.watch(key, messages);
      stalled.clear(key);
      return messages;
    };
    /** Opens it after it ended: its stream and the dead letters' made again first if they are gone. */
    const openAgain = async () => {
      streams.forget(stream, names.deadLetterStream);
      await streams.ensureDeadLetters();
      return open();
    };
    let messages = await open();
    const queue = new HandlerQueue(sub, policy, this.ctx);
    // The subject's last token names the event's type: another type is acked past unread,
    // without parsing its body.
    const wanted = new Set(sub.types.map(eventSubjectToken));
    const loop = (async () => {
      for (let attempt = 0; ; ) {
        try {
          for await (const msg of messages) {
            attempt = 0;
            // Pulled but not started when the bus closes: hand it back for another instance now.
            if (loops.closing) {
              msg.nak();
              continue;
            }
            if (wanted.has(msg.subject.slice(msg.subject.lastIndexOf('.') + 1))) await queue.add(msg);
            else msg.ack();
          }
        } catch (err) {
          if (!loops.closing) {
            logger.warn({ err, consumer: sub.consumer, stream }, 'consumer failed');
            stalled.mark(key, (err as Error).message);
          }
        }
        await queue.drain();
        if (loops.closing) return;
        stalled.mark(key, 'consumer ended');
        // The consumer ended (deleted, or the server lost it with its stream): make both again if
        // they are gone and open it, with backoff, for as long as the bus is open. The durable's
        // position on the server is where we resume; a consumer made again reads the stream from
        // its start, and the producer's relay publishes again what no consumer had acknowledged.
        const reopened = await loops.reopen(openAgain, attempt, (err, attempt) =>
          logger.warn({ err, consumer: sub.consumer, attempt }, 'cannot resume consumer yet'),
        );
        if (!reopened) return;
        ({ opened: messages, attempt } = reopened);
        logger.info({ consumer: sub.consumer, stream }, 'consumer resumed');
      }
    })();
    loops.add(async () => {
      // Resolves once the loop has passed the messages already pulled.
      await messages.close();
      await loop.catch(() => {});
    });
  }

  /** Notes what the client says of a consumer it cannot reach (readiness, `ops lag`). */
  private async watch(key: string, messages: ConsumerMessages) {
    const { loops, stalled } = this.ctx;
    try {
      for await (const status of messages.status()) {
        if (status.type === 'consumer_not_found' || status.type === 'stream_not_found') {
          stalled.mark(key, status.type.replaceAll('_', ' '));
        } else if (status.type === 'consumer_deleted') {
          stalled.mark(key, 'consumer deleted');
        } else if (status.type === 'next' || status.type === 'heartbeat') {
          // Pulling again, or the server answers: a consumer that works.
          if (!loops.closing) stalled.clear(key);
        }
      }
    } catch {
      // The status iterator ends with the messages.
    }
  }

  /** Creates the durable consumer, or brings its ack wait and its filter up to date. */
  private async ensureDurable(stream: string, sub: Subscription) {
    const { jsm } = this.ctx.connection;
    const ackWait = nanos(this.ctx.ackWaitMs);
    const filter = this.ctx.names.consumerFilter(sub.producer, sub.types);
    const existing = await jsm.consumers.info(stream, sub.consumer).catch(() => null);
    if (!existing) {
      try {
        await jsm.consumers.add(stream, {
          durable_name: sub.consumer,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          filter_subject: filter,
          ack_wait: ackWait,
          // Unlimited on the server: we count deliveries ourselves and dead-letter explicitly,
          // so that the last failure is never dropped silently.
          max_deliver: -1,
        });
        return;
      } catch (err) {
        // Another instance may have created it between our look and our add.
        if (!(await jsm.consumers.info(stream, sub.consumer).catch(() => null))) throw err;
        return;
      }
    }
    // A release that changed the types, or a durable made before busy types had their own
    // subjects. It resumes where it was: a type newly wanted starts from there, as it would
    // unfiltered (what came before was acked past).
    if (existing.config.ack_wait !== ackWait || existing.config.filter_subject !== filter) {
      await jsm.consumers
        .update(stream, sub.consumer, { ack_wait: ackWait, filter_subject: filter })
        .catch((err) =>
          this.ctx.logger.warn({ err, consumer: sub.consumer }, 'could not change the ack wait or filter'),
        );
    }
  }
}
