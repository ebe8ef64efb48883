import type { EventEnvelope } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import { sleep } from '../backoff';
import type { Database } from '../db/database';
import { toEnvelope } from '../events/event-store';
import type { Logger } from '../logger';
import type { PersonalData } from '../personal-data/personal-data';
import type { Projection } from './projection';
import { checkRebuildable, createShadowTables } from './shadow-tables';

export interface RebuildOptions {
  /** The most events applied per transaction (and read per page). */
  batchSize?: number;
  /**
   * How long one replay transaction should last. Pages shrink or grow to stay near it: while one
   * runs, every outbox relay on the server waits to publish events committed after it began.
   */
  batchMs?: number;
  /**
   * How long the swap may wait for the live tables. While it waits, every reader and writer of
   * them queues behind it; past this it gives way, catches up again and retries.
   */
  lockTimeoutMs?: number;
  /** Swaps tried before giving up (a transaction that keeps the tables busy that long). */
  maxSwapAttempts?: number;
  logger?: Pick<Logger, 'info' | 'warn'>;
  /** Opens the personal fields the log keeps sealed (erased where the key is destroyed). */
  personalData?: PersonalData;
}

export interface RebuildResult {
  /** Events replayed in all. */
  events: number;
  /** Of which applied in the swap, under its lock: those appended since the last batch. */
  eventsUnderLock: number;
  batches: number;
  swapAttempts: number;
  /** How long the swap held the live tables locked, in milliseconds. */
  lockHeldMs: number;
}

/** A place in the log, in the order the outbox relay reads it (see events/outbox-relay.ts). */
interface Position {
  tx: string;
  pos: number;
}

/** Events read from the log, and the place of the last. */
interface Page {
  events: EventEnvelope[];
  last?: Position;
}

const LOCK_NOT_AVAILABLE = '55P03';
const DEADLOCK_DETECTED = '40P01';

/**
 * Rebuilds a service's projections from its event log while the service keeps serving (blue/green):
 *
 * 1. Shadow copies of the projections' tables are created empty, in a schema of their own.
 * 2. The log is replayed into them page by page, each page in its own short transaction. One long
 *    transaction would block the writers of the live tables (if it locked them) and would hold
 *    back every outbox relay on the server, since relays publish only below the oldest running
 *    transaction (`pg_snapshot_xmin`); even a page holds them back while it runs, so pages are
 *    sized to last about `batchMs` (100 ms) whatever their events cost. Meanwhile the live tables serve reads, and live writes
 *    land in them as usual, their events appended to the log. Then the indexes no page needs
 *    (search, and the B-trees a projection names as read-only) are built, each once, concurrently
 *    (a plain CREATE INDEX would hold a transaction, and so the relays, for its whole build).
 * 3. The swap, in one short transaction: lock the live tables, replay the events appended since
 *    the last page, drop the live tables and move the copies in. Taking the lock first is what
 *    keeps live writes: a writer that wrote the live tables has committed before the lock is
 *    granted, so its events are in the log and replayed; one that has not yet written them waits
 *    for the lock and then, as Postgres looks the name up again after the wait, writes the new
 *    table (its events are not committed, hence not replayed: it is counted once).
 *
 * Pages follow the relay's order, (transaction id, position), and stop below the oldest running
 * transaction: a position is taken at insert but visible at commit, so reading by position alone
 * could pass an event still uncommitted and never come back for it. Under the swap's lock every
 * committed event is read, settled or not (the lock rules out the rest, as said above).
 *
 * The swap asks for the lock with a short `lock_timeout`: queued behind a long transaction it
 * would stall every reader queued behind it, and it must lose, not win, a deadlock with a writer
 * (the writer's command would fail). It then catches up again and retries. Readers and writers
 * wait for at most that timeout plus the swap itself (the tail of events and some catalogue
 * changes: milliseconds).
 *
 * What keeps a page's cost flat as the tables grow (a million posts, ten million events: see
 * docs/performance.md): the copies are analyzed as the replay grows (never analyzed, the planner
 * took them for empty and scanned whole tables for a list of ids), only the indexes a page needs
 * are kept up row by row, and the next page is read while one is applied. What still grows is
 * the cost of each row's entry in a unique index on random ids (likes by member and post) once
 * the index outgrows Postgres's shared buffers.
 *
 * What the swap cannot carry (foreign keys, views, triggers, sequences) is refused up front; see
 * shadow-tables.ts. The new tables belong to the role that ran the rebuild (grants are not copied:
 * each service owns its schema with one role). Prepared statements of the live service re-plan
 * on their own: Postgres invalidates them when a table they use is dropped.
 */
