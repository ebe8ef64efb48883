import { defineEvent, type EventOf } from '@waco/contracts';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDatabase, type Database, migrate } from '../src/db/database';
import { handleCommand, inTransaction } from '../src/events/command-handler';
import type { Decider } from '../src/events/decider';
import { ConcurrencyError, newEvent, readStream } from '../src/events/event-store';
import { RuleBroken } from '../src/events/rule-broken';
import { createHttpApp } from '../src/http/app';
import type { Projection } from '../src/projections/projection';
import { dropSchema, requirePostgres, TEST_DATABASE_URL, uniqueName } from '../src/testing';

/** A counter that may not go above 3: the smallest decider with a rule and a projection. */
type Command = { add: number };
const Added = defineEvent('test', 'Added', z.object({ n: z.number().int() }));
const added = (n: number) => newEvent(Added, { n });
let folded: number;
const counter: Decider<Command, number, EventOf<typeof Added>> = {
  events: [Added],
  initialState: 0,
  evolve: (total, event) => {
    folded++;
    return total + event.data.n;
  },
  decide(command, total) {
    if (total + command.add > 3) throw new RuleBroken('At most 3', { field: 'add', status: 409 });
    return command.add === 0 ? [] : [added(command.add)];
  },
};

interface CountersDb {
  counters: { id: string; total: number };
}
const countersProjection: Projection<CountersDb> = {
  name: 'counters',
  tables: ['counters'],
  async apply(trx, events) {
    for (const e of events) {
      await trx
        .insertInto('counters')
        .values({ id: e.streamId, total: Added.schema.parse(e.data).n })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet((eb) => ({ total: eb('counters.total', '+', eb.ref('excluded.total')) })),
        )
        .execute();
    }
  },
};

let database: Database<CountersDb>;
const store = () => ({ db: database.db, schema: database.schema, projections: [countersProjection] });
const totalOf = async (id: string) =>
  (await database.db.selectFrom('counters').select('total').where('id', '=', id).executeTakeFirst())?.total;

beforeAll(() => requirePostgres());
beforeEach(async () => {
  folded = 0;
  database = createDatabase<CountersDb>({ url: TEST_DATABASE_URL, schema: uniqueName('handler'), max: 4 });
  await migrate(database, {
    '0001': {
      async up(db) {
        await db.schema
          .createTable('counters')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('total', 'integer')
          .execute();
      },
    },
  });
});
afterEach(async () => {
  await database.close();
  await dropSchema(database.schema);
});

describe('handleCommand', () => {
  it('folds the stream, decides, appends after the version read, and projects in the same commit', async () => {
    await handleCommand(store(), 'c-1', counter, { add: 1 }, { actorId: 'ada' });
    const { state, events } = await handleCommand(store(), 'c-1', counter, { add: 2 });
    expect(state).toBe(3);
    expect(events.map((e) => [e.streamPosition, e.data])).toEqual([[2, { n: 2 }]]);
    expect(await totalOf('c-1')).toBe(3);
    expect((await readStream(database.db, 'c-1'))[0]?.actorId).toBe('ada');
  });

  it('writes nothing when the decision refuses, and the HTTP app answers the refusal’s 4xx', async () => {
    await handleCommand(store(), 'c-2', counter, { add: 3 });
    await expect(handleCommand(store(), 'c-2', counter, { add: 1 })).rejects.toThrow(RuleBroken);
    expect(await readStream(database.db, 'c-2')).toHaveLength(1);
    expect(await totalOf('c-2')).toBe(3);

    const app = createHttpApp({ name: 'test', logger: pino({ level: 'silent' }) });
    app.post('/add', async () => (await handleCommand(store(), 'c-2', counter, { add: 1 })).state);
    const res = await app.inject({ method: 'POST', url: '/add' });
    await app.close();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'At most 3', field: 'add' });
  });

  it('reads only the version of a stream whose decisions need no history', async () => {
    const appendOnly = { ...counter, readsHistory: false };
    for (let i = 0; i < 3; i++) await handleCommand(store(), 'c-3', appendOnly, { add: 1 });
    folded = 0;
    const { events } = await handleCommand(store(), 'c-3', appendOnly, { add: 2 });
    expect(events[0]?.streamPosition).toBe(4);
    expect(folded).toBe(1); // only the new event, for the state it answers
  });

  it('refuses to append, in a caller’s transaction that took its id first, after a newer one wrote the stream', async () => {
    for (const decider of [counter, { ...counter, readsHistory: false }]) {
      const streamId = `c-older-${decider.readsHistory === false ? 'version' : 'history'}`;
      let release!: () => void;
      const newerCommitted = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started!: () => void;
      const olderStarted = new Promise<void>((resolve) => {
        started = resolve;
      });
      // The older transaction takes its id first; a newer one appends and commits meanwhile.
      const older = database.db.transaction().execute(async (trx) => {
        await sql`SELECT pg_current_xact_id()`.execute(trx);
        started();
        await newerCommitted;
        return handleCommand(inTransaction(store(), trx), streamId, decider, { add: 1 });
      });
      await olderStarted;
      await handleCommand(store(), streamId, decider, { add: 1 });
      release();
      // Published after the newer one's event, its own would come first: it must start again.
      await expect(older).rejects.toBeInstanceOf(ConcurrencyError);
      expect((await readStream(database.db, streamId)).length).toBe(1);
    }
  });

  it('runs inside a caller’s transaction, whose rollback takes the events back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await handleCommand(inTransaction(store(), trx), 'c-4', counter, { add: 1 });
        expect(
          await trx.selectFrom('counters').select('total').where('id', '=', 'c-4').executeTakeFirst(),
        ).toEqual({
          total: 1,
        });
        throw new Error('the caller fails later');
      }),
    ).rejects.toThrow('the caller fails later');
    expect(await readStream(database.db, 'c-4')).toEqual([]);
    expect(await totalOf('c-4')).toBeUndefined();
  });
});
