import type { EventEnvelope } from '@waco/contracts';
import type pg from 'pg';
import { backoffDelay } from '../backoff';
import { type EventBus, PublishBatchError } from '../bus/event-bus';
import { isDatabaseUnavailable } from '../db/connection-errors';
import type { Database } from '../db/database';
import { Linger } from '../linger';
import type { Logger } from '../logger';
import { currentTraceparent, SpanKind, withSpanFrom } from '../tracing';
import { outboxChannel, toEnvelope } from './event-store';

export interface OutboxLag {
  /** Events committed but not yet published. */
  events: number;
  /** How long the oldest of them has waited, in seconds (0 when none). */
  oldestSeconds: number;
}

/** A producer's outbox lag, read from its schema (the relay's metrics, `npm run ops -- lag`). */
export async function outboxLag(
  database: Pick<Database<unknown>, 'pool'>,
  producer: string,
): Promise<OutboxLag> {
  const { rows } = await database.pool.query<{ events: number; oldest: number | null }>(
    `SELECT count(*)::int AS events, extract(epoch FROM now() - min(e.occurred_at))::float8 AS oldest
     FROM events e
     LEFT JOIN outbox_checkpoints c ON c.name = $1
     WHERE (e.transaction_id, e.global_position) >
           (coalesce(c.last_transaction_id, '0'::xid8), coalesce(c.last_position, 0))`,
    [`relay:${producer}`],
  );
  return { events: rows[0]?.events ?? 0, oldestSeconds: Math.max(0, rows[0]?.oldest ?? 0) };
}

/** How soon to look again at events held back by an older open transaction. */
const HELD_BACK_RECHECK_MS = 25;
/**
 * How long a relay that lost its connection while leading keeps trying for the lock at once: the
 * lock dies with the old connection's backend, which may still be exiting when the new connection
 * asks (on a loaded machine), and otherwise only the next poll would ask again.
 */
const LEAD_RECLAIM_MS = 10_000;
/** How often the active relay looks at its stream on the bus (made again? acknowledged how far?). */
const STREAM_CHECK_MS = 1_000;

type Position = { tx: string; pos: number };

/** Outbox order: by transaction, then position. */
const before = (a: Position, b: Position) => BigInt(a.tx) < BigInt(b.tx) || (a.tx === b.tx && a.pos < b.pos);

export interface OutboxRelayOptions {
  /** Only its connections and schema are used: any service's database will do. */
  database: Pick<Database, 'pool' | 'schema' | 'connectDedicated'>;
  /** The producing service: its stream on the bus. */
  producer: string;
  bus: EventBus;
  logger: Logger;
  batchSize?: number;
  /** Fallback poll (a lost NOTIFY, a lost connection); held-back events are rechecked sooner. */
  pollMs?: number;
}

/**
 * Publishes committed events from the events table, in order, and moves a checkpoint.
 *
 * Reading by `global_position` alone would skip an event whose transaction took its position
 * early but committed late. So events are read in (transaction_id, position) order and only
 * below `pg_snapshot_xmin`, the oldest transaction still running: everything under it has
 * settled, so nothing can appear behind the checkpoint later (the approach of Emmett).
 * One relay per schema is active at a time (a session advisory lock); others stand by.
 */
export class OutboxRelay {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private recheck: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectAttempt = 0;
  private draining: Promise<void> | undefined;
  /** Under a steady stream of commits, one read and one checkpoint write carry several. */
  private readonly linger = new Linger();
  private wanted = false;
  private stopped = false;
  private leader = false;
  /** When this relay lost the lead with its connection (undefined: it did not, or took it back). */
  private leadLostAt: number | undefined;
  /**
   * Where publishing stands, as this relay last read or moved it. Only the leader writes the
   * checkpoint, so while it stays leader (on the same connection) it need not read it again;
   * forgotten whenever leadership may have passed to another instance.
   */
  private checkpoint: Position | undefined;
  private streamCheckedAt = 0;
  private streamCheckFailed = false;
  /**
   * After the stream was made again: the checkpoint the relay went back from, and then the last
   * sequence of the stream once it had published that far again. Until every consumer has
   * acknowledged that far, the acknowledged point stays where it is: the stream's order is not
   * the outbox's meanwhile (new events went in before the ones published again).
   */
  private republishing: (Position & { untilSeq?: number }) | undefined;
  /** Since when publishing has kept failing (null: the last drain went through). */
  private failingSince: number | null = null;
  private lastError: string | null = null;
  private readonly name: string;

