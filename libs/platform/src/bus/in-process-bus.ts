import type { EventEnvelope } from '@waco/contracts';
import type { Logger } from '../logger';
import { DEFAULT_RETRY, type DeadLetter, type EventBus, retryDelay, type Subscription } from './event-bus';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  private readonly dead: DeadLetter[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly logger: Logger) {}

  async ensureStream() {}

  async publish(producer: string, event: EventEnvelope) {
    if (this.closed) throw new Error('Bus is closed');
    const deliveries = [...this.groups.values()]
      .map((group) => {
        const member = group.members[group.next++ % group.members.length];
        return member && member.producer === producer && member.types.includes(event.type)
          ? this.deliver(member, event)
          : undefined;
      })
      .filter((p): p is Promise<void> => p !== undefined);
    await Promise.all(deliveries);
  }

  private async deliver(sub: Subscription, event: EventEnvelope) {
    const policy = sub.retry ?? DEFAULT_RETRY;
    const run = (async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          await sub.handle(event);
          return;
        } catch (err) {
          if (attempt >= policy.maxDeliver) {
            const letter = { consumer: sub.consumer, event, error: String(err), deliveries: attempt };
            this.dead.push(letter);
            this.logger.error({ ...letter, eventId: event.id, type: event.type }, 'event dead-lettered');
            return;
          }
          this.logger.warn(
            { err, consumer: sub.consumer, eventId: event.id, attempt },
            'handler failed; retrying',
          );
          await sleep(retryDelay(policy, attempt));
        }
      }
    })();
    this.inFlight.add(run);
    try {
      await run;
    } finally {
      this.inFlight.delete(run);
    }
  }

  async subscribe(subscription: Subscription) {
    // A fan-out subscriber is a group of its own, so it sees every event.
    const key = subscription.fanout
      ? `${subscription.producer}/${subscription.consumer}/${this.groups.size}`
      : `${subscription.producer}/${subscription.consumer}`;
    const group = this.groups.get(key) ?? { members: [], next: 0 };
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

  async ping() {
    if (this.closed) throw new Error('Bus is closed');
  }

  async close() {
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
  }
}
