import type { EventEnvelope } from '@waco/contracts';
import type { Logger } from '../logger';
import {
  type BroadcastOptions,
  type CloseOptions,
  type ConsumerLag,
  DEFAULT_CLOSE_GRACE_MS,
  type DeadLetter,
  type EventBus,
  type StreamState,
  type Subscription,
  settlesWithin,
} from './event-bus';
import { Broadcasts } from './jetstream/broadcasts';
import { Connection } from './jetstream/connection';
import { ConsumeLoops, type ConsumerContext } from './jetstream/consume-loops';
import { DeadLetters } from './jetstream/dead-letters';
import { DurableConsumers } from './jetstream/durable-consumer';
import { subscribeFanout } from './jetstream/fanout-subscription';
import { Lag } from './jetstream/lag';
import { Publisher } from './jetstream/publisher';
import { StalledConsumers } from './jetstream/stalled-consumers';
import { type StreamLimits, Streams } from './jetstream/streams';
import { natsNames } from './nats-subjects';

export type { StreamLimits };

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
 * The distributed adapter: one stream per producing service, durable pull consumers named after
 * the consuming service (instances share the work), explicit acks, retries by delayed nak, and
 * a dead-letter stream after the last try. Messages carry `Nats-Msg-Id` = event id, so a relay
 * that publishes twice after a crash is deduplicated by the server. Its parts are in jetstream/.
 */
export class JetStreamBus implements EventBus {
  readonly kind = 'nats' as const;
  private readonly streams: Streams;
  private readonly publisher: Publisher;
  private readonly broadcasts: Broadcasts;
  private readonly deadLetterStore: DeadLetters;
  private readonly loops = new ConsumeLoops();
  private readonly stalled = new StalledConsumers();
  private readonly consumers: ConsumerContext;
  private readonly durables: DurableConsumers;
  private readonly lag: Lag;

  private constructor(
    private readonly connection: Connection,
    private readonly options: JetStreamBusOptions,
  ) {
    const names = natsNames(options.prefix ?? '');
    const { js, jsm } = connection;
    this.streams = new Streams(jsm, names, options.prefix, options.streams);
    this.publisher = new Publisher(js, names, this.streams);
    this.broadcasts = new Broadcasts(connection, names, options.logger);
    this.deadLetterStore = new DeadLetters(js, jsm, names, this.streams);
    this.consumers = {
      connection,
      names,
      streams: this.streams,
      deadLetters: this.deadLetterStore,
      loops: this.loops,
      stalled: this.stalled,
      logger: options.logger,
      ackWaitMs: options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS,
    };
    this.durables = new DurableConsumers(this.consumers);
    this.lag = new Lag(jsm, names, this.durables, this.stalled);
  }

  static async connect(options: JetStreamBusOptions): Promise<JetStreamBus> {
    const connection = await Connection.open(options);
    const bus = new JetStreamBus(connection, options);
    await bus.streams.ensureDeadLetters();
    return bus;
  }

  ensureStream(producer: string) {
    return this.streams.ensure(producer);
  }

  publish(producer: string, event: EventEnvelope) {
    return this.publisher.publish(producer, event);
  }

  publishBatch(producer: string, events: EventEnvelope[]) {
    return this.publisher.publishBatch(producer, events);
  }

  async subscribe(sub: Subscription) {
    await this.streams.ensure(sub.producer);
    if (sub.fanout) return subscribeFanout(this.consumers, sub);
    return this.durables.subscribe(sub);
  }

  checkConsuming(stalledAfterMs = 3_000) {
    this.stalled.check(stalledAfterMs);
  }

  broadcast(subject: string, payload: unknown) {
    return this.broadcasts.broadcast(subject, payload);
  }

  onBroadcast(subject: string, handler: (payload: unknown) => void, options?: BroadcastOptions) {
    return this.broadcasts.onBroadcast(subject, handler, options);
  }

  deadLetters(consumer: string): Promise<DeadLetter[]> {
    return this.deadLetterStore.of(consumer);
  }

  /** The dead-letter stream, oldest first; a letter's id is its sequence number there. */
  listDeadLetters(): Promise<DeadLetter[]> {
    return this.deadLetterStore.list();
  }

  redriveDeadLetter(id: string): Promise<boolean> {
    return this.deadLetterStore.redrive(id);
  }

  dropDeadLetter(id: string): Promise<boolean> {
    return this.deadLetterStore.drop(id);
  }

  /** Dead letters per consumer (metrics), counted by the server per subject. */
  deadLetterCounts(): Promise<Map<string, number>> {
    return this.deadLetterStore.counts();
  }

  streamState(producer: string): Promise<StreamState> {
    return this.streams.state(producer);
  }

  consumerLag(options: { all?: boolean } = {}): Promise<ConsumerLag[]> {
    return this.lag.consumers(options);
  }

  /** What stops events from being consumed, seen from the streams (operators: `ops lag`). */
  streamWarnings(producers: string[]): Promise<string[]> {
    return this.lag.streamWarnings(producers);
  }

  /** The server's view of a durable consumer: pending, in flight, redelivered (operators, tests). */
  consumerInfo(producer: string, consumer: string) {
    return this.lag.consumerInfo(producer, consumer);
  }

  ping() {
    return this.connection.ping();
  }

  async close(options: CloseOptions = {}) {
    const { nc } = this.connection;
    const stopped = this.loops.stopAll();
    if (await settlesWithin(stopped, options.graceMs ?? DEFAULT_CLOSE_GRACE_MS)) {
      if (!nc.isClosed()) await nc.drain().catch(() => nc.close());
      return;
    }
    // A handler is still running: hand its message back now, so that another instance takes it
    // at once rather than after the ack wait. Should this handler still commit, the inbox makes the
    // second delivery change nothing.
    this.options.logger.warn(
      { inFlight: this.loops.inFlight.size },
      'bus closed with a handler still running; its message is handed back',
    );
    this.loops.handBack();
    if (!nc.isClosed()) await nc.flush().catch(() => {});
    if (!nc.isClosed()) await nc.close();
  }

  /** Deletes this bus's streams (test clean-up of a prefixed run). */
  deleteStreams() {
    return this.streams.deleteAll();
  }
}
