import type { EventEnvelope } from '@waco/contracts';
import { backoffDelay } from '../backoff';
import { isDatabaseUnavailable } from '../db/connection-errors';

/** How often a failing handler is tried, and how long to wait before each retry. */
export interface RetryPolicy {
  /** Total deliveries, the first included, before the event is dead-lettered. */
  maxDeliver: number;
  /** Delay before retry n (the last entry repeats). */
  backoffMs: number[];
}

export const DEFAULT_RETRY: RetryPolicy = { maxDeliver: 5, backoffMs: [200, 1000, 5000, 15000] };

export const retryDelay = (policy: RetryPolicy, attempt: number) =>
  policy.backoffMs[Math.min(attempt - 1, policy.backoffMs.length - 1)] ?? 0;

/**
 * What to do after a handler failed on its `attempt`th delivery. A failure because the database
 * is unreachable says nothing about the event: it is retried (at reconnect pace) for as long as
 * the outage lasts, never dead-lettered, so that a Postgres restart loses no event. Any other
 * failure is retried by the policy, then dead-lettered.
 */
export function afterFailure(
  policy: RetryPolicy,
  attempt: number,
  err: unknown,
): { deadLetter: true } | { deadLetter: false; delayMs: number } {
  if (isDatabaseUnavailable(err)) return { deadLetter: false, delayMs: backoffDelay(attempt - 1) };
  if (attempt >= policy.maxDeliver) return { deadLetter: true };
  return { deadLetter: false, delayMs: retryDelay(policy, attempt) };
}

/** Some events of a batch were not published; the first `published` were. */
export class PublishBatchError extends Error {
  constructor(
    readonly published: number,
    readonly reason: unknown,
  ) {
    super(`published ${published} events, then: ${(reason as Error)?.message ?? String(reason)}`);
  }
}

/** A durable subscription: instances with the same `consumer` name share the work. */
export interface Subscription {
  /** Durable name, after the consuming service (e.g. `notifications`). */
  consumer: string;
  /** The producing service whose stream is read (e.g. `posts`). */
  producer: string;
  /** Event types to receive (e.g. `PostLiked`). */
  types: string[];
  /** Resolves when the event is handled; throws to have it retried. */
  handle(event: EventEnvelope): Promise<void>;
  /**
   * The batch form of `handle`, where the consumer can do it in one go: the events, in stream
   * order, handled all or none (one transaction, see `idempotentBatchHandler`). A bus may hand it
   * the events that arrived while the previous batch ran; when it throws, each event of the batch
   * goes through `handle` on its own (with the usual retries), so that one bad event never holds
   * up the others. Optional: without it, every event goes through `handle`.
   */
  handleBatch?(events: EventEnvelope[]): Promise<void>;
  retry?: RetryPolicy;
  /**
   * Every instance receives every event from now on (e.g. each gateway dropping a revoked
   * session from its cache), instead of sharing the work. Not durable: no history, no retries.
   */
  fanout?: boolean;
}

export interface DeadLetter {
  /** What an operator names it by (`npm run ops -- deadletters redrive <id>`). */
  id: string;
  consumer: string;
  /** The stream the event came from; a redrive publishes it there again. */
  producer?: string;
  /** The event; null when the message could not be read as one (see `body`). */
  event: EventEnvelope | null;
  error: string;
  deliveries: number;
  /** Where the message was on the bus (JetStream: its stream, sequence and subject). */
  source?: { stream: string; seq: number; subject: string };
  /**
   * The message's bytes, base64, when it could not be read as an event: what an operator
   * inspects or exports, and what a redrive publishes again once its consumer can read it.
   */
  body?: string;
}

/**
 * Where a producer's stream on the bus stands, for its outbox relay: `identity` changes when the
 * stream is made again (a server that lost its store), and `ackedEventId` is the event at the
 * point every durable consumer of the stream has acknowledged up to (null when none has yet).
 */
export interface StreamState {
  identity: string;
  ackedEventId: string | null;
  /** The stream's last sequence number. */
  lastSeq: number;
  /** The sequence every durable consumer has acknowledged up to (0: none). */
  ackedSeq: number;
}

/**
 * The event bus. Two adapters, chosen once at start-up: NATS JetStream (distributed) and
 * in-process (embedded). Both deliver at least once, retry with backoff and dead-letter after
 * the last try; `processed_messages` (see inbox.ts) turns that into exactly-once effects.
 */
