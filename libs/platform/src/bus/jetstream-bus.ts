import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
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
import { backoffDelay, sleep } from '../backoff';
import { Linger } from '../linger';
import type { Logger } from '../logger';
import {
  afterFailure,
  assertSameTypes,
  type BroadcastOptions,
  type CloseOptions,
  type ConsumerLag,
  DEFAULT_CLOSE_GRACE_MS,
  DEFAULT_RETRY,
  type DeadLetter,
  type EventBus,
  PublishBatchError,
  type RetryPolicy,
  type StreamState,
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
 * How long the server waits for an ack before it redelivers a message: what a crashed consumer
 * costs. Short, so that the backlog of a killed instance moves on within seconds; a handler that
 * runs longer tells the server it is still at work (`working()`) every third of it.
 */
export const DEFAULT_ACK_WAIT_MS = 5_000;
/**
 * Messages pulled ahead per consumer. Their ack wait runs while they wait in the client's
 * buffer, so it stays small enough to be handled well within the ack wait.
 */
const PULL_BATCH = 16;
/** At most this many events are handed to a subscription's `handleBatch` at once. */
const BATCH_MAX = 64;
/**
 * How long one pull request lives. The client also waits up to this long (with jitter) before it
 * checks its consumer again when a check failed after a reconnect (JetStream still starting), so
 * it bounds how late a consumer resumes after NATS comes back (the default is 30 s).
 */
const PULL_EXPIRES_MS = 5_000;
/**
 * How long a publish waits for the server's ack. One sent as the connection dropped is never
 * answered; the relay waits this long before it publishes again (the duplicate is dropped by
 * `Nats-Msg-Id`), so it bounds how late events are after NATS comes back. Acks take milliseconds.
 */
const PUBLISH_TIMEOUT_MS = 2_000;
/** An event id, as a `Nats-Msg-Id` names it (a redriven raw message's id names none). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `ping` (readiness) gives up after this long. */
const PING_TIMEOUT_MS = 2_000;

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
  /** Messages whose handler is running: handed back (nak) if the bus closes before they end. */
  private readonly inFlight = new Set<JsMsg>();
  private readonly onReconnect = new Set<() => void>();
  /** Durable consumers of this process that are not consuming now: why, and since when. */
  private readonly stalled = new Map<string, { since: number; reason: string }>();
  private connected = true;
  private closing = false;
  /** Settles when `close` starts: a consumer waiting out its backoff stops waiting. */
  private readonly closed: Promise<void>;
  private signalClosed!: () => void;
  private readonly ackWaitMs: number;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly options: JetStreamBusOptions,
  ) {
    this.names = natsNames(options.prefix ?? '');
    this.ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    this.closed = new Promise((resolve) => {
      this.signalClosed = resolve;
    });
    void this.watchConnection();
  }

  /**
   * The client reconnects by itself, for ever (with jitter), and resubscribes; this keeps
   * readiness honest and tells broadcast listeners that messages may have been lost meanwhile.
   */
  private async watchConnection() {
    for await (const status of this.nc.status()) {
      if (status.type === 'disconnect') {
        this.connected = false;
        this.options.logger.warn({ server: status.server }, 'NATS connection lost; reconnecting');
      } else if (status.type === 'reconnect') {
        this.connected = true;
        this.options.logger.info({ server: status.server }, 'NATS reconnected');
        for (const listener of this.onReconnect) listener();
      }
    }
  }

  static async connect(options: JetStreamBusOptions): Promise<JetStreamBus> {
    let nc: NatsConnection;
    try {
      nc = await connect({
        servers: options.url,
        name: options.name,
        // Reconnect for as long as the process lives, with jitter so that instances do not all
        // come back in the same instant; ping often enough to notice a silent server.
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
        reconnectJitter: 250,
        pingInterval: 10_000,
      });
    } catch (err) {
      throw new Error(
        `Cannot reach NATS at ${options.url} (${(err as Error).message}). Start NATS with JetStream (nats-server -js), or set BUS=memory.`,
      );
    }
    const jsm = await jetstreamManager(nc);
    const bus = new JetStreamBus(nc, jsm, jetstream(nc, { timeout: PUBLISH_TIMEOUT_MS }), options);
    await bus.ensureDeadLetterStream();
    return bus;
  }

  private ensureDeadLetterStream() {
    const prefix = this.options.prefix;
    return this.ensureNamedStream(
      this.names.deadLetterStream,
      `${prefix ? `${prefix}.` : ''}deadletter.>`,
      this.limits.deadLetterMaxAgeMs,
    );
  }

  /**
   * Forgets that these streams exist, so that the next use looks again and makes any that are
   * missing: after a failure that may mean the server lost them (a lost store).
   */
  private forgetStreams(...names: string[]) {
    for (const name of names) this.ensured.delete(name);
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
    try {
      await this.js.publish(this.names.eventSubject(producer, event.type), JSON.stringify(event), {
        msgID: event.id,
      });
    } catch (err) {
      // The server may have come back without the stream (a lost store): make it again next time.
      this.ensured.delete(this.names.stream(producer));
      throw err;
    }
  }

  async publishBatch(producer: string, events: EventEnvelope[]) {
    await this.ensureStream(producer);
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
    this.ensured.delete(this.names.stream(producer));
    throw new PublishBatchError(failed, (acks[failed] as PromiseRejectedResult).reason);
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
    const open = async (): Promise<ConsumerMessages> => {
      await this.ensureStream(sub.producer);
      await this.ensureDurable(stream, sub);
      const consumer = await this.js.consumers.get(stream, sub.consumer);
      const messages = await consumer.consume({
        max_messages: PULL_BATCH,
        expires: PULL_EXPIRES_MS,
        // The client would otherwise go on asking a consumer that no longer exists, for ever
        // and silently (a server that lost its store): end the loop, so that it is made again.
        abort_on_missing_resource: true,
      });
      void this.watchConsumer(key, messages);
      this.stalled.delete(key);
      return messages;
    };
    let messages = await open();
    const batcher = this.batcher(sub, policy);
    // The subject names the event's type: another type is acked past unread (a like is most of
    // posts' stream, and most of its consumers want none), without parsing its body.
    const wanted = new Set(sub.types.map((type) => this.names.eventSubject(sub.producer, type)));
    const loop = (async () => {
      for (let attempt = 0; ; ) {
        try {
          for await (const msg of messages) {
            attempt = 0;
            // Pulled but not started when the bus closes: hand it back for another instance now.
            if (this.closing) {
              msg.nak();
              continue;
            }
            if (wanted.has(msg.subject)) await batcher.add(msg);
            else msg.ack();
          }
        } catch (err) {
          if (!this.closing) {
            this.options.logger.warn({ err, consumer: sub.consumer, stream }, 'consumer failed');
            this.markStalled(key, (err as Error).message);
          }
        }
        await batcher.drain();
        if (this.closing) return;
        this.markStalled(key, 'consumer ended');
        // The consumer ended (deleted, or the server lost it with its stream): make both again if
        // they are gone and open it, with backoff, for as long as the bus is open. The durable's
        // position on the server is where we resume; a consumer made again reads the stream from
        // its start, and the producer's relay publishes again what no consumer had acknowledged.
        for (;;) {
          await Promise.race([sleep(backoffDelay(attempt++)), this.closed]);
          if (this.closing) return;
          try {
            this.forgetStreams(stream, this.names.deadLetterStream);
            await this.ensureDeadLetterStream();
            messages = await open();
            this.options.logger.info({ consumer: sub.consumer, stream }, 'consumer resumed');
            break;
          } catch (err) {
            this.options.logger.warn({ err, consumer: sub.consumer, attempt }, 'cannot resume consumer yet');
          }
        }
      }
    })();
    this.stoppers.push(async () => {
      // Resolves once the loop has passed the messages already pulled.
      await messages.close();
      await loop.catch(() => {});
    });
  }

  /** Notes what the client says of a consumer it cannot reach (readiness, `ops lag`). */
  private async watchConsumer(key: string, messages: ConsumerMessages) {
    try {
      for await (const status of messages.status()) {
        if (status.type === 'consumer_not_found' || status.type === 'stream_not_found') {
          this.markStalled(key, status.type.replaceAll('_', ' '));
        } else if (status.type === 'consumer_deleted') {
          this.markStalled(key, 'consumer deleted');
        } else if (status.type === 'next' || status.type === 'heartbeat') {
          // Pulling again, or the server answers: a consumer that works.
          if (!this.closing) this.stalled.delete(key);
        }
      }
    } catch {
      // The status iterator ends with the messages.
    }
  }

  private markStalled(key: string, reason: string) {
    const since = this.stalled.get(key)?.since ?? Date.now();
    this.stalled.set(key, { since, reason });
  }

  checkConsuming(stalledAfterMs = 3_000) {
    const now = Date.now();
    const late = [...this.stalled.entries()].filter(([, s]) => now - s.since > stalledAfterMs);
    if (late.length === 0) return;
    throw new Error(
      `not consuming: ${late
        .map(([key, s]) => `${key} for ${Math.round((now - s.since) / 1000)} s (${s.reason})`)
        .join('; ')}`,
    );
  }

  /**
   * A consumer's messages, handled in stream order, one batch at a time: the first at once, and
   * those that arrive while a batch runs together in the next (at most BATCH_MAX). `add` waits
   * while a full batch is queued, so that no more is pulled than can be handled in time.
   */
  private batcher(sub: Subscription, policy: RetryPolicy) {
    const queue: JsMsg[] = [];
    let running: Promise<void> | undefined;
    let room: (() => void) | undefined;
    // A subscription with a batch handler: under a steady stream one transaction carries more.
    const linger = sub.handleBatch ? new Linger() : undefined;
    const run = async () => {
      await linger?.beforeRun();
      // Messages waiting their turn say so too, so that none is redelivered meanwhile.
      const heartbeat = setInterval(
        () => {
          for (const msg of queue) msg.working();
        },
        Math.max(100, this.ackWaitMs / 3),
      );
      while (queue.length > 0) {
        const batch = queue.splice(0, BATCH_MAX);
        room?.();
        room = undefined;
        try {
          await this.handleBatch(sub, policy, batch);
        } catch (err) {
          // E.g. the dead-letter publish failed: the message stays unacknowledged and comes
          // back after the ack wait. The loop goes on; one bad message must not stop it.
          this.options.logger.error({ err, consumer: sub.consumer }, 'could not settle message');
        }
      }
      clearInterval(heartbeat);
      running = undefined;
      linger?.runEnded();
    };
    return {
      add: async (msg: JsMsg) => {
        queue.push(msg);
        running ??= run();
        while (queue.length >= BATCH_MAX) await new Promise<void>((resolve) => (room = resolve));
      },
      drain: async () => {
        while (running) await running;
      },
    };
  }

  /**
   * Hands a batch to the subscription's `handleBatch` when it has one and the batch holds more
   * than one event it wants; one by one through `handle` otherwise, or when the batch failed
   * (it changed nothing: the inbox rows went with its transaction).
   */
  private async handleBatch(sub: Subscription, policy: RetryPolicy, msgs: JsMsg[]) {
    if (this.closing) {
      for (const msg of msgs) msg.nak();
      return;
    }
    if (!sub.handleBatch || msgs.length === 1) {
      for (const msg of msgs) await this.handle(sub, policy, msg);
      return;
    }
    const batched: Array<{ msg: JsMsg; event: EventEnvelope }> = [];
    for (const msg of msgs) {
      const event = readEnvelope(msg);
      if (event && sub.types.includes(event.type)) batched.push({ msg, event });
      else await this.handle(sub, policy, msg); // acked past, or dead-lettered
    }
    if (batched.length < 2) {
      for (const { msg } of batched) await this.handle(sub, policy, msg);
      return;
    }
    const heartbeat = setInterval(
      () => {
        for (const { msg } of batched) msg.working();
      },
      Math.max(100, this.ackWaitMs / 3),
    );
    for (const { msg } of batched) this.inFlight.add(msg);
    let handled = false;
    try {
      await sub.handleBatch?.(batched.map((b) => b.event));
      handled = true;
    } catch (err) {
      this.options.logger.debug(
        { err, consumer: sub.consumer, events: batched.length },
        'batch failed; one by one',
      );
    } finally {
      clearInterval(heartbeat);
      for (const { msg } of batched) this.inFlight.delete(msg);
    }
    if (handled) for (const { msg } of batched) msg.ack();
    else for (const { msg } of batched) await this.handle(sub, policy, msg);
  }

  /** Creates the durable consumer, or brings its ack wait up to date. */
  private async ensureDurable(stream: string, sub: Subscription) {
    const ackWait = nanos(this.ackWaitMs);
    const existing = await this.jsm.consumers.info(stream, sub.consumer).catch(() => null);
    if (!existing) {
      try {
        await this.jsm.consumers.add(stream, {
          durable_name: sub.consumer,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          filter_subject: this.names.streamSubjects(sub.producer),
          ack_wait: ackWait,
          // Unlimited on the server: we count deliveries ourselves and dead-letter explicitly,
          // so that the last failure is never dropped silently.
          max_deliver: -1,
        });
        return;
      } catch (err) {
        // Another instance may have created it between our look and our add.
        if (!(await this.jsm.consumers.info(stream, sub.consumer).catch(() => null))) throw err;
        return;
      }
    }
    if (existing.config.ack_wait !== ackWait) {
      await this.jsm.consumers
        .update(stream, sub.consumer, { ack_wait: ackWait })
        .catch((err) =>
          this.options.logger.warn({ err, consumer: sub.consumer }, 'could not change the ack wait'),
        );
    }
  }

  /** An ordered, ephemeral consumer per instance: every instance sees every new event. */
  private async subscribeFanout(stream: string, sub: Subscription) {
    const open = async () => {
      await this.ensureStream(sub.producer);
      const consumer = await this.js.consumers.get(stream, {
        filter_subjects: this.names.streamSubjects(sub.producer),
        deliver_policy: DeliverPolicy.New,
      });
      // Given up when its stream is lost, rather than asked again for ever from a position that
      // the stream made again does not have: opened again below, from the new events on.
      return consumer.consume({ abort_on_missing_resource: true });
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
              this.options.logger.error({ err, consumer: sub.consumer }, 'fan-out handler failed');
            }
          }
        } catch (err) {
          if (!this.closing)
            this.options.logger.warn({ err, consumer: sub.consumer }, 'fan-out consumer failed');
        }
        // Its stream is gone (a lost store): open it again, making the stream, for as long as the
        // bus is open. Events published in between are not seen (fan-out keeps no history).
        for (;;) {
          if (this.closing) return;
          await Promise.race([sleep(backoffDelay(attempt++)), this.closed]);
          if (this.closing) return;
          try {
            this.forgetStreams(stream);
            messages = await open();
            break;
          } catch (err) {
            this.options.logger.warn(
              { err, consumer: sub.consumer, attempt },
              'cannot resume fan-out consumer yet',
            );
          }
        }
      }
    })();
    this.stoppers.push(async () => {
      await messages.close();
      await loop.catch(() => {});
    });
  }

  private async handle(sub: Subscription, policy: RetryPolicy, msg: JsMsg) {
    let event: EventEnvelope;
    try {
      event = EventEnvelope.parse(msg.json()) as EventEnvelope;
    } catch (err) {
      // Its bytes and where it was go with the letter: an operator can read it, export it, and
      // redrive it once its consumer can read it.
      await this.deadLetter(sub, msg, null, `unreadable message: ${String(err)}`);
      this.options.logger.error(
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
    const heartbeat = setInterval(() => msg.working(), Math.max(100, this.ackWaitMs / 3));
    this.inFlight.add(msg);
    try {
      await sub.handle(event);
      msg.ack();
    } catch (err) {
      const next = afterFailure(policy, attempt, err);
      if (next.deadLetter) {
        await this.deadLetter(sub, msg, event, String(err));
        this.options.logger.error(
          { err, consumer: sub.consumer, eventId: event.id, type: event.type, deliveries: attempt },
          'event dead-lettered',
        );
        // A bare +TERM: nats-server 2.9 does not understand "+TERM reason" and would redeliver.
        msg.term();
      } else {
        this.options.logger.warn(
          { err, consumer: sub.consumer, eventId: event.id, attempt },
          'handler failed; retrying',
        );
        msg.nak(next.delayMs);
      }
    } finally {
      clearInterval(heartbeat);
      this.inFlight.delete(msg);
    }
  }

  /**
   * Records a dead letter. Its `Nats-Msg-Id` is the consumer and the message's place in its
   * stream: a letter written again for the same delivery (the process died between this publish
   * and the term) is stored once, while the same event dead-lettered again after a redrive (a new
   * message, a new place) is a letter of its own, even within the duplicate window.
   */
  private async deadLetter(sub: Subscription, msg: JsMsg, event: EventEnvelope | null, error: string) {
    const { consumer, producer } = sub;
    const source = { stream: msg.info.stream, seq: msg.seq, subject: msg.subject };
    const letter: Omit<DeadLetter, 'id'> = {
      consumer,
      producer,
      event,
      error,
      deliveries: msg.info.deliveryCount,
      source,
      ...(event ? {} : { body: Buffer.from(msg.data).toString('base64') }),
    };
    try {
      await this.ensureDeadLetterStream();
      await this.js.publish(this.names.deadLetterSubject(consumer), JSON.stringify(letter), {
        msgID: `${consumer}:${source.stream}:${source.seq}`,
      });
    } catch (err) {
      // The server may have come back without the dead-letter stream: make it again next time.
      this.forgetStreams(this.names.deadLetterStream);
      throw err;
    }
  }

  async broadcast(subject: string, payload: unknown) {
    this.nc.publish(this.names.broadcast(subject), JSON.stringify(payload));
  }

  async onBroadcast(subject: string, handler: (payload: unknown) => void, options: BroadcastOptions = {}) {
    const { onReconnect } = options;
    if (onReconnect) this.onReconnect.add(onReconnect);
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
    return () => {
      if (onReconnect) this.onReconnect.delete(onReconnect);
      natsSub.unsubscribe();
    };
  }

  async deadLetters(consumer: string): Promise<DeadLetter[]> {
    return (await this.listDeadLetters()).filter((letter) => letter.consumer === consumer);
  }

  /** The dead-letter stream, oldest first; a letter's id is its sequence number there. */
  async listDeadLetters(): Promise<DeadLetter[]> {
    const stream = this.names.deadLetterStream;
    const out: DeadLetter[] = [];
    const info = await this.jsm.streams.info(stream);
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && seq > 0; seq++) {
      const m = await this.jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (m) out.push({ ...m.json<Omit<DeadLetter, 'id'>>(), id: String(seq) });
    }
    return out;
  }

  private async deadLetterAt(id: string): Promise<DeadLetter | null> {
    if (!/^\d+$/.test(id)) return null;
    const m = await this.jsm.streams
      .getMessage(this.names.deadLetterStream, { seq: Number(id) })
      .catch(() => null);
    return m ? { ...m.json<Omit<DeadLetter, 'id'>>(), id } : null;
  }

  /**
   * Publishes the event on its producer's stream again, under a new message id (the original is
   * within the server's duplicate window, or was), then deletes the letter. Every consumer of the
   * stream sees it once more: the one it was dead-lettered for handles it; those that handled it
   * already find it in their inbox and change nothing.
   */
  async redriveDeadLetter(id: string): Promise<boolean> {
    const letter = await this.deadLetterAt(id);
    if (!letter) return false;
    if (!letter.producer)
      throw new Error(`Dead letter ${id} cannot be redriven: it does not name its producer`);
    await this.ensureStream(letter.producer);
    const event = EventEnvelope.safeParse(letter.event);
    if (event.success) {
      await this.js.publish(
        this.names.eventSubject(letter.producer, event.data.type),
        JSON.stringify(event.data),
        { msgID: `${event.data.id}:redrive:${id}` },
      );
    } else if (letter.body !== undefined && letter.source) {
      // A message no consumer could read: its bytes as they were, on their subject, for a
      // consumer that has since learnt to read them (one that still cannot dead-letters it again).
      await this.js.publish(letter.source.subject, Buffer.from(letter.body, 'base64'), {
        msgID: `redrive:${letter.source.stream}:${letter.source.seq}:${id}`,
      });
    } else {
      throw new Error(`Dead letter ${id} cannot be redriven: it keeps neither its event nor its bytes`);
    }
    await this.jsm.streams.deleteMessage(this.names.deadLetterStream, Number(id), false);
    return true;
  }

  async dropDeadLetter(id: string): Promise<boolean> {
    if (!(await this.deadLetterAt(id))) return false;
    return this.jsm.streams.deleteMessage(this.names.deadLetterStream, Number(id), false);
  }

  /** Dead letters per consumer (metrics), counted by the server per subject. */
  async deadLetterCounts(): Promise<Map<string, number>> {
    const info = await this.jsm.streams.info(this.names.deadLetterStream, { subjects_filter: '>' });
    const prefix = this.names.deadLetterSubject('');
    const counts = new Map<string, number>();
    for (const [subject, n] of Object.entries(info.state.subjects ?? {})) {
      if (subject.startsWith(prefix)) counts.set(subject.slice(prefix.length), n);
    }
    return counts;
  }

  /**
   * Reads the producer's stream as its outbox relay needs it (see StreamState), making the stream
   * when it is missing (the relay is about to publish to it).
   */
  async streamState(producer: string): Promise<StreamState> {
    const stream = this.names.stream(producer);
    let info = await this.jsm.streams.info(stream).catch(() => null);
    if (!info) {
      this.forgetStreams(stream);
      await this.ensureStream(producer);
      info = await this.jsm.streams.info(stream);
    }
    let ackedSeq = Number.POSITIVE_INFINITY;
    for await (const c of this.jsm.consumers.list(stream)) {
      if (c.config.durable_name) ackedSeq = Math.min(ackedSeq, c.ack_floor.stream_seq);
    }
    if (!Number.isFinite(ackedSeq)) ackedSeq = 0;
    let ackedEventId: string | null = null;
    if (ackedSeq > 0) {
      const m = await this.jsm.streams.getMessage(stream, { seq: ackedSeq }).catch(() => null);
      // The event's id, also for a redriven copy (`<id>:redrive:<letter>`).
      const id = m?.header?.get('Nats-Msg-Id')?.split(':')[0] ?? '';
      ackedEventId = UUID.test(id) ? id : null;
    }
    return { identity: info.created, ackedEventId, lastSeq: info.state.last_seq, ackedSeq };
  }

  async consumerLag(options: { all?: boolean } = {}): Promise<ConsumerLag[]> {
    const out: ConsumerLag[] = [];
    const add = (
      producer: string,
      c: {
        name: string;
        num_pending: number;
        num_ack_pending: number;
        num_redelivered: number;
        num_waiting: number;
      },
      notConsuming?: string,
    ) =>
      out.push({
        producer,
        consumer: c.name,
        pending: c.num_pending + c.num_ack_pending,
        redelivered: c.num_redelivered,
        ...(notConsuming ? { notConsuming } : {}),
      });
    if (!options.all) {
      for (const sub of this.durables.values()) {
        const key = `${this.names.stream(sub.producer)}/${sub.consumer}`;
        const stalled = this.stalled.get(key)?.reason;
        const info = await this.consumerInfo(sub.producer, sub.consumer).catch(() => null);
        if (info) add(sub.producer, info, stalled);
        else
          out.push({
            producer: sub.producer,
            consumer: sub.consumer,
            pending: 0,
            redelivered: 0,
            notConsuming: stalled ?? 'consumer not found',
          });
      }
      return out;
    }
    const streamPrefix = this.names.stream('');
    for await (const s of this.jsm.streams.list()) {
      const name = s.config.name;
      if (!name.startsWith(streamPrefix) || name === this.names.deadLetterStream) continue;
      const producer = name.slice(streamPrefix.length).toLowerCase();
      for await (const c of this.jsm.consumers.list(name)) {
        // Events wait, none is out with a consumer, and no instance is asking for more: nobody
        // reads it (a process that has not made its consumer again, or is gone).
        const idle = c.num_pending > 0 && c.num_ack_pending === 0 && c.num_waiting === 0;
        if (c.config.durable_name) add(producer, c, idle ? 'events wait and no instance pulls' : undefined);
      }
    }
    return out;
  }

  /**
   * What stops events from being consumed, seen from the streams (operators: `ops lag`): a
   * producer's stream or the dead-letter stream missing (a server that lost its store, until the
   * services make them again), or a stream holding events that no durable consumer reads.
   */
  async streamWarnings(producers: string[]): Promise<string[]> {
    const out: string[] = [];
    for (const producer of producers) {
      const stream = this.names.stream(producer);
      const info = await this.jsm.streams.info(stream).catch(() => null);
      if (!info) {
        out.push(`${producer}: stream ${stream} missing: not consuming until it is made again`);
        continue;
      }
      let durables = 0;
      for await (const c of this.jsm.consumers.list(stream)) if (c.config.durable_name) durables++;
      if (durables === 0 && info.state.messages > 0)
        out.push(`${producer}: no durable consumer reads its ${info.state.messages} events: not consuming`);
    }
    if (!(await this.jsm.streams.info(this.names.deadLetterStream).catch(() => null)))
      out.push(
        `dead-letter stream ${this.names.deadLetterStream} missing: a failing event cannot be set aside`,
      );
    return out;
  }

  /** The server's view of a durable consumer: pending, in flight, redelivered (operators, tests). */
  consumerInfo(producer: string, consumer: string) {
    return this.jsm.consumers.info(this.names.stream(producer), consumer);
  }

  async ping() {
    if (this.nc.isClosed()) throw new Error('NATS connection closed');
    if (!this.connected) throw new Error('NATS connection lost; reconnecting');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.nc.flush(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('NATS did not answer a ping in time')), PING_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(options: CloseOptions = {}) {
    this.closing = true;
    this.signalClosed();
    const stopped = Promise.allSettled(this.stoppers.map((stop) => stop()));
    if (await settlesWithin(stopped, options.graceMs ?? DEFAULT_CLOSE_GRACE_MS)) {
      if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
      return;
    }
    // A handler is still running: hand its message back now, so that another instance takes it
    // at once rather than after the ack wait. Should this handler still commit, the inbox makes the
    // second delivery change nothing.
    this.options.logger.warn(
      { inFlight: this.inFlight.size },
      'bus closed with a handler still running; its message is handed back',
    );
    for (const msg of this.inFlight) msg.nak();
    if (!this.nc.isClosed()) await this.nc.flush().catch(() => {});
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

/** The event a message carries, or null when it is not one (`handle` dead-letters it). */
function readEnvelope(msg: JsMsg): EventEnvelope | null {
  try {
    const parsed = EventEnvelope.safeParse(msg.json<unknown>());
    return parsed.success ? (parsed.data as EventEnvelope) : null;
  } catch {
    return null;
  }
}
