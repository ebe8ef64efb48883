import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import {
  connect,
  type NatsConnection,
  type Subscription as NatsSubscription,
  nanos,
} from '@nats-io/transport-node';
import { EventEnvelope } from '@waco/contracts';
import type { Logger } from '../logger';
import {
  assertSameTypes,
  type CloseOptions,
  DEFAULT_CLOSE_GRACE_MS,
  DEFAULT_RETRY,
  type DeadLetter,
  type EventBus,
  retryDelay,
  type Subscription,
  settlesWithin,
} from './event-bus';
import { natsNames } from './nats-subjects';

export interface JetStreamBusOptions {
  url: string;
  /** Isolates streams and subjects (tests). */
  prefix?: string;
  name?: string;
  logger: Logger;
  /** How long the server waits for an ack before redelivering (a crashed consumer). */
  ackWaitMs?: number;
  /** Retention and replication of the streams this bus creates (see StreamLimits). */
  streams?: Partial<StreamLimits>;
}

/**
 * What the streams keep. Streams are a transport, not the record: every event stays in its
 * producer's Postgres event store, so age and size limits only bound how far behind a consumer
 * may fall. Dead letters are kept longer, until someone has looked at them. 0 means no limit.
 */
export interface StreamLimits {
  maxAgeMs: number;
  maxBytes: number;
  deadLetterMaxAgeMs: number;
  /** Copies of each stream in a JetStream cluster (1 on a single server, 3 on the k8s cluster). */
  replicas: number;
}

const NO_LIMITS: StreamLimits = { maxAgeMs: 0, maxBytes: 0, deadLetterMaxAgeMs: 0, replicas: 1 };

/**
 * The distributed adapter: one stream per producing service, durable pull consumers named after
 * the consuming service (instances share the work), explicit acks, retries by delayed nak, and
 * a dead-letter stream after the last try. Messages carry `Nats-Msg-Id` = event id, so a relay
 * that publishes twice after a crash is deduplicated by the server.
 */