export interface EventBus {
  readonly kind: 'nats' | 'memory';
  /** Makes sure the producer's stream exists (idempotent). */
  ensureStream(producer: string): Promise<void>;
  /**
   * Publishes one committed event. Resolves once the bus holds it durably (JetStream) or every
   * subscriber has settled it (in-process), so that the outbox may move its checkpoint.
   */
  publish(producer: string, event: EventEnvelope): Promise<void>;
  /**
   * Publishes committed events, in order; resolves once the bus holds them all. JetStream sends
   * them together and awaits their acks together; the in-process bus delivers them one by one.
   * On a failure, the events before the first one that failed are held (`published` of the
   * error, see PublishBatchError), so that the outbox moves its checkpoint that far.
   */
  publishBatch(producer: string, events: EventEnvelope[]): Promise<void>;
  subscribe(subscription: Subscription): Promise<void>;
  /** Fire-and-forget fan-out to every instance (cache invalidation, live push); not durable. */
  broadcast(subject: string, payload: unknown): Promise<void>;
  onBroadcast(
    subject: string,
    handler: (payload: unknown) => void,
    options?: BroadcastOptions,
  ): Promise<() => void>;
  /** Dead letters recorded for a consumer (for operators and tests). */
  deadLetters(consumer: string): Promise<DeadLetter[]>;
  /** Every dead letter, oldest first (operators: `npm run ops -- deadletters list`). */
  listDeadLetters(): Promise<DeadLetter[]>;
  /**
   * Hands a dead letter's event to its consumer again and removes the letter; false when there is
   * no such letter. The inbox of every consumer that already handled the event drops it.
   */
  redriveDeadLetter(id: string): Promise<boolean>;
  /** Removes a dead letter for good; false when there is no such letter. */
  dropDeadLetter(id: string): Promise<boolean>;
  /**
   * How far behind each durable consumer is: this bus's own (metrics), or `all` on the bus
   * (operators: `npm run ops -- lag`).
   */
  consumerLag(options?: { all?: boolean }): Promise<ConsumerLag[]>;
  /** Throws when the bus is unreachable (readiness). */
  ping(): Promise<void>;
  /**
   * Throws when a durable consumer of this process has not been consuming for longer than
   * `stalledAfterMs` (its consumer or its stream is gone and not yet made again): readiness.
   */
  checkConsuming(stalledAfterMs?: number): void;
  /**
   * The producer's stream as its outbox relay needs to know it (see StreamState); null on a bus
   * whose streams cannot be lost apart from the outbox (in process).
   */
  streamState(producer: string): Promise<StreamState | null>;
  /**
   * Stops consuming. In-flight handlers get `graceMs` (default 10 s) to finish; one still running
   * then is abandoned unacknowledged, as a crash would leave it: JetStream redelivers it after
   * its ack wait, and in process its `publish` fails so the outbox publishes it again.
   */
  close(options?: CloseOptions): Promise<void>;
}

export interface ConsumerLag {
  producer: string;
  consumer: string;
  /** Events not yet handled: waiting, or delivered and not yet acknowledged. */
  pending: number;
  /** Events delivered more than once and not yet acknowledged (JetStream) or retries so far. */
  redelivered: number;
  /**
   * Why this consumer is not consuming, when it is not: its stream or durable consumer is gone,
   * or nothing has pulled from it while events wait. Absent while it consumes.
   */
  notConsuming?: string;
}

export interface BroadcastOptions {
  /**
   * Called when the bus's connection came back after a loss: broadcasts sent meanwhile are gone,
   * so a listener that keeps state from them should check it against its source now.
   */
  onReconnect?: () => void;
}

export interface CloseOptions {
  /** How long in-flight handlers may run on before they are abandoned. */
  graceMs?: number;
}

export const DEFAULT_CLOSE_GRACE_MS = 10_000;

/** Resolves true when `work` settles within `ms`, false otherwise (the timer never holds the process). */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true as const,
        () => true as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Two subscriptions of one consumer to one producer must want the same types: they share one
 * durable consumer (JetStream) or one group (in process), and an instance acknowledges the types
 * it does not handle, which would silently drop the other subscription's events.
 */
export function assertSameTypes(existing: Subscription | undefined, added: Subscription) {
  if (!existing) return;
  const a = [...existing.types].sort().join(',');
  const b = [...added.types].sort().join(',');
  if (a !== b) {
    throw new Error(
      `${added.consumer} already subscribes to ${added.producer} for [${a}]; put every ${added.producer} event type ` +
        `${added.consumer} handles in one subscription (asked again for [${b}])`,
    );
  }
}
