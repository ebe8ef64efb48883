import { Writable } from 'node:stream';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { BUSY_EVENT_TYPES, defineEvent, type EventEnvelope } from '@waco/contracts';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { pino } from 'pino';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EventBus, RetryPolicy, Subscription } from '../src/bus/event-bus';
import { idempotentBatchHandler, idempotentHandler } from '../src/bus/inbox';
import { natsNames } from '../src/bus/nats-subjects';
import { createDatabase, type Database, migrate } from '../src/db/database';
import { appendToStream, type ExpectedVersion } from '../src/events/event-store';
import { OutboxRelay } from '../src/events/outbox-relay';
import type { Logger } from '../src/logger';
import {
  createTestBus,
  dropSchema,
  requireNats,
  requirePostgres,
  TEST_DATABASE_URL,
  type TestBusOptions,
  testLogger,
  uniqueName,
} from '../src/testing';
import { testEnvelope } from '../src/testing/events';
import { TEST_NATS_URL } from '../src/testing/servers';
import { deferred, waitFor } from '../src/testing/wait-for';

/**
 * The bus contract: one suite, run against the in-process bus and NATS JetStream. Every test goes
 * the real way: events appended with `appendToStream` in a fresh producer schema, published by an
 * `OutboxRelay`, consumed through `bus.subscribe` with `idempotentHandler`, whose effects are rows
 * in the consumer's own schema written in the handler's transaction.
 */

const PRODUCER = 'orders';
const PLACED = 'OrderPlaced';
const SHIPPED = 'OrderShipped';
/** A busy type (a like): its events have a subject of their own. */
const LIKED = 'PostLiked';
const CONSUMER = 'billing';
/** Retries fast enough for tests; the default policy waits seconds. */
const FAST: RetryPolicy = { maxDeliver: 5, backoffMs: [20] };

interface EffectRow {
  event_id: string;
  stream_id: string;
  stream_position: number;
}

const consumerMigrations: Record<string, Migration> = {
  '0001_effects': {
    async up(db) {
      // No unique key on purpose: a duplicate effect shows up as a second row.
      await sql`
        CREATE TABLE effects (
          id bigserial PRIMARY KEY,
          event_id uuid NOT NULL,
          stream_id text NOT NULL,
          stream_position integer NOT NULL
        )`.execute(db);
    },
  },
};

/** A pino logger whose lines the test can read. */
function captureLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