  constructor(private readonly options: OutboxRelayOptions) {
    this.name = `relay:${options.producer}`;
  }

  async start() {
    await this.options.bus.ensureStream(this.options.producer);
    try {
      await this.connect();
    } catch (err) {
      this.connectionLost(undefined, err as Error);
    }
    // The poll is the safety net: a NOTIFY sent while the listener was reconnecting is lost, and
    // an event committed then is found by the next poll.
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 1000);
    this.timer.unref();
    this.wake();
  }

  /**
   * The relay's own connection: it LISTENs for new events, holds the advisory lock that makes
   * this instance the active relay, and reads and moves the checkpoint. It is not one of the
   * pool's: held for good, it would leave requests one connection fewer, and a small pool under
   * a burst then had requests wait past the 5 s limit for a connection (503).
   */
  private async connect() {
    const client = await this.options.database.connectDedicated();
    // Postgres going away (restart, network) surfaces here, as an `error` or an `end` of the
    // connection, whether or not a query is running: reconnect, with backoff, for ever.
    client.on('error', (err) => this.connectionLost(client, err));
    client.on('end', () => this.connectionLost(client, new Error('connection ended')));
    client.on('notification', () => this.wake());
    try {
      await client.query(`LISTEN ${outboxChannel(this.options.database.schema)}`);
    } catch (err) {
      void client.end().catch(() => {});
      throw err;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    // Only now may a drain use it: one query at a time on a client.
    this.client = client;
    this.leader = false;
    this.checkpoint = undefined;
    if (this.reconnectAttempt > 0) this.options.logger.info('outbox relay reconnected');
    this.reconnectAttempt = 0;
    // Whatever was committed while we were away (its NOTIFY went nowhere).
    this.wake();
  }

  /** Drops a broken connection (its advisory lock died with it) and reconnects after a backoff. */
  private connectionLost(client: pg.Client | undefined, err: Error) {
    if (client) {
      if (client !== this.client) return; // already handled (error and end both fire)
      this.client = undefined;
      if (this.leader) this.leadLostAt = Date.now();
      this.leader = false;
      this.checkpoint = undefined;
      void client.end().catch(() => {});
    }
    this.lastError = err.message;
    this.failingSince ??= Date.now();
    if (this.stopped || this.reconnectTimer) return;
    const delay = backoffDelay(this.reconnectAttempt++);
    if (this.reconnectAttempt === 1 || this.reconnectAttempt % 20 === 0) {
      this.options.logger.warn(
        { err: err.message, attempt: this.reconnectAttempt, delayMs: delay },
        'outbox relay lost its database connection; reconnecting',
      );
    }
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.stopped) return;
      this.connect().catch((e: Error) => this.connectionLost(undefined, e));
    }, delay);
    this.reconnectTimer.unref();
  }

  /**
   * Throws when the relay cannot do its work: no database connection, or publishing has failed
   * for longer than `stalledAfterMs` (the bus unreachable, a checkpoint that cannot move). A
   * standby instance (another holds the lock) is healthy.
   */
  check(stalledAfterMs = 3_000) {
    if (this.stopped) throw new Error('outbox relay stopped');
    if (!this.client) throw new Error(`outbox relay is reconnecting to the database (${this.lastError})`);
    if (this.failingSince !== null && Date.now() - this.failingSince > stalledAfterMs) {
      const seconds = Math.round((Date.now() - this.failingSince) / 1000);
      throw new Error(`outbox relay has not published for ${seconds} s: ${this.lastError}`);
    }
  }

  /**
   * Events committed but not yet published, and how long the oldest has waited (seconds; 0 when
   * none). Read on the pool, not the relay's own connection, so a scrape never waits on a drain.
   */
  lag(): Promise<OutboxLag> {
    return outboxLag(this.options.database, this.options.producer);
  }

  /** Asks for a drain; coalesces wake-ups that arrive while one is running. */
  wake() {
    if (this.stopped) return;
    this.wanted = true;
    if (this.draining) return;
    this.draining = (async () => {
      await this.linger.beforeRun();
      while (this.wanted && !this.stopped) {
        this.wanted = false;
        try {
          // Until a read finds less than a full batch: what commits later sends its own NOTIFY
          // (which sets `wanted` again), so one more read just to find nothing is not needed.
          while ((await this.publishBatch()) && !this.stopped) {}
          if (this.client) this.recovered();
        } catch (err) {
          this.failed(err as Error);
          break;
        }
      }
    })().finally(() => {
      this.draining = undefined;
      this.linger.runEnded();
    });
  }

  private failed(err: Error) {
    const first = this.failingSince === null;
    this.failingSince ??= Date.now();
    this.lastError = err.message;
    // One line when it starts failing, not one per poll; the poll retries.
    if (first) this.options.logger.warn({ err }, 'outbox relay could not publish; retrying');
    const client = this.client;
    if (client && isDatabaseUnavailable(err)) this.connectionLost(client, err);
  }

  private recovered() {
    if (this.failingSince === null) return;
    this.options.logger.info({ afterMs: Date.now() - this.failingSince }, 'outbox relay publishing again');
    this.failingSince = null;
    this.lastError = null;
  }

  /** Publishes everything committed now; resolves when done (tests and shutdown). */
  async flush() {
    this.wake();
    while (this.draining) await this.draining;
  }

  /** Publishes the next batch; true when there may be more to read at once (it read a full one). */
  private async publishBatch(): Promise<boolean> {
    const client = this.client;
    if (!client) return false;
    if (!this.leader) {
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS ok',
        [`${this.options.database.schema}:${this.name}`],
      );
      this.leader = rows[0]?.ok === true;
      if (!this.leader) {
        if (this.leadLostAt !== undefined && Date.now() - this.leadLostAt < LEAD_RECLAIM_MS)
          this.recheckSoon();
        return false;
      }
      this.leadLostAt = undefined;
    }
    if (!this.checkpoint) {
      const { rows } = await client.query<{ tx: string; pos: number }>(
        `INSERT INTO outbox_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name
         RETURNING last_transaction_id::text AS tx, last_position AS pos`,
        [this.name],
      );
      const row = rows[0] ?? { tx: '0', pos: 0 };
      this.checkpoint = { tx: row.tx, pos: Number(row.pos) };
    }
    await this.watchStream(client);
    const limit = this.options.batchSize ?? 100;
    const { rows: read } = await client.query(
      `/* prepared */ SELECT id, stream_id, stream_position, type, schema_version, data, actor_id,
              correlation_id, causation_id, traceparent, occurred_at, global_position, transaction_id::text AS tx,
              transaction_id < pg_snapshot_xmin(pg_current_snapshot()) AS settled
       FROM events
       WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
       ORDER BY transaction_id, global_position
       LIMIT $3`,
      [this.checkpoint.tx, this.checkpoint.pos, limit],
    );
    // Committed rows held back by an older transaction still running (often another service's,
    // on the same server): their NOTIFY came too early. Look again soon rather than at the poll.
    const heldBack = read.findIndex((row) => !row.settled);
    const rows = heldBack === -1 ? read : read.slice(0, heldBack);
    if (heldBack !== -1) this.recheckSoon();
    if (rows.length === 0) return false;
    let published = rows.length;
    try {
      await this.publish(rows.map((row) => toEnvelope(row)));
    } catch (err) {
      published = err instanceof PublishBatchError ? err.published : 0;
      throw err;
    } finally {
      const last = rows[published - 1];
      if (last) {
        // Whether or not the write goes through, what is known of the checkpoint is its row.
        this.checkpoint = undefined;
        await client.query(
          `/* prepared */ UPDATE outbox_checkpoints SET last_transaction_id = $2::xid8, last_position = $3, updated_at = now()
           WHERE name = $1`,
          [this.name, last.tx, last.global_position],
        );
        this.checkpoint = { tx: last.tx, pos: Number(last.global_position) };
      }
    }
    return heldBack === -1 && read.length === limit;
  }

  /**
   * Publishes a batch, each event in a producer span that continues the trace of the request
   * that committed it; the envelope on the bus carries this span's `traceparent`, so the
   * consumers' spans follow the publish in the same trace (request → commit → publish →
   * consume). The spans end when the bus holds the whole batch.
   */
  private async publish(events: EventEnvelope[]) {
    const { producer, bus } = this.options;
    const traced: EventEnvelope[] = [];
    let settle!: () => void;
    const done = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const spans = events.map((event) =>
      withSpanFrom(
        `publish ${event.type}`,
        event.traceparent,
        SpanKind.PRODUCER,
        () => {
          traced.push({ ...event, traceparent: currentTraceparent() ?? event.traceparent });
          return done;
        },
        {
          service: producer,
          attributes: {
            'messaging.system': bus.kind === 'nats' ? 'nats' : 'in_process',
            'messaging.operation.type': 'send',
            'messaging.destination.name': producer,
            'messaging.message.id': event.id,
            'messaging.batch.message_count': events.length,
          },
        },
      ),
    );
    try {
      await bus.publishBatch(producer, traced);
    } finally {
      settle();
      await Promise.allSettled(spans);
    }
  }

  /**
   * Once a second, on the active relay: whether the stream it publishes to is still the one its
   * checkpoint counts in, and how far every consumer has acknowledged. A server that lost its
   * store (or a stream deleted by hand) makes the stream again, empty: the events published to
   * the lost one that no consumer had acknowledged are gone from the bus. So the checkpoint goes
   * back to the last point every consumer had acknowledged, and they are published again (the
   * consumers' inboxes drop those they had handled). Nothing is lost, at the cost of some events
   * published twice.
   */
  private async watchStream(client: pg.Client) {
    if (Date.now() - this.streamCheckedAt < STREAM_CHECK_MS || !this.checkpoint) return;
    this.streamCheckedAt = Date.now();
    let state: Awaited<ReturnType<EventBus['streamState']>>;
    try {
      state = await this.options.bus.streamState(this.options.producer);
      this.streamCheckFailed = false;
    } catch (err) {
      // Publishing says whether the bus is reachable; this is tried again in a second.
      if (!this.streamCheckFailed) this.options.logger.warn({ err }, 'outbox relay cannot read its stream');
      this.streamCheckFailed = true;
      return;
    }
    if (!state) return;
    const { rows } = await client.query<{ identity: string | null; tx: string; pos: string }>(
      `SELECT stream_identity AS identity, acked_transaction_id::text AS tx, acked_position AS pos
       FROM outbox_checkpoints WHERE name = $1`,
      [this.name],
    );
    const row = rows[0];
    if (!row) return;
    if (row.identity !== null && row.identity !== state.identity) {
      const from = this.checkpoint;
      const to = { tx: row.tx, pos: Number(row.pos) };
      this.checkpoint = undefined;
      await client.query(
        `UPDATE outbox_checkpoints SET last_transaction_id = acked_transaction_id, last_position = acked_position,
           stream_identity = $2, updated_at = now()
         WHERE name = $1`,
        [this.name, state.identity],
      );
      this.checkpoint = to;
      if (!this.republishing || before(this.republishing, from)) this.republishing = from;
      this.options.logger.warn(
        { from, to, stream: this.options.producer },
        'the stream was made again (a server lost its store?): publishing again what no consumer had acknowledged',
      );
      return;
    }
    if (row.identity === null) {
      await client.query('UPDATE outbox_checkpoints SET stream_identity = $2 WHERE name = $1', [
        this.name,
        state.identity,
      ]);
    }
    if (this.republishing) {
      if (this.republishing.untilSeq === undefined) {
        if (before(this.checkpoint, this.republishing)) return;
        this.republishing.untilSeq = state.lastSeq;
      }
      if (state.ackedSeq < this.republishing.untilSeq) return;
      this.options.logger.info(
        { stream: this.options.producer },
        'every consumer has what was published again',
      );
      this.republishing = undefined;
    }
    if (!state.ackedEventId) return;
    // Only forward: a redriven event acknowledged last is older than what came before it.
    await client.query(
      `/* prepared */ UPDATE outbox_checkpoints c
       SET acked_transaction_id = e.transaction_id, acked_position = e.global_position
       FROM events e
       WHERE c.name = $1 AND e.id = $2::uuid AND c.stream_identity = $3
         AND (e.transaction_id, e.global_position) > (c.acked_transaction_id, c.acked_position)
         AND (e.transaction_id, e.global_position) <= (c.last_transaction_id, c.last_position)`,
      [this.name, state.ackedEventId, state.identity],
    );
  }

  private recheckSoon() {
    if (this.recheck || this.stopped) return;
    this.recheck = setTimeout(
      () => {
        this.recheck = undefined;
        this.wake();
      },
      Math.min(HELD_BACK_RECHECK_MS, this.options.pollMs ?? 1000),
    );
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.recheck);
    clearTimeout(this.reconnectTimer);
    while (this.draining) await this.draining;
    const client = this.client;
    this.client = undefined;
    // Its LISTEN and its advisory lock end with it, and a standby instance takes over at its
    // next poll.
    await client?.end().catch(() => {});
  }
}
