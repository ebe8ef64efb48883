import type { EventEnvelope } from '@waco/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus } from '../src/bus/in-process-bus';
import { createDatabase, type Database, migrate } from '../src/db/database';
import { appendToStream, type NewEvent, readStream } from '../src/events/event-store';
import { OutboxRelay } from '../src/events/outbox-relay';
import { dropSchema, requirePostgres, TEST_DATABASE_URL, testLogger, uniqueName } from '../src/testing';
import { waitFor } from '../src/testing/wait-for';

const event = (n: number): NewEvent => ({ type: 'OrderPlaced', schemaVersion: 1, data: { n } });

describe('statements marked prepared (db/prepared-statements.ts)', () => {
  let database: Database;

  beforeAll(async () => {
    await requirePostgres();
    // Two connections: the relay's, and one for the rest (so the look at what it holds sees it).
    database = createDatabase({ url: TEST_DATABASE_URL, schema: uniqueName('prepared'), max: 2 });
    await migrate(database, {});
  });

  afterAll(async () => {
    await database.close();
    await dropSchema(database.schema);
  });

  const append = (streamId: string, n: number) =>
    database.db
      .transaction()
      .execute((trx) => appendToStream(trx, database.schema, streamId, n - 1, [event(n)]));

  const held = async () =>
    (
      await sql<{ name: string; statement: string }>`
        SELECT name, statement FROM pg_prepared_statements`.execute(database.db)
    ).rows;

  it('are prepared once by a connection, only they, and keep working after a migration adds a column', async () => {
    // The relay holds one connection for itself; everything else runs on the other.
    const bus = new InProcessBus(testLogger);
    const published: EventEnvelope[] = [];
    await bus.subscribe({
      consumer: 'spy',
      producer: 'orders',
      types: ['OrderPlaced'],
      handle: async (e) => void published.push(e),
    });
    const relay = new OutboxRelay({ database, bus, producer: 'orders', logger: testLogger, pollMs: 50 });
    await relay.start();
    try {
      for (let n = 1; n <= 3; n++) await append('order-1', n);
      await waitFor(async () => published.length === 3, 5_000, 'three events published');
      const statements = await held();
      // The append's two statements, each prepared once however often it ran; nothing unmarked.
      expect(statements.length).toBeGreaterThanOrEqual(2);
      expect(statements.some((s) => s.statement.includes('INSERT INTO events'))).toBe(true);
      for (const s of statements) {
        expect(s.name).toMatch(/^waco_[0-9a-f]{20}$/);
        expect(s.statement.trimStart().startsWith('/* prepared */')).toBe(true);
      }

      // Another release adds a column while both connections hold their statements prepared.
      await sql`ALTER TABLE events ADD COLUMN region text`.execute(database.db);
      await append('order-1', 4);
      expect((await readStream(database.db, 'order-1')).map((e) => e.data)).toEqual([
        { n: 1 },
        { n: 2 },
        { n: 3 },
        { n: 4 },
      ]);
      await waitFor(async () => published.length === 4, 5_000, 'the fourth event published');
      expect(published.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    } finally {
      await relay.stop();
      await bus.close();
    }
  });

  it('leave a connection whose statement no longer fits its table, and work again on the next', async () => {
    // A marked statement against the rule (`*`): the migration changes its result's shape.
    await sql`CREATE TABLE shapes (id int PRIMARY KEY)`.execute(database.db);
    await sql`INSERT INTO shapes VALUES (1)`.execute(database.db);
    const read = () => sql<{ id: number }>`/* prepared */ SELECT * FROM shapes`.execute(database.db);
    await Promise.all([read(), read()]); // prepared on both connections
    await sql`ALTER TABLE shapes ADD COLUMN label text`.execute(database.db);
    const outcomes = await Promise.allSettled([read(), read()]);
    for (const o of outcomes)
      expect(o.status === 'rejected' && String(o.reason)).toMatch(/cached plan must not change result type/);
    // Both connections were closed; new ones prepare the statement anew.
    const { rows } = await read();
    expect(rows).toEqual([{ id: 1, label: null }]);
  });
});
