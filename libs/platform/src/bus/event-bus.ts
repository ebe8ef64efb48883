import type { EventEnvelope } from '@waco/contracts';

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
  retry?: RetryPolicy;
  /**
   * Every instance receives every event from now on (e.g. each gateway dropping a revoked
   * session from its cache), instead of sharing the work. Not durable: no history, no retries.
   */
  fanout?: boolean;
}

export interface DeadLetter {
  consumer: string;
  event: EventEnvelope;
  error: string;
  deliveries: number;
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
  subscribe(subscription: Subscription): Promise<void>;
  /** Fire-and-forget fan-out to every instance (cache invalidation, live push); not durable. */
  broadcast(subject: string, payload: unknown): Promise<void>;
  onBroadcast(subject: string, handler: (payload: unknown) => void): Promise<() => void>;
  /** Dead letters recorded for a consumer (for operators and tests). */
  deadLetters(consumer: string): Promise<DeadLetter[]>;
  /** Throws when the bus is unreachable (readiness). */
  ping(): Promise<void>;
  /** Stops consuming; in-flight handlers finish first. */
  close(): Promise<void>;
}
