import type { EventEnvelope } from '@waco/contracts';
import type pg from 'pg';
import type { EventBus } from '../bus/event-bus';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import { outboxChannel, toEnvelope } from './event-store';

/** How soon to look again at events held back by an older open transaction. */
const HELD_BACK_RECHECK_MS = 25;

export interface OutboxRelayOptions {
  database: Database<unknown>;
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
  private client: pg.PoolClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private recheck: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private wanted = false;
  private stopped = false;
  private leader = false;
  private readonly name: string;

  constructor(private readonly options: OutboxRelayOptions) {
    this.name = `relay:${options.producer}`;
  }

  async start() {
    await this.options.bus.ensureStream(this.options.producer);
    await this.connect();
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 1000);
    this.wake();
  }

  private async connect() {
    const client = await this.options.database.pool.connect();
    client.on('notification', () => this.wake());
    client.on('error', (err) => {
      this.options.logger.warn({ err }, 'outbox relay connection lost; reconnecting');
      this.leader = false;
      client.release(err);
      this.client = undefined;
      if (!this.stopped) setTimeout(() => this.connect().catch(() => {}), 500);
    });
    await client.query(`LISTEN ${outboxChannel(this.options.database.schema)}`);
    // Only now may a drain use it: one query at a time on a client.
    this.client = client;
  }

  /** Asks for a drain; coalesces wake-ups that arrive while one is running. */
  wake() {
    if (this.stopped) return;
    this.wanted = true;
    if (this.draining) return;
    this.draining = (async () => {
      while (this.wanted && !this.stopped) {
        this.wanted = false;
        try {
          while ((await this.publishBatch()) > 0 && !this.stopped) {}
        } catch (err) {
          this.options.logger.warn({ err }, 'outbox relay could not publish; will retry');
          break;
        }
      }
    })().finally(() => {
      this.draining = undefined;
    });
  }

  /** Publishes everything committed now; resolves when done (tests and shutdown). */
  async flush() {
    this.wake();
    while (this.draining) await this.draining;
  }

  private async publishBatch(): Promise<number> {
    const client = this.client;
    if (!client) return 0;
    if (!this.leader) {
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS ok',
        [`${this.options.database.schema}:${this.name}`],
      );
      this.leader = rows[0]?.ok === true;
      if (!this.leader) return 0;
    }
    const { rows: checkpoint } = await client.query<{ tx: string; pos: number }>(
      `INSERT INTO outbox_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name
       RETURNING last_transaction_id::text AS tx, last_position AS pos`,
      [this.name],
    );
    const from = checkpoint[0] ?? { tx: '0', pos: 0 };
    const { rows: read } = await client.query(
      `SELECT *, transaction_id::text AS tx,
              transaction_id < pg_snapshot_xmin(pg_current_snapshot()) AS settled
       FROM events
       WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
       ORDER BY transaction_id, global_position
       LIMIT $3`,
      [from.tx, from.pos, this.options.batchSize ?? 100],
    );
    // Committed rows held back by an older transaction still running (often another service's,
    // on the same server): their NOTIFY came too early. Look again soon rather than at the poll.
    const heldBack = read.findIndex((row) => !row.settled);
    const rows = heldBack === -1 ? read : read.slice(0, heldBack);
    if (heldBack !== -1) this.recheckSoon();
    if (rows.length === 0) return 0;
    let last: { tx: string; global_position: number } | undefined;
    try {
      for (const row of rows) {
        const event: EventEnvelope = toEnvelope(row);
        await this.options.bus.publish(this.options.producer, event);
        last = row;
      }
    } finally {
      if (last) {
        await client.query(
          `UPDATE outbox_checkpoints SET last_transaction_id = $2::xid8, last_position = $3, updated_at = now()
           WHERE name = $1`,
          [this.name, last.tx, last.global_position],
        );
      }
    }
    return rows.length;
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
    while (this.draining) await this.draining;
    const client = this.client;
    this.client = undefined;
    if (client) {
      await client.query('SELECT pg_advisory_unlock_all()').catch(() => {});
      client.release();
    }
  }
}