export async function rebuildProjections<DB>(
  database: Database<DB>,
  projections: readonly Projection<DB>[],
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  // Pages are kept to `batchMs` by their timing; this only bounds how far a cheap page may grow
  // (posts created and likes: a few statements a page, whatever its length).
  const batchSize = options.batchSize ?? 5000;
  const batchMs = options.batchMs ?? 100;
  const schema = database.schema;
  // Schema names are at most 63 characters; the shadow schema is the service's plus a suffix.
  const shadow = `${schema.slice(0, 55)}_rebuild`;
  const tables = projections.flatMap((p) => p.tables);
  if (tables.length === 0) throw new Error(`Nothing to rebuild in schema ${schema}: no projections`);
  if (new Set(tables).size !== tables.length) throw new Error(`Two projections claim one table: ${tables}`);
  const { db } = database;

  // One rebuild per schema at a time: two would drop each other's shadow tables.
  const guard = await database.pool.connect();
  const lockKey = `rebuild:${schema}`;
  let swapped = false;
  try {
    const { rows } = await guard.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [
      lockKey,
    ]);
    if (!rows[0]?.ok) throw new Error(`A rebuild of schema ${schema} is already running`);
    await checkRebuildable(db, schema, tables);
    const readOnlyIndexes = projections.flatMap((p) => p.readOnlyIndexes ?? []);
    const { deferredIndexes } = await createShadowTables(db, schema, shadow, tables, readOnlyIndexes);

    const applyInShadow = async (trx: Kysely<DB>, events: EventEnvelope[]) => {
      const readable = options.personalData ? await options.personalData.open(events) : events;
      for (const projection of projections) await projection.apply(trx, readable);
    };
    // The projections name tables without a schema: the shadow copies come first on the path.
    const searchPath = `"${shadow}", "${schema}", public`;
    /**
     * A page of the replay in a transaction of its own, begun and set up in one round trip (a
     * page is a few statements: one more each is not nothing). `synchronous_commit` is off: a
     * page's commit does not wait for the disk. A crash may lose the last pages, but a crash ends
     * the rebuild (the next one starts over), and the swap's transaction, which is what the
     * service keeps, commits as any other.
     */
    const replayPage = (events: EventEnvelope[]) =>
      db.connection().execute(async (conn) => {
        await sql
          .raw(`BEGIN; SET LOCAL search_path = ${searchPath}; SET LOCAL synchronous_commit = off`)
          .execute(conn);
        try {
          await applyInShadow(conn, events);
        } catch (err) {
          await sql`ROLLBACK`.execute(conn).catch(() => {});
          throw err;
        }
        await sql`COMMIT`.execute(conn);
      });
    let at: Position = { tx: '0', pos: 0 };
    let events = 0;
    let batches = 0;
    let pageSize = Math.min(100, batchSize);
    /**
     * Statistics for the planner, taken again each time the replay has grown fourfold: without them it
     * plans the projection's statements on tables it takes for empty, and a lookup by a list of
     * ids (`post_id = ANY(...)`) became a scan of the whole table, a page's cost growing with the
     * table (at a million posts, most of the replay). A table's ANALYZE reads a sample of it
     * (30 000 rows at most; posts' costs a few seconds), in a short transaction of its own; the
     * planner scales what it learnt to the table's size meanwhile. Autovacuum may do it, or not.
     */
    let analyzedAt = 250;
    const analyzeShadow = async () => {
      for (const table of tables) await sql`ANALYZE ${sql.id(shadow, table)}`.execute(db);
    };
    /**
     * Replays settled pages in short transactions until a page comes back short. The next page is
     * read, on another connection, while one is applied. A page read so may come back short for a
     * reason of the rebuild's own: its applying transaction is running, and pages stop below the
     * oldest running one. So only a page read while nothing is applied says the replay has caught up.
     */
    const catchUp = async () => {
      let ahead: { page: Promise<Page>; size: number } | undefined;
      for (;;) {
        const size = ahead?.size ?? pageSize;
        const readAhead = ahead !== undefined;
        const page = await (ahead?.page ?? readPage(db, schema, at, size, true));
        ahead = undefined;
        const full = page.events.length === size;
        if (page.events.length > 0) {
          at = page.last ?? at;
          if (full) {
            const next = readPage(db, schema, at, pageSize, true);
            // Awaited on the next turn; an apply that throws first must not leave it unhandled.
            next.catch(() => {});
            ahead = { page: next, size: pageSize };
          }
          const started = performance.now();
          await replayPage(page.events);
          const took = performance.now() - started;
          events += page.events.length;
          batches++;
          // Some events cost one cheap statement per page (posts created), others a statement each.
          if (took > batchMs) pageSize = Math.max(10, Math.floor(pageSize / 2));
          else if (took < batchMs / 2 && full) pageSize = Math.min(batchSize, size * 2);
          if (events >= analyzedAt * 4) {
            await analyzeShadow();
            analyzedAt = events;
          }
        }
        if (!full && !readAhead) return;
      }
    };

    await catchUp();
    options.logger?.info({ schema, events, batches }, 'rebuild: log replayed into the shadow tables');
    // The indexes left out while the log was replayed (shadow-tables.ts), each built once now.
    // CONCURRENTLY: a plain CREATE INDEX takes a transaction id for the whole build (tens of
    // seconds at a million posts), holding back every outbox relay on the server meanwhile; a
    // concurrent build does not (it scans the table twice instead, and nothing else writes it).
    for (const index of deferredIndexes)
      await sql.raw(index.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX CONCURRENTLY ')).execute(db);
    // Statistics of the whole replay, for the service's first queries once the tables are swapped in.
    await analyzeShadow();

    const maxAttempts = options.maxSwapAttempts ?? 20;
    for (let attempt = 1; ; attempt++) {
      await catchUp();
      try {
        const swap = await database.db.transaction().execute(async (trx) => {
          await sql`SELECT set_config('lock_timeout', ${`${options.lockTimeoutMs ?? 500}ms`}, true),
                           set_config('search_path', ${searchPath}, true)`.execute(trx);
          await sql`LOCK TABLE ${sql.join(tables.map((t) => sql.id(schema, t)))} IN ACCESS EXCLUSIVE MODE`.execute(
            trx,
          );
          const lockedAt = performance.now();
          let tail = at;
          let count = 0;
          for (;;) {
            const page = await readPage(trx, schema, tail, batchSize, false);
            if (page.events.length === 0) break;
            await applyInShadow(trx, page.events);
            tail = page.last ?? tail;
            count += page.events.length;
          }
          for (const table of tables) {
            await sql`DROP TABLE ${sql.id(schema, table)}`.execute(trx);
            await sql`ALTER TABLE ${sql.id(shadow, table)} SET SCHEMA ${sql.id(schema)}`.execute(trx);
          }
          await sql`DROP SCHEMA ${sql.id(shadow)}`.execute(trx);
          return { lockedAt, count };
        });
        swapped = true;
        const lockHeldMs = Math.round(performance.now() - swap.lockedAt);
        events += swap.count;
        const result = { events, eventsUnderLock: swap.count, batches, swapAttempts: attempt, lockHeldMs };
        options.logger?.info({ schema, tables, ...result }, 'rebuild: shadow tables swapped in');
        return result;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if ((code !== LOCK_NOT_AVAILABLE && code !== DEADLOCK_DETECTED) || attempt >= maxAttempts) throw err;
        options.logger?.warn(
          { schema, attempt },
          'rebuild: live tables busy; catching up and retrying the swap',
        );
        await sleep(Math.min(attempt * 100, 1000));
      }
    }
  } finally {
    if (!swapped) await sql`DROP SCHEMA IF EXISTS ${sql.id(shadow)} CASCADE`.execute(db).catch(() => {});
    await guard.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]).catch(() => {});
    guard.release();
  }
}

/**
 * Reads up to `limit` events after `after`, in (transaction id, position) order; `settledOnly`
 * stops below the oldest transaction still running, as the outbox relay does.
 */
async function readPage<T>(
  db: Kysely<T>,
  schema: string,
  after: Position,
  limit: number,
  settledOnly: boolean,
): Promise<Page> {
  const { rows } = await sql<Parameters<typeof toEnvelope>[0] & { tx: string; global_position: number }>`
    SELECT *, transaction_id::text AS tx FROM ${sql.id(schema, 'events')}
    WHERE (transaction_id, global_position) > (${after.tx}::xid8, ${after.pos}::bigint)
      ${settledOnly ? sql`AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())` : sql``}
    ORDER BY transaction_id, global_position
    LIMIT ${limit}`.execute(db);
  const last = rows.at(-1);
  return { events: rows.map(toEnvelope), last: last && { tx: last.tx, pos: last.global_position } };
}
