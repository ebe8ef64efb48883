import type { EventEnvelope } from '@waco/contracts';
import { sql, type Transaction } from 'kysely';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InProcessBus } from '../src/bus/in-process-bus';
import { createDatabase, type Database, migrate } from '../src/db/database';
import {
  appendToStream,
  ConcurrencyError,
  type ExpectedVersion,
  type NewEvent,
  readStream,
} from '../src/events/event-store';
import { OutboxRelay } from '../src/events/outbox-relay';
import { dropSchema, requirePostgres, TEST_DATABASE_URL, testLogger, uniqueName } from '../src/testing';
import { deferred, waitFor } from '../src/testing/wait-for';

const PRODUCER = 'orders';
const TYPE = 'OrderPlaced';
const event = (n: number): NewEvent => ({ type: TYPE, schemaVersion: 1, data: { n } });
const events = (count: number, from = 1) => Array.from({ length: count }, (_, i) => event(from + i));

const cleanup: Array<() => Promise<unknown>> = [];
let database: Database;

beforeAll(() => requirePostgres());

/** A schema of its own, with a pool of `max` connections. */
async function freshSchema(max = 8) {
  database = createDatabase({ url: TEST_DATABASE_URL, schema: uniqueName('store'), max });
  const db = database;
  cleanup.push(async () => {
    await db.close();
    await dropSchema(db.schema);
  });
  await migrate(database, {});
}

// A fresh schema for every test, dropped after it.
beforeEach(() => freshSchema());

afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()?.();
});

/** Appends in a transaction of its own. */
function append(streamId: string, expected: ExpectedVersion, newEvents: NewEvent[]) {
  return database.db
    .transaction()
    .execute((trx) => appendToStream(trx, database.schema, streamId, expected, newEvents));
}

/** A relay publishing to an in-process bus, and the events that bus delivered, in order. */
async function startRelay(pollMs = 60_000) {
  const bus = new InProcessBus(testLogger);
  const published: EventEnvelope[] = [];
  await bus.subscribe({
    consumer: 'spy',
    producer: PRODUCER,
    types: [TYPE],
    handle: async (e) => {
      published.push(e);
    },
  });
  const relay = new OutboxRelay({ database, producer: PRODUCER, bus, logger: testLogger, pollMs });
  cleanup.push(async () => {
    await relay.stop();
    await bus.close();
  });
  await relay.start();
  return { relay, published, bus };
}

/**
 * Kills the relay's connection and takes its advisory lock on another one (again, should the
 * relay have taken it back first); answers that connection and the lock's name.
 */
async function lockTakenFromRelay() {
  const other = await database.pool.connect();
  cleanup.push(async () => other.release(true));
  const lock = `${database.schema}:relay:${PRODUCER}`;
  await waitFor(
    async () => {
      await sql`SELECT pg_terminate_backend(pid) FROM pg_locks
        WHERE locktype = 'advisory' AND objsubid = 1 AND pid <> pg_backend_pid()
          AND objid::bigint = (hashtext(${lock})::bigint & 4294967295)`.execute(database.db);
      const { rows } = await other.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [
        lock,
      ]);
      return rows[0]?.ok === true;
    },
    10_000,
    'the lock taken from the relay',
  );
  return { other, lock };
}

/**
 * A transaction that takes its id at once (so it is older than any begun later), then waits for
 * `release` before running `then` and committing. Resolves once it holds its id.
 */