function busContract(kind: 'memory' | 'nats') {
  /** Buses and relays to stop after the test, last first; then the schemas are dropped. */
  const cleanup: Array<() => Promise<unknown>> = [];
  const schemas: Database[] = [];

  beforeAll(async () => {
    await requirePostgres();
    if (kind === 'nats') await requireNats();
  });

  afterEach(async () => {
    const errors: unknown[] = [];
    const keep = (err: unknown) => {
      errors.push(err);
    };
    while (cleanup.length > 0) await cleanup.pop()?.().catch(keep);
    const dropping = schemas.splice(0).map(async (database) => {
      await database.close();
      await dropSchema(database.schema);
    });
    await Promise.all(dropping.map((p) => p.catch(keep)));
    if (errors.length > 0) throw errors[0];
  });

  async function openDatabase(base: string, migrations: Record<string, Migration> = {}) {
    const database = createDatabase({ url: TEST_DATABASE_URL, schema: uniqueName(base), max: 4 });
    schemas.push(database);
    await migrate(database, migrations);
    return database;
  }

  /** The producing service's schema (events, outbox checkpoint) and the consuming one's (inbox, effects). */
  async function databases() {
    const [producer, consumer] = await Promise.all([
      openDatabase('producer'),
      openDatabase('consumer', consumerMigrations),
    ]);
    return { producer, consumer };
  }

  /** A bus that is closed, and whose test streams are deleted, after the test. */
  async function testBus(options: TestBusOptions = {}) {
    const test = await createTestBus(kind, options);
    cleanup.push(() => test.close());
    return test;
  }

  /**
   * Subscribes a handler that fails every delivery of one event (`poison`, named once it is
   * appended; none fails while it is unset), dead-lettering it after two deliveries.
   */
  async function failingOnOne(bus: EventBus, consumer: Database, message: string) {
    const failing = { poison: undefined as string | undefined, attempts: 0 };
    await bus.subscribe(
      subscription(
        effectHandler(consumer, (event) => {
          if (event.id !== failing.poison) return;
          failing.attempts++;
          throw new Error(message);
        }),
        { retry: { maxDeliver: 2, backoffMs: [20] } },
      ),
    );
    return failing;
  }

  /** A bus reached again later by another bus with the same prefix (a restart): only closed. */
  async function firstLifeBus(options: TestBusOptions = {}) {
    const test = await createTestBus(kind, options);
    cleanup.push(() => test.bus.close({ graceMs: 0 }));
    return test;
  }

  async function startRelay(database: Database, bus: EventBus, logger = testLogger) {
    const relay = new OutboxRelay({ database, producer: PRODUCER, bus, logger });
    cleanup.push(() => relay.stop());
    await relay.start();
    return relay;
  }

  async function append(
    database: Database,
    streamId: string,
    count: number,
    expected: ExpectedVersion = 'any',
    type = PLACED,
  ) {
    return database.db.transaction().execute((trx) =>
      appendToStream(
        trx,
        database.schema,
        streamId,
        expected,
        Array.from({ length: count }, (_, i) => ({ type, schemaVersion: 1, data: { n: i } })),
      ),
    );
  }

  /** The consumer's effect: one row per handled event, in the inbox's transaction. */
  function effectHandler(
    database: Database,
    after?: (event: EventEnvelope) => Promise<void> | void,
  ): (event: EventEnvelope) => Promise<void> {
    return idempotentHandler(database.db, CONSUMER, async (event, trx) => {
      await sql`
        INSERT INTO effects (event_id, stream_id, stream_position)
        VALUES (${event.id}, ${event.streamId}, ${event.streamPosition})`.execute(trx);
      await after?.(event);
    });
  }

  async function effects(database: Database): Promise<EffectRow[]> {
    const { rows } = await sql<EffectRow>`
      SELECT event_id, stream_id, stream_position FROM effects ORDER BY id`.execute(database.db);
    return rows;
  }

  const countOf = (rows: EffectRow[], id: string) => rows.filter((r) => r.event_id === id).length;

  /** One event appended to the stream; its envelope. */
  async function appendOne(database: Database, streamId: string, expected: ExpectedVersion) {
    const [event] = await append(database, streamId, 1, expected);
    if (!event) throw new Error('nothing appended');
    return event;
  }

  /** Waits until the consumer has written the event's effect once (a recovery after backoff may take longer). */
  async function effectWritten(database: Database, id: string, what: string, timeoutMs = 5_000) {
    await waitFor(async () => countOf(await effects(database), id) === 1, timeoutMs, what);
  }

  /** Subscribes the effect handler, with `see` called on each delivery first (outside the inbox's transaction). */
  async function subscribeEffects(bus: EventBus, database: Database, see: (event: EventEnvelope) => unknown) {
    const effect = effectHandler(database);
    await bus.subscribe(
      subscription(async (event) => {
        await see(event);
        await effect(event);
      }),
    );
  }

  /**
   * Fresh producer and consumer schemas, a bus with the effect handler subscribed (`see` called on
   * each delivery first) and a relay publishing the producer's events.
   */
  async function effectsThroughRelay(see: (event: EventEnvelope) => unknown) {
    const { producer, consumer } = await databases();
    const { bus } = await testBus();
    await subscribeEffects(bus, consumer, see);
    await startRelay(producer, bus);
    return { producer, consumer, bus };
  }

  function subscription(handle: Subscription['handle'], extra: Partial<Subscription> = {}): Subscription {
    return { consumer: CONSUMER, producer: PRODUCER, types: [PLACED], retry: FAST, handle, ...extra };
  }

  it('delivers every committed event at least once, and only the subscribed types', async () => {
    const seenTypes = new Set<string>();
    const { producer, consumer } = await effectsThroughRelay((event) => seenTypes.add(event.type));

    const placed: EventEnvelope[] = [];
    for (let i = 1; i <= 5; i++) {
      // Several streams, several transactions, several events per transaction, other types between.
      placed.push(...(await append(producer, `order-${i}`, i, 0)));
      await append(producer, `order-${i}`, 1, i, SHIPPED);
    }
    expect(placed).toHaveLength(15);

    await waitFor(async () => (await effects(consumer)).length >= placed.length, 10_000, 'every event');
    const rows = await effects(consumer);
    expect(rows.map((r) => r.event_id).sort()).toEqual(placed.map((e) => e.id).sort());
    expect([...seenTypes]).toEqual([PLACED]);
  });

  it('changes state once when the same event is published twice', async () => {
    const deliveries: string[] = [];
    const { producer, consumer, bus } = await effectsThroughRelay((event) => deliveries.push(event.id));

    const event = await appendOne(producer, 'order-1', 0);
    await effectWritten(consumer, event.id, 'first delivery');

    // The relay publishing again after a crash: the same envelope, twice more.
    await bus.publish(PRODUCER, event);
    await bus.publish(PRODUCER, event);
    // Delivery is ordered, so once a later event is handled the duplicates have been too.
    const sentinel = await appendOne(producer, 'order-1', 1);
    await effectWritten(consumer, sentinel.id, 'the sentinel');

    const rows = await effects(consumer);
    expect(countOf(rows, event.id)).toBe(1);
    expect(rows).toHaveLength(2);
    // In process the duplicates reach the handler and the inbox drops them; JetStream drops
    // them itself (Nats-Msg-Id), so the handler sees the event once.
    expect(deliveries.filter((id) => id === event.id)).toHaveLength(kind === 'memory' ? 3 : 1);
  });

  it('changes state once when an event is redelivered after its effect was committed', async () => {
    const { producer, consumer } = await databases();
    const { bus } = await testBus();
    let attempts = 0;
    const effect = effectHandler(consumer);
    await bus.subscribe(
      subscription(async (event) => {
        attempts++;
        await effect(event);
        // The effect is committed, but the acknowledgement is lost: the bus delivers again.
        if (attempts === 1) throw new Error('ack lost');
      }),
    );
    await startRelay(producer, bus);

    const event = await appendOne(producer, 'order-1', 0);
    await waitFor(() => attempts >= 2, 5_000, 'the redelivery');
    const sentinel = await appendOne(producer, 'order-1', 1);
    await effectWritten(consumer, sentinel.id, 'the sentinel');

    expect(attempts).toBe(3); // the event twice, the sentinel once
    expect(countOf(await effects(consumer), event.id)).toBe(1);
    expect(await bus.deadLetters(CONSUMER)).toEqual([]);
  });

  it('retries a failing handler with the backoff of its retry policy', async () => {
    const { producer, consumer } = await databases();
    const { bus } = await testBus();
    const policy: RetryPolicy = { maxDeliver: 5, backoffMs: [50, 200] };
    const attemptsAt: number[] = [];
    await bus.subscribe(
      subscription(
        effectHandler(consumer, () => {
          attemptsAt.push(performance.now());
          // Fails after writing its effect: the transaction rolls back each time.
          if (attemptsAt.length <= 3) throw new Error(`failure ${attemptsAt.length}`);
        }),
        { retry: policy },
      ),
    );
    await startRelay(producer, bus);

    const event = await appendOne(producer, 'order-1', 0);
    await effectWritten(consumer, event.id, 'the 4th attempt');

    expect(attemptsAt).toHaveLength(4);
    const gaps = attemptsAt.slice(1).map((t, i) => t - (attemptsAt[i] as number));
    // 50 ms, then 200 ms, and the last entry repeats. The lower bounds tell them from no wait or
    // a shorter one; the upper bounds (with room for a loaded machine) from the default policy's
    // 1 s and 5 s.
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[0]).toBeLessThan(450);
    expect(gaps[1]).toBeGreaterThanOrEqual(195);
    expect(gaps[1]).toBeLessThan(600);
    expect(gaps[2]).toBeGreaterThanOrEqual(195);
    expect(gaps[2]).toBeLessThan(600);
    expect(await effects(consumer)).toHaveLength(1);
    expect(await bus.deadLetters(CONSUMER)).toEqual([]);
  });

  it('dead-letters an event after maxDeliver tries and logs it at error level', async () => {
    const { producer, consumer } = await databases();
    const { logger, lines } = captureLogger();
    const { bus } = await testBus({ logger });
    const attempts = new Map<string, number>();
    let poison: string | undefined;
    await bus.subscribe(
      subscription(
        effectHandler(consumer, (event) => {
          attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1);
          if (event.id === poison) throw new Error('cannot handle this one');
        }),
        { retry: { maxDeliver: 3, backoffMs: [20] } },
      ),
    );
    const event = await appendOne(producer, 'order-1', 0);
    poison = event.id;
    await startRelay(producer, bus, logger);

    await waitFor(async () => (await bus.deadLetters(CONSUMER)).length > 0, 5_000, 'a dead letter');
    // A later event is still delivered; the dead one is not tried again.
    const next = await appendOne(producer, 'order-1', 1);
    await effectWritten(consumer, next.id, 'the next event');

    const letters = await bus.deadLetters(CONSUMER);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({
      consumer: CONSUMER,
      deliveries: 3,
      event: { id: event.id, type: PLACED, streamId: 'order-1', streamPosition: 1 },
    });
    expect(letters[0]?.error).toContain('cannot handle this one');
    expect(attempts.get(event.id)).toBe(3);
    expect(countOf(await effects(consumer), event.id)).toBe(0);
    expect(await bus.deadLetters('someone-else')).toEqual([]);

    const logged = lines.filter((l) => l.msg === 'event dead-lettered');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, consumer: CONSUMER, eventId: event.id, type: PLACED });
  });

  it('dead-letters at once, never handing it to a handler, an event with a NUL or a lone surrogate', async () => {
    // No database takes such text, so no retry could succeed. Our outboxes
    // cannot hold it (Postgres refuses it); this plays a producer that publishes it anyway.
    const { producer, consumer } = await databases();
    const { bus } = await testBus();
    const handled: string[] = [];
    await bus.subscribe(subscription(effectHandler(consumer, (event) => void handled.push(event.id))));
    await startRelay(producer, bus);
    const good = await appendOne(producer, 'order-1', 0);
    for (const text of ['a\u0000b', 'a\ud800b']) {
      await bus.publish(PRODUCER, { ...good, id: crypto.randomUUID(), data: { note: text } });
    }
    await waitFor(async () => (await bus.deadLetters(CONSUMER)).length === 2, 5_000, 'two dead letters');
    const next = await appendOne(producer, 'order-1', 1);
    await effectWritten(consumer, next.id, 'the next event');
    expect(handled).toEqual([good.id, next.id]);
    for (const letter of await bus.deadLetters(CONSUMER)) expect(letter.deliveries).toBe(1);
  });

  it('ends delivery of a dead-lettered event on this server version, and records it once', async () => {
    const { producer, consumer } = await databases();
    // A short ack wait: were the dead letter's end of delivery not understood (nats-server 2.9
    // ignores "+TERM <reason>"), the server would deliver it again well within the wait below.
    const ackWaitMs = 300;
    const { bus } = await testBus({ ackWaitMs });
    const failing = await failingOnOne(bus, consumer, 'always fails');
    const event = await appendOne(producer, 'order-1', 0);
    failing.poison = event.id;
    await startRelay(producer, bus);
    await waitFor(async () => (await bus.deadLetters(CONSUMER)).length > 0, 5_000, 'the dead letter');

    // Several ack waits later: no further delivery, one letter.
    await new Promise((r) => setTimeout(r, ackWaitMs * 5));
    const next = await appendOne(producer, 'order-1', 1);
    await effectWritten(consumer, next.id, 'the next event');
    expect(failing.attempts).toBe(2);
    const letters = await bus.deadLetters(CONSUMER);
    expect(letters.map((l) => l.event?.id)).toEqual([event.id]);
  });

  it('dead-letters a redriven event that fails again, as a letter of its own', async () => {
    // The redrive and the second failure come well within JetStream's duplicate window (2 min):
    // were the letter's message id the event's again, the second letter would be dropped.
    const { producer, consumer } = await databases();
    const { bus } = await testBus();
    const failing = await failingOnOne(bus, consumer, 'still failing');
    const event = await appendOne(producer, 'order-1', 0);
    failing.poison = event.id;
    await startRelay(producer, bus);
    await waitFor(async () => (await bus.deadLetters(CONSUMER)).length === 1, 5_000, 'the dead letter');
    const [first] = await bus.deadLetters(CONSUMER);

    expect(await bus.redriveDeadLetter(first?.id as string)).toBe(true);
    await waitFor(
      async () => (await bus.deadLetters(CONSUMER)).some((l) => l.id !== first?.id),
      5_000,
      'the second dead letter',
    );
    const letters = await bus.deadLetters(CONSUMER);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ event: { id: event.id }, deliveries: 2 });
    expect(letters[0]?.error).toContain('still failing');
    expect(failing.attempts).toBe(4);
    // Fixed now: a second redrive is handled, once.
    failing.poison = undefined;
    expect(await bus.redriveDeadLetter(letters[0]?.id as string)).toBe(true);
    await effectWritten(consumer, event.id, 'the event redriven once fixed');
    expect(await bus.deadLetters(CONSUMER)).toEqual([]);
  });

  it.runIf(kind === 'nats')(
    'dead-letters a message that is no event with its bytes and its place, and redrives those bytes',
    async () => {
      const { producer, consumer } = await databases();
      const { bus, prefix } = await testBus();
      const handled: string[] = [];
      await bus.subscribe(subscription(effectHandler(consumer, (event) => void handled.push(event.id))));
      await startRelay(producer, bus);
      const names = natsNames(prefix);
      const subject = names.eventSubject(PRODUCER, PLACED);
      const bytes = Buffer.from('{"id": "half a messag\u00e9');
      const nc = await connect({ servers: TEST_NATS_URL });
      cleanup.push(() => nc.close());
      const ack = await jetstream(nc).publish(subject, bytes);
      await waitFor(async () => (await bus.deadLetters(CONSUMER)).length === 1, 5_000, 'the dead letter');
      const [letter] = await bus.deadLetters(CONSUMER);
      expect(letter).toMatchObject({
        consumer: CONSUMER,
        producer: PRODUCER,
        event: null,
        deliveries: 1,
        source: { stream: names.stream(PRODUCER), seq: ack.seq, subject },
      });
      expect(letter?.error).toContain('unreadable message');
      // Its very bytes: what an operator reads, exports, and redrives.
      expect(Buffer.from(letter?.body ?? '', 'base64').equals(bytes)).toBe(true);
      // The events after it flow.
      const next = await appendOne(producer, 'order-1', 0);
      await effectWritten(consumer, next.id, 'the event after it');

      // Redriven, the same bytes go back on their subject; still unreadable, they come back as a
      // letter of their own (the redriven copy's place), never lost.
      expect(await bus.redriveDeadLetter(letter?.id as string)).toBe(true);
      await waitFor(
        async () => (await bus.deadLetters(CONSUMER)).some((l) => l.id !== letter?.id),
        5_000,
        'the redriven bytes dead-lettered again',
      );
      const [again] = await bus.deadLetters(CONSUMER);
      expect(again?.source?.seq).toBeGreaterThan(ack.seq);
      expect(again?.body).toBe(letter?.body);
      expect(handled).toEqual([next.id]);
    },
  );

  it.runIf(kind === 'nats')(
    'makes a lost stream and its consumer again, and publishes again what no consumer had acknowledged',
    async () => {
      // A server that lost its store, played by deleting the stream while its consumer is behind
      // (its process stopped): the relay's checkpoint is past events now only in the outbox.
      const { producer, consumer } = await databases();
      const { bus: relayBus, prefix } = await testBus();
      await startRelay(producer, relayBus);
      const first = await firstLifeBus({ prefix });
      let hold: Promise<void> | undefined;
      await subscribeEffects(first.bus, consumer, () => hold);
      const early = await appendOne(producer, 'order-0', 0);
      await effectWritten(consumer, early.id, 'the event before the loss');
      // Every consumer has acknowledged the first event (the relay looks once a second).
      await waitFor(
        async () => {
          const { rows } = await producer.pool.query(
            'SELECT acked_position > 0 AS acked FROM outbox_checkpoints WHERE name = $1',
            [`relay:${PRODUCER}`],
          );
          return rows[0]?.acked === true;
        },
        5_000,
        'the acknowledged point',
      );
      const never = deferred();
      // Rejected at the end to free a handler still held; when none is held by then, nobody
      // awaits it, and that is no error of the test.
      never.promise.catch(() => {});
      cleanup.push(async () => never.reject(new Error('test over')));
      hold = never.promise;
      const events = await append(producer, 'order-1', 5, 0);
      const nc = await connect({ servers: TEST_NATS_URL });
      cleanup.push(() => nc.close());
      const jsm = await jetstreamManager(nc);
      const stream = natsNames(prefix).stream(PRODUCER);
      await waitFor(async () => (await jsm.streams.info(stream)).state.last_seq >= 6, 5_000, 'published');
      await first.bus.close({ graceMs: 0 });
      await jsm.streams.delete(stream);

      // The consumer's next start finds neither stream nor consumer; the relay, which ran on,
      // finds its stream made again and publishes again from the acknowledged point (after its
      // reconnection backoff, up to 5 s a try: on a loaded machine that took more than 15 s).
      const { bus } = await testBus({ prefix });
      await subscribeEffects(bus, consumer, () => undefined);
      await waitFor(async () => (await effects(consumer)).length >= 6, 40_000, 'the events published again');
      const rows = await effects(consumer);
      expect(rows.map((r) => r.event_id).sort()).toEqual([early, ...events].map((e) => e.id).sort());
      expect((await jsm.consumers.info(stream, CONSUMER)).config.durable_name).toBe(CONSUMER);
      expect(() => bus.checkConsuming()).not.toThrow();
      // From the acknowledged point: the event every consumer had is not published again.
      const again = await jsm.streams.info(stream, { subjects_filter: '>' });
      expect(again.state.messages).toBe(events.length);
    },
  );

  it.runIf(kind === 'nats')('goes on fanning out once a lost stream is made again', async () => {
    const { bus, prefix } = await testBus();
    const seen: string[] = [];
    await bus.subscribe({
      consumer: 'cache',
      producer: PRODUCER,
      types: [PLACED],
      fanout: true,
      handle: async (event) => void seen.push(event.id),
    });
    const placed = defineEvent(PRODUCER, PLACED, z.object({}));
    const envelope = (id: string) => testEnvelope(placed, {}, { id, streamId: 'order-1' });
    const before = crypto.randomUUID();
    await bus.publish(PRODUCER, envelope(before));
    await waitFor(async () => seen.includes(before), 5_000, 'the event before the loss');
    const nc = await connect({ servers: TEST_NATS_URL });
    cleanup.push(() => nc.close());
    await (await jetstreamManager(nc)).streams.delete(natsNames(prefix).stream(PRODUCER));
    // New events, until one arrives: the producer's first publish may find no stream (it makes
    // it again on the next), and what is published before the subscriber is back is not seen.
    const after: string[] = [];
    await waitFor(
      async () => {
        after.push(crypto.randomUUID());
        await bus.publish(PRODUCER, envelope(after.at(-1) as string)).catch(() => {});
        return seen.some((id) => after.includes(id));
      },
      20_000,
      'an event after the stream was made again',
    );
  });

  it.runIf(kind === 'nats')('says it is not consuming while its consumer cannot be made again', async () => {
    const { producer, consumer } = await databases();
    const { bus, prefix } = await testBus();
    await subscribeEffects(bus, consumer, () => undefined);
    await startRelay(producer, bus);
    const nc = await connect({ servers: TEST_NATS_URL });
    cleanup.push(() => nc.close());
    const jsm = await jetstreamManager(nc);
    const stream = natsNames(prefix).stream(PRODUCER);
    // The stream lost, and another of the same name in its place that the consumer cannot read.
    // The bus makes its stream again as soon as it is gone: when it was quicker than this add,
    // the stream is taken away again until the one put in its place is this one.
    await waitFor(
      async () => {
        await jsm.streams.delete(stream).catch(() => undefined);
        return jsm.streams.add({ name: stream, subjects: [`${prefix}.elsewhere.>`] }).then(
          () => true,
          () => false,
        );
      },
      10_000,
      'the stream replaced by one the consumer cannot read',
    );
    await waitFor(
      async () => {
        try {
          bus.checkConsuming(0);
          return false;
        } catch (err) {
          return (err as Error).message.includes('not consuming');
        }
      },
      10_000,
      'readiness to say so',
    );
    expect((await bus.consumerLag()).map((l) => l.notConsuming !== undefined)).toEqual([true]);
    // The bad stream gone, the bus makes the right one and its consumer again, and consumes.
    await jsm.streams.delete(stream);
    const event = await appendOne(producer, 'order-1', 0);
    // The bus retries with backoff that grows while the stream was wrong: on a loaded machine
    // its next try may be seconds away.
    await effectWritten(consumer, event.id, 'the event after the stream was made again', 20_000);
    expect(() => bus.checkConsuming(0)).not.toThrow();
    expect((await bus.consumerLag()).map((l) => l.notConsuming)).toEqual([undefined]);
  });

  it.runIf(kind === 'nats')(
    'never sends a consumer the busy types it does not want, and sends them in order to one that does',
    async () => {
      const { producer, consumer } = await databases();
      const { bus, prefix } = await testBus();
      const names = natsNames(prefix);
      const stream = names.stream(PRODUCER);
      expect(BUSY_EVENT_TYPES.has(LIKED)).toBe(true);
      const nc = await connect({ servers: TEST_NATS_URL });
      cleanup.push(() => nc.close());
      const jsm = await jetstreamManager(nc);
      // The durable as the code before made it, over the whole stream: narrowed when subscribed.
      await jsm.streams.add({ name: stream, subjects: [names.streamSubjects(PRODUCER)] });
      await jsm.consumers.add(stream, {
        durable_name: CONSUMER,
        ack_policy: AckPolicy.Explicit,
        filter_subject: names.streamSubjects(PRODUCER),
      });
      await bus.subscribe(subscription(effectHandler(consumer), { types: [PLACED, SHIPPED] }));
      const fan: string[] = [];
      await bus.subscribe(
        subscription(async (event) => void fan.push(event.type), {
          consumer: 'fans',
          types: [LIKED, PLACED],
        }),
      );
      await startRelay(producer, bus);

      const likes = await append(producer, 'order-1', 30, 0, LIKED);
      const placed = await appendOne(producer, 'order-2', 0);
      await append(producer, 'order-2', 1, 1, SHIPPED);
      await effectWritten(consumer, placed.id, 'the placed order');
      await waitFor(async () => (await effects(consumer)).length === 2, 5_000, 'the shipped order');
      await waitFor(() => fan.length === likes.length + 1, 5_000, 'the likes and the order');

      const info = await jsm.consumers.info(stream, CONSUMER);
      expect(info.config.filter_subject).toBe(`${prefix}.${PRODUCER}.events.*`);
      // Two messages sent to it of the 32 in the stream: the likes never left the server.
      expect(info.delivered.consumer_seq).toBe(2);
      expect(fan).toEqual([...likes.map(() => LIKED), PLACED]);
    },
  );

  it('does not redeliver an event whose handler runs longer than the ack wait', async () => {
    const { producer, consumer } = await databases();
    // A slow handler says it is still at work every third of the ack wait. The wait is 1 s (not
    // the 300 ms that keeps the crash tests cheap): on a busy machine a 200 ms stall of the
    // event loop is common, and it would let a heartbeat come late.
    const ackWaitMs = 1_000;
    const { bus } = await testBus({ ackWaitMs });
    const deliveries: string[] = [];
    await subscribeEffects(bus, consumer, async (event) => {
      deliveries.push(event.id);
      await new Promise((r) => setTimeout(r, ackWaitMs * 3));
    });
    await startRelay(producer, bus);
    const event = await appendOne(producer, 'order-1', 0);
    await effectWritten(consumer, event.id, 'the slow handler');
    expect(deliveries).toEqual([event.id]);
  });

  it('loses nothing when the process stops between commit and publish', async () => {
    const { producer, consumer } = await databases();
    const first = await firstLifeBus();
    await first.bus.subscribe(subscription(effectHandler(consumer)));
    const firstRelay = await startRelay(producer, first.bus);
    const before = await append(producer, 'order-1', 3, 0);
    await waitFor(async () => (await effects(consumer)).length === 3, 5_000, 'the first events');
    await firstRelay.stop();
    await first.bus.close();

    // Committed while no relay runs: nothing publishes them.
    const during = [
      ...(await append(producer, 'order-1', 2, 3)),
      ...(await append(producer, 'order-2', 2, 0)),
    ];

    // The next start: a new bus (same streams and durable consumer) and a new relay.
    const { bus } = await testBus({ prefix: first.prefix });
    const handledAfterRestart: string[] = [];
    await subscribeEffects(bus, consumer, (event) => handledAfterRestart.push(event.id));
    await startRelay(producer, bus);

    await waitFor(async () => (await effects(consumer)).length >= 7, 5_000, 'the events of the stop');
    const rows = await effects(consumer);
    expect(rows.map((r) => r.event_id).sort()).toEqual([...before, ...during].map((e) => e.id).sort());
    // The checkpoint (in process) and the durable consumer (JetStream) kept what was done.
    expect(handledAfterRestart.sort()).toEqual(during.map((e) => e.id).sort());
  });

  it('loses nothing when the process stops between delivery and ack', async () => {
    const { producer, consumer } = await databases();
    const ackWaitMs = 800;
    const first = await firstLifeBus({ ackWaitMs });
    const gate = deferred();
    const blocked = deferred();
    // Should the test fail early, the stuck handler must still end, or its schema cannot be dropped.
    cleanup.push(async () => gate.reject(new Error('test over')));
    await first.bus.subscribe(
      subscription(
        effectHandler(consumer, () => {
          // Mid-handling: the effect is written, the transaction still open, no ack sent.
          blocked.resolve();
          return gate.promise;
        }),
      ),
    );
    const firstRelay = await startRelay(producer, first.bus);
    const events = await append(producer, 'order-1', 3, 0);
    await blocked.promise;

    // The process stops: the bus gives up on the stuck handler without acknowledging it...
    await first.bus.close({ graceMs: 20 });
    await firstRelay.stop();
    // ...and dies, which rolls its transaction back.
    gate.reject(new Error('process killed'));

    const { bus } = await testBus({ prefix: first.prefix, ackWaitMs });
    const handledAfterRestart: string[] = [];
    await subscribeEffects(bus, consumer, (event) => handledAfterRestart.push(event.id));
    await startRelay(producer, bus);

    await waitFor(async () => (await effects(consumer)).length >= 3, 10_000, 'the redelivery');
    const rows = await effects(consumer);
    // Exactly once each (order after a redelivery is not promised).
    expect(rows.map((r) => r.event_id).sort()).toEqual(events.map((e) => e.id).sort());
    expect(handledAfterRestart).toContain(events[0]?.id);
  });

  it('keeps the order of one stream', async () => {
    const positions: number[] = [];
    const { producer, consumer } = await effectsThroughRelay((event) => positions.push(event.streamPosition));

    // 100 events in 30 transactions of 1 to 5 events, published while they are appended.
    let version = 0;
    while (version < 100) {
      const count = Math.min(1 + (version % 5), 100 - version);
      await append(producer, 'order-1', count, version);
      version += count;
    }

    await waitFor(async () => (await effects(consumer)).length >= 100, 10_000, '100 events');
    const expected = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(positions).toEqual(expected);
    expect((await effects(consumer)).map((r) => r.stream_position)).toEqual(expected);
  });

  it('hands a batch handler the events in order, each effect once, and one by one when a batch fails', async () => {
    const { producer, consumer } = await databases();
    const { bus } = await testBus();
    const batchSizes: number[] = [];
    const single: number[] = [];
    let failedOnce = false;
    const effect = effectHandler(consumer, (event) => {
      single.push(event.streamPosition);
    });
    const batch = idempotentBatchHandler(consumer.db, CONSUMER, async (event, trx) => {
      // One event fails the first batch it is in: the batch changes nothing, and goes one by one.
      if (event.streamPosition === 37 && !failedOnce) {
        failedOnce = true;
        throw new Error('bad event in a batch');
      }
      await sql`
        INSERT INTO effects (event_id, stream_id, stream_position)
        VALUES (${event.id}, ${event.streamId}, ${event.streamPosition})`.execute(trx);
      return event.streamPosition;
    });
    // 100 events committed before anything consumes them: a backlog, as after a slow spell.
    await append(producer, 'order-1', 100, 0);
    await startRelay(producer, bus);
    await bus.subscribe(
      subscription(effect, {
        handleBatch: async (events) => {
          batchSizes.push(events.length);
          await batch(events);
        },
      }),
    );

    await waitFor(async () => (await effects(consumer)).length >= 100, 10_000, '100 events');
    const expected = Array.from({ length: 100 }, (_, i) => i + 1);
    expect((await effects(consumer)).map((r) => r.stream_position)).toEqual(expected);
    if (kind === 'nats') {
      // Batches of more than one event, and the failed one's events went one by one.
      expect(Math.max(...batchSizes)).toBeGreaterThan(1);
      expect(failedOnce).toBe(true);
      expect(single).toContain(37);
    }
  });

  it('refuses a second subscription of one consumer to one producer for other types', async () => {
    const { bus } = await testBus();
    await bus.subscribe(subscription(async () => {}));
    // Sharing one durable consumer, each would acknowledge, and so drop, the other's events.
    await expect(bus.subscribe(subscription(async () => {}, { types: [SHIPPED] }))).rejects.toThrow(
      /billing already subscribes to orders for \[OrderPlaced\]/,
    );
    // The same types again: another instance sharing the work.
    await bus.subscribe(subscription(async () => {}));
  });

  it('fans out to every fan-out subscriber, and shares the work between durable ones', async () => {
    const producer = await openDatabase('producer');
    const { bus } = await testBus();
    const fanA: string[] = [];
    const fanB: string[] = [];
    const sharedA: string[] = [];
    const sharedB: string[] = [];
    // The same consumer name everywhere: fan-out and durable subscriptions must not mix.
    const record = (list: string[]) => async (event: EventEnvelope) => {
      list.push(event.id);
    };
    await bus.subscribe(subscription(record(fanA), { fanout: true }));
    await bus.subscribe(subscription(record(fanB), { fanout: true }));
    await bus.subscribe(subscription(record(sharedA)));
    await bus.subscribe(subscription(record(sharedB)));
    await startRelay(producer, bus);

    const events = [
      ...(await append(producer, 'order-1', 10, 0)),
      ...(await append(producer, 'order-2', 10, 0)),
    ];
    const ids = events.map((e) => e.id);
    await waitFor(
      () => fanA.length >= 20 && fanB.length >= 20 && sharedA.length + sharedB.length >= 20,
      5_000,
      'every subscriber',
    );
    // Stragglers (a duplicate, a second fan-out copy) would arrive before a later event does.
    const sentinel = await appendOne(producer, 'order-3', 0);
    await waitFor(() => [...sharedA, ...sharedB].includes(sentinel.id) && fanA.includes(sentinel.id));
    await waitFor(() => fanB.includes(sentinel.id));

    expect(fanA).toEqual([...ids, sentinel.id]);
    expect(fanB).toEqual([...ids, sentinel.id]);
    expect([...sharedA, ...sharedB].sort()).toEqual([...ids, sentinel.id].sort());
  });
}

describe.each(['memory', 'nats'] as const)('event bus contract (%s)', (kind) => {
  busContract(kind);
});
