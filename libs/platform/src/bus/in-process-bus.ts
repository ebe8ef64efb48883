import { type EventEnvelope, findUnsafeText } from '@waco/contracts';
import { sleep } from '../backoff';
import type { Logger } from '../logger';
import {
  afterFailure,
  assertSameTypes,
  type CloseOptions,
  type ConsumerLag,
  DEFAULT_CLOSE_GRACE_MS,
  DEFAULT_RETRY,
  type DeadLetter,
  type EventBus,
  PublishBatchError,
  type Subscription,
  settlesWithin,
} from './event-bus';

/**
 * The embedded adapter. `publish` delivers to one member of each consumer group, retrying with
 * backoff, and resolves only when every group has handled or dead-lettered the event. The outbox
 * relay awaits it before moving its checkpoint, so an event whose delivery was cut short by a
 * crash is published again at the next start: no loss, and the inbox drops the duplicate.
 */
export class InProcessBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly groups = new Map<string, { members: Subscription[]; next: number }>();
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  /**
   * Dead letters live in this process's memory, as the events in flight do: an operator reads and
   * redrives them through the embedded process's admin endpoint (launcher/src/admin.ts), since a
   * redrive must reach the consumer running here.
   */
  private readonly dead: DeadLetter[] = [];
  private deadSeq = 0;
  /** Per consumer group: events being handled now, and retries so far. */
  private readonly lag = new Map<string, ConsumerLag>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  /** Settles when `close` starts: a retry waiting out its backoff stops waiting. */
  private readonly closing: Promise<void>;
  private signalClosing!: () => void;
  /** Rejects when `close` gives up on handlers still running: their `publish` fails. */
  private readonly abandoned: Promise<never>;
  private abandon!: (err: Error) => void;

  constructor(private readonly logger: Logger) {
    this.closing = new Promise((resolve) => {
      this.signalClosing = resolve;
    });
    this.abandoned = new Promise<never>((_, reject) => {
      this.abandon = reject;
    });
    this.abandoned.catch(() => {});
  }

  async ensureStream() {}

  async publish(producer: string, event: EventEnvelope) {
    if (this.closed) throw new Error('Bus is closed');
    const deliveries = [...this.groups.values()]
      .map((group) => {
        // Round robin among the members that want this event (all of a group want the same).
        const members = group.members.filter((m) => m.producer === producer && m.types.includes(event.type));
        const member = members[group.next++ % members.length];
        return member ? this.deliver(member, event) : undefined;
      })
      .filter((p): p is Promise<void> => p !== undefined);
    await Promise.all(deliveries);
  }

  async publishBatch(producer: string, events: EventEnvelope[]) {
    for (const [i, event] of events.entries()) {
      try {
        await this.publish(producer, event);
      } catch (err) {
        throw new PublishBatchError(i, err);
      }
    }
  }

  private async deliver(sub: Subscription, event: EventEnvelope) {
    // Fan-out is not durable: one try, a failure is logged (as with JetStream).
    const policy = sub.fanout ? { maxDeliver: 1, backoffMs: [] } : (sub.retry ?? DEFAULT_RETRY);
    // Text no database takes (a NUL, half a surrogate pair) cannot be handled however often it
    // is tried: dead-letter it at once, as JetStream does with an envelope it cannot read.
    if (findUnsafeText(event)) {
      const letter = this.letter(sub, event, 'unreadable message', 1);
      if (!sub.fanout) this.dead.push(letter);
      this.logger.error({ consumer: sub.consumer, eventId: event.id }, 'unreadable message; dead-lettered');
      return;
    }
    const lag = this.lagOf(sub);
    lag.pending++;
    const run = (async () => {
      for (let attempt = 1; ; attempt++) {
        if (attempt > 1) lag.redelivered++;
        try {
          await sub.handle(event);
          return;
        } catch (err) {
          if (sub.fanout) {
            this.logger.error({ err, consumer: sub.consumer, eventId: event.id }, 'fan-out handler failed');
            return;
          }
          const next = afterFailure(policy, attempt, err);
          if (next.deadLetter) {
            const letter = this.letter(sub, event, String(err), attempt);
            this.dead.push(letter);
            const { id: _id, ...logged } = letter;
            this.logger.error({ ...logged, eventId: event.id, type: event.type }, 'event dead-lettered');
            return;
          }
          this.logger.warn(
            { err, consumer: sub.consumer, eventId: event.id, attempt },
            'handler failed; retrying',
          );
          await Promise.race([sleep(next.delayMs), this.closing]);
          // Stopping: no more tries here. Not handled, so not acknowledged: publish fails, the
          // outbox keeps its checkpoint and publishes the event again at the next start.
          if (this.closed) throw new Error(`Bus closed before ${event.id} was handled`);
        }
      }
    })();
    this.inFlight.add(run);
    try {
      await Promise.race([run, this.abandoned]);
    } finally {
      this.inFlight.delete(run);
      lag.pending--;
    }
  }

  private letter(sub: Subscription, event: EventEnvelope, error: string, deliveries: number): DeadLetter {
    return {
      id: String(++this.deadSeq),
      consumer: sub.consumer,
      producer: sub.producer,
      event,
      error,
      deliveries,
    };
  }

  private lagOf(sub: Subscription): ConsumerLag {
    const key = `${sub.producer}/${sub.consumer}`;
    let lag = this.lag.get(key);
    if (!lag) {
      lag = { producer: sub.producer, consumer: sub.consumer, pending: 0, redelivered: 0 };
      this.lag.set(key, lag);
    }
    return lag;
  }

  async subscribe(subscription: Subscription) {
    // A fan-out subscriber is a group of its own, so it sees every event.
    const key = subscription.fanout
      ? `${subscription.producer}/${subscription.consumer}/${this.groups.size}`
      : `${subscription.producer}/${subscription.consumer}`;
    const group = this.groups.get(key) ?? { members: [], next: 0 };
    assertSameTypes(group.members[0], subscription);
    group.members.push(subscription);
    this.groups.set(key, group);
  }

  async broadcast(subject: string, payload: unknown) {
    for (const listener of this.listeners.get(subject) ?? []) {
      try {
        listener(payload);
      } catch (err) {
        this.logger.error({ err, subject }, 'broadcast listener failed');
      }
    }
  }

  async onBroadcast(subject: string, handler: (payload: unknown) => void) {
    const set = this.listeners.get(subject) ?? new Set();
    set.add(handler);
    this.listeners.set(subject, set);
    return () => {
      set.delete(handler);
    };
  }

  async deadLetters(consumer: string) {
    return this.dead.filter((d) => d.consumer === consumer);
  }

  async listDeadLetters() {
    return [...this.dead];
  }

  async redriveDeadLetter(id: string) {
    const letter = this.dead.find((d) => d.id === id);
    if (!letter) return false;
    const group = this.groups.get(`${letter.producer}/${letter.consumer}`);
    const member = group?.members[group.next++ % group.members.length];
    if (!member)
      throw new Error(`${letter.consumer} does not consume ${letter.producer} events in this process`);
    if (!letter.event) throw new Error(`Dead letter ${id} cannot be redriven: its event is unreadable`);
    this.dead.splice(this.dead.indexOf(letter), 1);
    // To this consumer alone, in the background (retries may take a while); should it fail
    // again, it is dead-lettered again, under a new id.
    this.deliver(member, letter.event).catch(() => {});
    return true;
  }

  async dropDeadLetter(id: string) {
    const at = this.dead.findIndex((d) => d.id === id);
    if (at === -1) return false;
    this.dead.splice(at, 1);
    return true;
  }

  async consumerLag() {
    for (const group of this.groups.values()) {
      const sub = group.members[0];
      if (sub && !sub.fanout) this.lagOf(sub);
    }
    return [...this.lag.values()].map((l) => ({ ...l }));
  }

  async ping() {
    if (this.closed) throw new Error('Bus is closed');
  }

  /** Its consumers live in this process, with the bus: none can be lost while it runs. */
  checkConsuming() {}

  /** Nothing to check: what this bus holds dies with the process, and the outbox waits for it. */
  async streamState() {
    return null;
  }

  async close(options: CloseOptions = {}) {
    this.closed = true;
    this.signalClosing();
    const graceMs = options.graceMs ?? DEFAULT_CLOSE_GRACE_MS;
    if (!(await settlesWithin(Promise.allSettled([...this.inFlight]), graceMs))) {
      this.logger.warn({ inFlight: this.inFlight.size }, 'bus closed with handlers still running');
      this.abandon(new Error('Bus closed while the event was being handled'));
    }
  }
}
