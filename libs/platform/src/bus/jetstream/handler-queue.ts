import type { JsMsg } from '@nats-io/jetstream';
import { EventEnvelope } from '@waco/contracts';
import { Linger } from '../../linger';
import { afterFailure, type RetryPolicy, type Subscription } from '../event-bus';
import type { ConsumerContext } from './consume-loops';

/** At most this many events are handed to a subscription's `handleBatch` at once. */
const BATCH_MAX = 64;

/**
 * A consumer's messages, handled in stream order, one batch at a time: the first at once, and
 * those that arrive while a batch runs together in the next (at most BATCH_MAX). `add` waits
 * while a full batch is queued, so that no more is pulled than can be handled in time. Each
 * message is acked when handled, retried by delayed nak, or dead-lettered after its last try.
 */
export class HandlerQueue {
  private readonly queue: JsMsg[] = [];
  private running: Promise<void> | undefined;
  private room: (() => void) | undefined;
  /** A subscription with a batch handler: under a steady stream one transaction carries more. */
  private readonly linger: Linger | undefined;

  constructor(
    private readonly sub: Subscription,
    private readonly policy: RetryPolicy,
    private readonly ctx: ConsumerContext,
  ) {
    this.linger = sub.handleBatch ? new Linger() : undefined;
  }

  async add(msg: JsMsg) {
    this.queue.push(msg);
    this.running ??= this.run();
    while (this.queue.length >= BATCH_MAX) await new Promise<void>((resolve) => (this.room = resolve));
  }

  async drain() {
    while (this.running) await this.running;
  }

  private async run() {
    await this.linger?.beforeRun();
    // Messages waiting their turn say so too, so that none is redelivered meanwhile.
    const heartbeat = setInterval(
      () => {
        for (const msg of this.queue) msg.working();
      },
      Math.max(100, this.ctx.ackWaitMs / 3),
    );
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH_MAX);
      this.room?.();
      this.room = undefined;
      try {
        await this.handleBatch(batch);
      } catch (err) {
        // E.g. the dead-letter publish failed: the message stays unacknowledged and comes
        // back after the ack wait. The loop goes on; one bad message must not stop it.
        this.ctx.logger.error({ err, consumer: this.sub.consumer }, 'could not settle message');
      }
    }
    clearInterval(heartbeat);
    this.running = undefined;
    this.linger?.runEnded();
  }

  /**
   * Hands a batch to the subscription's `handleBatch` when it has one and the batch holds more
   * than one event it wants; one by one through `handle` otherwise, or when the batch failed
   * (it changed nothing: the inbox rows went with its transaction).
   */
  private async handleBatch(msgs: JsMsg[]) {
    const { sub } = this;
    const { loops, logger, ackWaitMs } = this.ctx;
    if (loops.closing) {
      for (const msg of msgs) msg.nak();
      return;
    }
    if (!sub.handleBatch || msgs.length === 1) {
      for (const msg of msgs) await this.handle(msg);
      return;
    }
    const batched: Array<{ msg: JsMsg; event: EventEnvelope }> = [];
    for (const msg of msgs) {
      const event = readEnvelope(msg);
      if (event && sub.types.includes(event.type)) batched.push({ msg, event });
      else await this.handle(msg); // acked past, or dead-lettered
    }
    if (batched.length < 2) {
      for (const { msg } of batched) await this.handle(msg);
      return;
    }
    const heartbeat = setInterval(
      () => {
        for (const { msg } of batched) msg.working();
      },
      Math.max(100, ackWaitMs / 3),
    );
    for (const { msg } of batched) loops.inFlight.add(msg);
    let handled = false;
    try {
      await sub.handleBatch?.(batched.map((b) => b.event));
      handled = true;
    } catch (err) {
      logger.debug({ err, consumer: sub.consumer, events: batched.length }, 'batch failed; one by one');
    } finally {
      clearInterval(heartbeat);
      for (const { msg } of batched) loops.inFlight.delete(msg);
    }
    if (handled) for (const { msg } of batched) msg.ack();
    else for (const { msg } of batched) await this.handle(msg);
  }

  private async handle(msg: JsMsg) {
    const { sub, policy } = this;
    const { loops, logger, ackWaitMs, deadLetters } = this.ctx;
    let event: EventEnvelope;
    try {
      event = EventEnvelope.parse(msg.json()) as EventEnvelope;
    } catch (err) {
      // Its bytes and where it was go with the letter: an operator can read it, export it, and
      // redrive it once its consumer can read it.
      await deadLetters.record(sub, msg, null, `unreadable message: ${String(err)}`);
      logger.error(
        { err, consumer: sub.consumer, stream: msg.info.stream, seq: msg.seq },
        'unreadable message; dead-lettered',
      );
      msg.term();
      return;
    }
    if (!sub.types.includes(event.type)) {
      msg.ack();
      return;
    }
    const attempt = msg.info.deliveryCount;
    // A handler still at work after a third of the ack wait says so, so that it is not redelivered.
    const heartbeat = setInterval(() => msg.working(), Math.max(100, ackWaitMs / 3));
    loops.inFlight.add(msg);
    try {
      await sub.handle(event);
      msg.ack();
    } catch (err) {
      const next = afterFailure(policy, attempt, err);
      if (next.deadLetter) {
        await deadLetters.record(sub, msg, event, String(err));
        logger.error(
          { err, consumer: sub.consumer, eventId: event.id, type: event.type, deliveries: attempt },
          'event dead-lettered',
        );
        // A bare +TERM: nats-server 2.9 does not understand "+TERM reason" and would redeliver.
        msg.term();
      } else {
        logger.warn({ err, consumer: sub.consumer, eventId: event.id, attempt }, 'handler failed; retrying');
        msg.nak(next.delayMs);
      }
    } finally {
      clearInterval(heartbeat);
      loops.inFlight.delete(msg);
    }
  }
}

/** The event a message carries, or null when it is not one (`handle` dead-letters it). */
function readEnvelope(msg: JsMsg): EventEnvelope | null {
  try {
    const parsed = EventEnvelope.safeParse(msg.json<unknown>());
    return parsed.success ? (parsed.data as EventEnvelope) : null;
  } catch {
    return null;
  }
}
