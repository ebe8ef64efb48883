import type { EventEnvelope } from '@waco/contracts';
import { createTestBus, dropSchema, uniqueName, waitFor, wrapHandlers } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instance, postOf, producers, startInstance } from './harness';

/**
 * On NATS JetStream: two instances, each with its own connection, share the durable consumers;
 * an event whose acknowledgement is lost is delivered again and changes nothing the second time;
 * pushes cross instances over NATS core.
 */
type TestBus = Awaited<ReturnType<typeof createTestBus>>;
let busA: TestBus;
let busB: TestBus;
let a: Instance;
let b: Instance;
const schema = uniqueName('notifications');
const handledBy = { a: 0, b: 0 };
const redelivered: string[] = [];
let feed: ReturnType<typeof producers>;

beforeAll(async () => {
  busA = await createTestBus('nats');
  busB = await createTestBus('nats', { prefix: busA.prefix });
  const seen = new Set<string>();
  // Instance A loses the ack of the first delivery of every like, after its handler committed.
  const flaky = wrapHandlers(busA.bus, (sub) => async (event: EventEnvelope) => {
    await sub.handle(event);
    handledBy.a++;
    if (event.type === 'PostLiked' && !seen.has(event.id)) {
      seen.add(event.id);
      redelivered.push(event.id);
      throw new Error('connection lost before the ack');
    }
  });
  const counted = wrapHandlers(busB.bus, (sub) => async (event: EventEnvelope) => {
    await sub.handle(event);
    handledBy.b++;
  });
  a = await startInstance(flaky, schema);
  b = await startInstance(counted, schema);
  feed = producers(busA.bus);
});

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await busB?.bus.close();
  await busA?.close();
  await dropSchema(schema);
});

const count = async (sql: string, values: unknown[] = []) =>
  (await a.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, values))[0]?.n ?? 0;

describe('notifications on JetStream', () => {
  it('makes one notification per like even when each is delivered again, and pushes it once', async () => {
    const owner = await feed.registerUser('Olive', 'Owner');
    const fans = await Promise.all(Array.from({ length: 4 }, (_, i) => feed.registerUser(`Fan${i}`, 'Fan')));
    await waitFor(async () => ((await count('users')) >= 5 ? true : undefined));
    const onA = await a.openStream(owner);
    const onB = await b.openStream(owner);
    for (const s of [onA, onB]) await s.waitFor((e) => e.event === 'unread');

    const likes: EventEnvelope[] = [];
    for (const fan of fans)
      for (let i = 0; i < 5; i++) likes.push(await feed.like(fan, postOf(owner, `Post ${i}`)));
    await waitFor(async () =>
      (await count('processed_messages WHERE message_id = ANY($1::uuid[])', [likes.map((l) => l.id)])) === 20
        ? true
        : undefined,
    );
    expect(await count('notifications WHERE user_id = $1', [owner])).toBe(20);
    for (const s of [onA, onB]) {
      await s.until(() => (s.named('notification').length >= 20 ? true : undefined));
      expect(new Set(s.named('notification').map((e) => e.data.id)).size).toBe(20);
    }
    // Whatever A handled first, it was handed again (by JetStream, to A or B) and ignored.
    expect(redelivered.length).toBeGreaterThan(0);
    await waitFor(() => (handledBy.a + handledBy.b >= 20 + redelivered.length ? true : undefined));
    expect(await count('notifications WHERE user_id = $1', [owner])).toBe(20);
    // Both instances took part: the durable consumer shares the work.
    expect(handledBy.a).toBeGreaterThan(0);
    expect(handledBy.b).toBeGreaterThan(0);
    for (const s of [onA, onB]) expect(s.named('notification')).toHaveLength(20);
  });
});
