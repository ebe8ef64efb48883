import type { JetStreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { StreamState } from '../event-bus';
import type { NatsNames } from '../nats-subjects';

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

/** An event id, as a `Nats-Msg-Id` names it (a redriven raw message's id names none). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The producers' streams and the dead-letter stream: made when first used, and made again after
 * the server lost them (a lost store), with the configured limits.
 */
export class Streams {
  private readonly ensured = new Set<string>();

  constructor(
    private readonly jsm: JetStreamManager,
    private readonly names: NatsNames,
    private readonly prefix: string | undefined,
    /** Limits from the configuration; none given (tests, tools) leaves existing streams as they are. */
    private readonly configured: Partial<StreamLimits> | undefined,
  ) {}

  ensureDeadLetters() {
    const prefix = this.prefix;
    return this.ensureNamed(
      this.names.deadLetterStream,
      `${prefix ? `${prefix}.` : ''}deadletter.>`,
      this.limits.deadLetterMaxAgeMs,
    );
  }

  ensure(producer: string) {
    return this.ensureNamed(
      this.names.stream(producer),
      this.names.streamSubjects(producer),
      this.limits.maxAgeMs,
    );
  }

  /**
   * Forgets that these streams exist, so that the next use looks again and makes any that are
   * missing: after a failure that may mean the server lost them (a lost store).
   */
  forget(...names: string[]) {
    for (const name of names) this.ensured.delete(name);
  }

  private get limits(): StreamLimits {
    return { ...NO_LIMITS, ...this.configured };
  }

  private async ensureNamed(name: string, subjects: string, maxAgeMs: number) {
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
      this.configured &&
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

  /**
   * Reads the producer's stream as its outbox relay needs it (see StreamState), making the stream
   * when it is missing (the relay is about to publish to it).
   */
  async state(producer: string): Promise<StreamState> {
    const stream = this.names.stream(producer);
    let info = await this.jsm.streams.info(stream).catch(() => null);
    if (!info) {
      this.forget(stream);
      await this.ensure(producer);
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

  /** Deletes this bus's streams (test clean-up of a prefixed run). */
  async deleteAll() {
    const prefix = this.prefix;
    if (!prefix) throw new Error('Refusing to delete unprefixed streams');
    for await (const s of this.jsm.streams.list()) {
      if (s.config.name.startsWith(`${prefix.toUpperCase()}_`)) await this.jsm.streams.delete(s.config.name);
    }
  }
}