async function olderTransaction<T>(then: (trx: Transaction<unknown>) => Promise<T>) {
  const started = deferred();
  const released = deferred();
  cleanup.push(async () => released.resolve());
  const done = database.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_current_xact_id()`.execute(trx);
    started.resolve();
    await released.promise;
    return then(trx);
  });
  await started.promise;
  return { release: () => released.resolve(), done };
}

async function checkpoint() {
  const { rows } = await sql<{ tx: string; pos: number }>`
    SELECT last_transaction_id::text AS tx, last_position AS pos FROM outbox_checkpoints`.execute(
    database.db,
  );
  return rows[0] ?? { tx: '0', pos: 0 };
}

describe('event store', () => {
  it('appends with an expected version and reads a stream in order', async () => {
    const first = await append('order-1', 0, events(3));
    expect(first.map((e) => e.streamPosition)).toEqual([1, 2, 3]);
    await append('order-2', 0, events(2, 100));
    const second = await database.db.transaction().execute((trx) =>
      appendToStream(trx, database.schema, 'order-1', 3, events(2, 4), {
        actorId: 'user-1',
        correlationId: 'corr-1',
        causationId: 'cause-1',
      }),
    );
    expect(second.map((e) => e.streamPosition)).toEqual([4, 5]);
    expect(second[0]).toMatchObject({ actorId: 'user-1', correlationId: 'corr-1', causationId: 'cause-1' });
    const any = await append('order-1', 'any', events(1, 6));
    expect(any[0]?.streamPosition).toBe(6);

    const stream = await readStream(database.db, 'order-1');
    expect(stream.map((e) => e.streamPosition)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(stream.map((e) => e.data)).toEqual([1, 2, 3, 4, 5, 6].map((n) => ({ n })));
    expect(stream.map((e) => e.id)).toEqual([...first, ...second, ...any].map((e) => e.id));
    expect(stream.every((e) => e.streamId === 'order-1' && e.type === TYPE)).toBe(true);
    expect((await readStream(database.db, 'order-2')).map((e) => e.data)).toEqual([{ n: 100 }, { n: 101 }]);
    expect(await readStream(database.db, 'nothing-here')).toEqual([]);
  });

  it('refuses a wrong expected version with a ConcurrencyError, and appends nothing', async () => {
    await append('order-1', 0, events(2));
    for (const expected of [0, 1, 3]) {
      const attempt = append('order-1', expected, events(1, 9));
      await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(attempt).rejects.toMatchObject({ streamId: 'order-1', expected, actual: 2 });
    }
    expect((await readStream(database.db, 'order-1')).map((e) => e.streamPosition)).toEqual([1, 2]);
  });

  it('lets exactly one of two concurrent appends at the same expected version win', async () => {
    const firstAppended = deferred();
    const commitFirst = deferred();
    cleanup.push(async () => commitFirst.resolve()); // a failed assertion must not leave it open
    const first = database.db.transaction().execute(async (trx) => {
      const appended = await appendToStream(trx, database.schema, 'order-1', 0, [event(1)]);
      firstAppended.resolve();
      await commitFirst.promise;
      return appended;
    });
    await firstAppended.promise;

    const secondPid = deferred<number>();
    const second = database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
      secondPid.resolve(rows[0]?.pid ?? 0);
      // Reads version 0 too (the first has not committed), then waits on the first's row.
      return appendToStream(trx, database.schema, 'order-1', 0, [event(2)]);
    });
    const pid = await secondPid.promise;
    await waitFor(
      async () => {
        const { rows } = await sql<{ wait: string | null }>`
        SELECT wait_event_type AS wait FROM pg_stat_activity WHERE pid = ${pid}`.execute(database.db);
        return rows[0]?.wait === 'Lock';
      },
      5_000,
      'the second append to wait for the first',
    );
    commitFirst.resolve();

    const [won, lost] = await Promise.allSettled([first, second]);
    expect(won.status).toBe('fulfilled');
    expect(lost.status).toBe('rejected');
    expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    const stream = await readStream(database.db, 'order-1');
    expect(stream.map((e) => e.data)).toEqual([{ n: 1 }]);
  });

  it('lets exactly one of many racing appends at the same expected version win', async () => {
    await append('order-1', 0, events(1));
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => append('order-1', 1, [event(10 + i)])),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(5);
    for (const r of lost) expect(r.reason).toBeInstanceOf(ConcurrencyError);
    expect((await readStream(database.db, 'order-1')).map((e) => e.streamPosition)).toEqual([1, 2]);
  });

  it('refuses an append from a transaction older than the stream’s last one (the relay would reorder it)', async () => {
    const { relay, published } = await startRelay();
    // The older transaction takes its id first, then appends after a newer one has committed.
    const older = await olderTransaction((trx) =>
      appendToStream(trx, database.schema, 'order-1', 1, [event(2)]),
    );
    await append('order-1', 0, [event(1)]);
    older.release();
    await expect(older.done).rejects.toBeInstanceOf(ConcurrencyError);

    // Tried again, as the error asks, it commits in a newer transaction: published in order.
    await append('order-1', 1, [event(2)]);
    await relay.flush();
    await waitFor(() => published.length >= 2, 5_000, 'both events');
    expect(published.map((e) => e.streamPosition)).toEqual([1, 2]);
  });
});

describe('outbox relay', () => {
  it('wakes on NOTIFY: publishes a commit without waiting for the poll', async () => {
    const { published } = await startRelay(60_000);
    const appended = await append('order-1', 0, events(3));
    await waitFor(() => published.length >= 3, 5_000, 'the NOTIFY wake-up');
    expect(published.map((e) => e.id)).toEqual(appended.map((e) => e.id));
  });

  it('never skips an event whose transaction commits late', async () => {
    const { relay, published } = await startRelay(60_000);

    // Transaction A appends first (smaller position and transaction id) and stays open.
    const aAppended = deferred<EventEnvelope[]>();
    const commitA = deferred();
    cleanup.push(async () => commitA.resolve());
    const txA = database.db.transaction().execute(async (trx) => {
      aAppended.resolve(await appendToStream(trx, database.schema, 'order-a', 0, [event(1)]));
      await commitA.promise;
    });
    const [a] = await aAppended.promise;
    // Transaction B appends after it and commits first.
    const [b] = await append('order-b', 0, [event(2)]);
    if (!a || !b) throw new Error('nothing appended');

    // The relay runs with B committed and A open: publishing B now would move the checkpoint past A.
    await relay.flush();
    expect(published).toEqual([]);
    expect(await checkpoint()).toEqual({ tx: '0', pos: 0 });

    commitA.resolve();
    await txA;
    await waitFor(() => published.length >= 2, 5_000, 'A and B');
    expect(published.map((e) => e.id)).toEqual([a.id, b.id]);
    await relay.flush(); // the checkpoint moves once the batch is published
    const { rows } = await sql<{ tx: string; pos: number }>`
      SELECT transaction_id::text AS tx, global_position AS pos FROM events WHERE id = ${b.id}`.execute(
      database.db,
    );
    expect(await checkpoint()).toEqual(rows[0]);
  });

  it('publishes an event held back by an unrelated older transaction once that ends, not at the poll', async () => {
    const { relay, published } = await startRelay(60_000);
    // Another service's transaction (any schema on the server) holds an older transaction id...
    const other = await olderTransaction(async () => {});
    // ...so this commit's NOTIFY finds the event held back,
    const [held] = await append('order-1', 0, [event(1)]);
    await relay.flush();
    expect(published).toEqual([]);
    // and the other transaction ends without a NOTIFY of its own.
    other.release();
    await other.done;
    await waitFor(() => published.length === 1, 5_000, 'the held-back event');
    expect(published[0]?.id).toBe(held?.id);
  });

  it('keeps a connection of its own: every one of the pool stays free for requests', async () => {
    // A pool of two, both taken by requests at once, as a small pool is under a burst.
    await freshSchema(2);
    const { relay, published } = await startRelay();
    await relay.flush(); // connected, listening and leading from now on

    // Were the relay's connection one of the pool's, the second would wait for it in vain and
    // fail ("timeout exceeded when trying to connect").
    const requests = await Promise.all([database.pool.connect(), database.pool.connect()]);
    try {
      // Set up like the pool's: pg_stat_activity names the schema on all three.
      const { rows } = await requests[0].query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
        [database.schema],
      );
      expect(rows[0]?.n).toBe(3);
    } finally {
      for (const client of requests) client.release();
    }
    const sent = await append('order-1', 0, events(2));
    await waitFor(() => published.length === 2, 5_000, 'the relay on its own connection');
    expect(published.map((e) => e.id)).toEqual(sent.map((e) => e.id));
  });

  it('has one active relay per schema; a standby takes over when it stops', async () => {
    const first = await startRelay(50);
    await first.relay.flush(); // holds the lock from now on
    const second = await startRelay(50);
    await second.relay.flush(); // could not take it

    const before = [...(await append('order-1', 0, events(5))), ...(await append('order-2', 0, events(5)))];
    await waitFor(() => first.published.length >= 10, 5_000, 'the leader');
    await second.relay.flush();
    expect(first.published.map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(second.published).toEqual([]);

    await first.relay.stop();
    const after = await append('order-1', 5, events(3, 6));
    await waitFor(() => second.published.length >= 3, 5_000, 'the standby');
    // From the shared checkpoint: nothing published twice.
    expect(second.published.map((e) => e.id)).toEqual(after.map((e) => e.id));
  });

  it('reconnects for as long as it runs when its connection is killed, and publishes what was committed meanwhile', async () => {
    // No poll to speak of: what wakes it is the reconnect itself.
    const { relay, published } = await startRelay(60_000);
    await relay.flush(); // holds the lock from now on
    const sent: EventEnvelope[] = [];
    for (let round = 0; round < 3; round++) {
      // The backend holding the relay's advisory lock is the relay's connection.
      const { rows } = await sql<{ killed: boolean }>`
        SELECT pg_terminate_backend(pid) AS killed FROM pg_locks
        WHERE locktype = 'advisory' AND objsubid = 1
          AND objid::bigint = (hashtext(${`${database.schema}:relay:${PRODUCER}`})::bigint & 4294967295)`.execute(
        database.db,
      );
      expect(rows).toEqual([{ killed: true }]);
      // Committed while the relay has no connection: its NOTIFY reaches nobody.
      sent.push(...(await append(`order-${round}`, 0, events(3))));
      // (The reconnect's backoff grows with each round: on a loaded machine the third takes long.)
      await waitFor(() => new Set(published.map((e) => e.id)).size === sent.length, 45_000, `round ${round}`);
    }
    // At least once: a connection killed between a publish and its checkpoint's write publishes
    // that batch again (consumers' inboxes drop the copy), but nothing is missed or reordered.
    expect([...new Set(published.map((e) => e.id))]).toEqual(sent.map((e) => e.id));
    expect(() => relay.check()).not.toThrow();
  }, 180_000);

  it('takes the lead back at once when the lock outlived its old connection for a moment', async () => {
    // No poll to speak of: only the relay's own retry can take the lock back in time.
    const { relay, published } = await startRelay(60_000);
    await relay.flush();
    // The relay's connection is killed and the lock is held elsewhere as it comes back, as the old
    // backend holds it while it exits on a loaded machine.
    const { other, lock } = await lockTakenFromRelay();
    const sent = await append('order-1', 0, events(2));
    // Back on a connection, it has asked for the lock (and been refused) at least once.
    await waitFor(
      () => {
        try {
          relay.check(60_000);
          return true;
        } catch {
          return false;
        }
      },
      20_000,
      'the relay reconnected',
    );
    await relay.flush();
    expect(published).toEqual([]);
    await other.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]);
    await waitFor(
      () => published.length === sent.length,
      10_000,
      'the lock taken back and the events published',
    );
    expect(published.map((e) => e.id)).toEqual(sent.map((e) => e.id));
  });

  it('reads the checkpoint again when it leads once more: what another leader published meanwhile is not sent twice', async () => {
    const { published } = await startRelay(50);
    const first = await append('order-1', 0, events(3));
    await waitFor(() => published.length === 3, 5_000, 'the first three');

    // Another instance takes the lead while this relay reconnects (the test holds the lock)...
    const { other, lock } = await lockTakenFromRelay();
    // ...and publishes three more, moving the shared checkpoint past them.
    const meanwhile = await append('order-2', 0, events(3, 4));
    const last = meanwhile.at(-1);
    await other.query(
      `UPDATE outbox_checkpoints SET last_transaction_id = e.transaction_id, last_position = e.global_position
       FROM events e WHERE e.id = $1 AND name = $2`,
      [last?.id, `relay:${PRODUCER}`],
    );
    await other.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]);

    // This relay leads again, from the shared checkpoint, not from where it last stood.
    const later = await append('order-3', 0, events(1, 7));
    await waitFor(() => published.length >= 4, 10_000, 'the event after the other leader');
    expect(published.map((e) => e.id)).toEqual([...first, ...later].map((e) => e.id));
  });
});