export class JetStreamBus implements EventBus {
  readonly kind = 'nats' as const;
  private readonly names;
  private readonly ensured = new Set<string>();
  /** Each stops one consume loop and resolves when its in-flight handler has finished. */
  private readonly stoppers: Array<() => Promise<void>> = [];
  private readonly durables = new Map<string, Subscription>();
  private closing = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly options: JetStreamBusOptions,
  ) {
    this.names = natsNames(options.prefix ?? '');
  }

  static async connect(options: JetStreamBusOptions): Promise<JetStreamBus> {
    let nc: NatsConnection;
    try {
      nc = await connect({
        servers: options.url,
        name: options.name,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
      });
    } catch (err) {
      throw new Error(
        `Cannot reach NATS at ${options.url} (${(err as Error).message}). Start NATS with JetStream (nats-server -js), or set BUS=memory.`,
      );
    }
    const jsm = await jetstreamManager(nc);
    const bus = new JetStreamBus(nc, jsm, jetstream(nc), options);
    await bus.ensureNamedStream(
      bus.names.deadLetterStream,
      `${options.prefix ? `${options.prefix}.` : ''}deadletter.>`,
      bus.limits.deadLetterMaxAgeMs,
    );
    return bus;
  }

  private get limits(): StreamLimits {
    return { ...NO_LIMITS, ...this.options.streams };
  }

  private async ensureNamedStream(name: string, subjects: string, maxAgeMs: number) {
    if (this.ensured.has(name)) return;
    const { maxBytes, replicas } = this.limits;
    const limits = {
      max_age: nanos(maxAgeMs),
      max_bytes: maxBytes > 0 ? maxBytes : -1,
      num_replicas: replicas,
    };
    const existing = await this.jsm.streams.info(name).catch(() => null);
    if (!existing) {
      try {
        await this.jsm.streams.add({
          name,
          subjects: [subjects],
          duplicate_window: nanos(120_000),
          ...limits,
        });
      } catch (err) {
        // Another instance may have created it between our look and our add.
        await this.jsm.streams.info(name).catch(() => Promise.reject(err));
      }
    } else if (
      this.options.streams &&
      (existing.config.max_age !== limits.max_age ||
        existing.config.max_bytes !== limits.max_bytes ||
        existing.config.num_replicas !== limits.num_replicas)
    ) {
      // The operator changed the limits (or the replica count) in the configuration: apply them
      // to the stream that exists, so that a restart is all a change takes. A bus given no
      // limits (tests, tools) leaves existing streams as they are.
      await this.jsm.streams.update(name, { ...existing.config, ...limits });
    }
    this.ensured.add(name);
  }

  ensureStream(producer: string) {
    return this.ensureNamedStream(
      this.names.stream(producer),
      this.names.streamSubjects(producer),
      this.limits.maxAgeMs,
    );
  }

  async publish(producer: string, event: EventEnvelope) {
    await this.ensureStream(producer);
    await this.js.publish(this.names.eventSubject(producer, event.type), JSON.stringify(event), {
      msgID: event.id,
    });
  }

  async subscribe(sub: Subscription) {
    await this.ensureStream(sub.producer);
    const stream = this.names.stream(sub.producer);
    if (sub.fanout) return this.subscribeFanout(stream, sub);
    const policy = sub.retry ?? DEFAULT_RETRY;
    const key = `${stream}/${sub.consumer}`;
    assertSameTypes(this.durables.get(key), sub);
    this.durables.set(key, sub);
    // One durable per (stream, consumer) over the whole stream: nats-server 2.9 allows a single
    // filter subject, and reading the whole stream keeps its order. Other types are acked past.
    try {
      await this.jsm.consumers.info(stream, sub.consumer);
    } catch {
      await this.jsm.consumers.add(stream, {
        durable_name: sub.consumer,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: this.names.streamSubjects(sub.producer),
        ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
        // Unlimited on the server: we count deliveries ourselves and dead-letter explicitly,
        // so that the last failure is never dropped silently.
        max_deliver: -1,
      });
    }
    const consumer = await this.js.consumers.get(stream, sub.consumer);
    const messages = await consumer.consume({ max_messages: 64 });
    const loop = (async () => {
      for await (const msg of messages) {
        // Pulled but not started when the bus closes: hand it back for another instance now.
        if (this.closing) {
          msg.nak();
          continue;
        }
        try {
          await this.handle(sub, policy, msg);
        } catch (err) {
          // E.g. the dead-letter publish failed: the message stays unacknowledged and comes back
          // after the ack wait. The loop goes on; one bad message must not stop the consumer.
          this.options.logger.error({ err, consumer: sub.consumer }, 'could not settle message');
        }
      }
    })();
    this.stoppers.push(async () => {
      // Resolves once the loop has passed the messages already pulled.
      await messages.close();
      await loop.catch(() => {});
    });
  }

  /** An ordered, ephemeral consumer per instance: every instance sees every new event. */
  private async subscribeFanout(stream: string, sub: Subscription) {
    const consumer = await this.js.consumers.get(stream, {
      filter_subjects: this.names.streamSubjects(sub.producer),
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await consumer.consume();
    const loop = (async () => {
      for await (const msg of messages) {
        try {
          const event = EventEnvelope.parse(msg.json()) as EventEnvelope;
          if (sub.types.includes(event.type)) await sub.handle(event);
        } catch (err) {
          this.options.logger.error({ err, consumer: sub.consumer }, 'fan-out handler failed');
        }
      }
    })();
    this.stoppers.push(async () => {
      await messages.close();
      await loop.catch(() => {});
    });
  }

  private async handle(
    sub: Subscription,
    policy: typeof DEFAULT_RETRY,
    msg: {
      json<T>(): T;
      ack(): void;
      nak(ms?: number): void;
      term(reason?: string): void;
      info: { deliveryCount: number };
    },
  ) {
    let event: EventEnvelope;
    try {
      event = EventEnvelope.parse(msg.json()) as EventEnvelope;
    } catch (err) {
      this.options.logger.error({ err, consumer: sub.consumer }, 'unreadable message; dead-lettered');
      await this.deadLetter(sub.consumer, { raw: String(err) }, 'unreadable message', msg.info.deliveryCount);
      msg.term('unreadable');
      return;
    }
    if (!sub.types.includes(event.type)) {
      msg.ack();
      return;
    }
    const attempt = msg.info.deliveryCount;
    try {
      await sub.handle(event);
      msg.ack();
    } catch (err) {
      if (attempt >= policy.maxDeliver) {
        await this.deadLetter(sub.consumer, event, String(err), attempt);
        this.options.logger.error(
          { err, consumer: sub.consumer, eventId: event.id, type: event.type, deliveries: attempt },
          'event dead-lettered',
        );
        msg.term('dead-lettered');
      } else {
        this.options.logger.warn(
          { err, consumer: sub.consumer, eventId: event.id, attempt },
          'handler failed; retrying',
        );
        msg.nak(retryDelay(policy, attempt));
      }
    }
  }

  private async deadLetter(consumer: string, event: unknown, error: string, deliveries: number) {
    const letter = { consumer, event, error, deliveries };
    await this.js.publish(this.names.deadLetterSubject(consumer), JSON.stringify(letter));
  }

  async broadcast(subject: string, payload: unknown) {
    this.nc.publish(this.names.broadcast(subject), JSON.stringify(payload));
  }

  async onBroadcast(subject: string, handler: (payload: unknown) => void) {
    const natsSub: NatsSubscription = this.nc.subscribe(this.names.broadcast(subject), {
      callback: (err, msg) => {
        if (err) return this.options.logger.error({ err, subject }, 'broadcast subscription failed');
        try {
          handler(msg.json());
        } catch (e) {
          this.options.logger.error({ err: e, subject }, 'broadcast listener failed');
        }
      },
    });
    return () => natsSub.unsubscribe();
  }

  async deadLetters(consumer: string): Promise<DeadLetter[]> {
    const stream = this.names.deadLetterStream;
    const subject = this.names.deadLetterSubject(consumer);
    const out: DeadLetter[] = [];
    const info = await this.jsm.streams.info(stream);
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && seq > 0; seq++) {
      const m = await this.jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (m && m.subject === subject) out.push(m.json<DeadLetter>());
    }
    return out;
  }

  async ping() {
    if (this.nc.isClosed()) throw new Error('NATS connection closed');
    await this.nc.flush();
  }

  async close(options: CloseOptions = {}) {
    this.closing = true;
    const stopped = Promise.allSettled(this.stoppers.map((stop) => stop()));
    if (await settlesWithin(stopped, options.graceMs ?? DEFAULT_CLOSE_GRACE_MS)) {
      if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
      return;
    }
    // A handler is still running: leave its message unacknowledged, as a crash would; the server
    // redelivers it after the ack wait.
    this.options.logger.warn('bus closed with a handler still running; its message will be redelivered');
    if (!this.nc.isClosed()) await this.nc.close();
  }

  /** Deletes this bus's streams (test clean-up of a prefixed run). */
  async deleteStreams() {
    const prefix = this.options.prefix;
    if (!prefix) throw new Error('Refusing to delete unprefixed streams');
    for await (const s of this.jsm.streams.list()) {
      if (s.config.name.startsWith(`${prefix.toUpperCase()}_`)) await this.jsm.streams.delete(s.config.name);
    }
  }
}
