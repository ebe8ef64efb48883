import { UserBlocked } from '@waco/contracts';
import type { EventBus, Subscription } from '@waco/platform';
import { createTestBus, dropSchema, uniqueName, waitFor } from '@waco/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { type Instance, postOf, producers, startInstance } from './harness';

/**
 * On NATS JetStream, events that arrive while a batch is being handled are handled together
 * (one transaction, pushes sent together): each still makes exactly one notification, and the
 * user's live stream still gets every push once, in sequence order. A batch stores its
 * notifications together: a like again within the repeat window and a like from someone the
 * owner blocked still make none, and the last unread counts pushed are the stored ones.
 */
describe('notifications in batches', () => {
  const schema = uniqueName('notifications');
  const batchSizes: number[] = [];
  let testBus: Awaited<ReturnType<typeof createTestBus>> | undefined;
  let instance: Instance | undefined;

  afterAll(async () => {
    await instance?.stop();
    await testBus?.close();
    await dropSchema(schema);
  });

  it('makes one notification per event and pushes each once, in order, when events come in batches', async () => {
    testBus = await createTestBus('nats');
    const bus = testBus.bus;
    // The same bus, counting the batches each subscription is handed.
    const counting = new Proxy(bus, {
      get(target, prop, receiver) {
        if (prop === 'subscribe')
          return (sub: Subscription) =>
            target.subscribe({
              ...sub,
              handleBatch: sub.handleBatch
                ? async (events) => {
                    batchSizes.push(events.length);
                    await sub.handleBatch?.(events);
                  }
                : undefined,
            });
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as EventBus;
    instance = await startInstance(counting, schema);
    const feed = producers(bus);
    const owner = await feed.registerUser('Olive', 'Owner');
    const fans = await Promise.all(Array.from({ length: 3 }, (_, i) => feed.registerUser(`Fan${i}`, 'Fan')));
    const blockedFan = await feed.registerUser('Blake', 'Blocked');
    const block = await feed.publish(UserBlocked, {
      blockerId: owner,
      blockedId: blockedFan,
      blockedAt: new Date().toISOString(),
    });
    const users = async () =>
      (await instance?.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))?.[0]?.n ?? 0;
    await waitFor(async () => ((await users()) >= 5 ? true : undefined));
    await waitFor(async () =>
      (await instance?.query('SELECT 1 FROM processed_messages WHERE message_id = $1', [block.id]))?.length
        ? true
        : undefined,
    );
    const stream = await instance.openStream(owner);
    await stream.waitFor((e) => e.event === 'unread');

    // Published faster than they are handled: the consumers find several waiting each time.
    const sent: Awaited<ReturnType<typeof feed.like>>[] = [];
    for (let i = 0; i < 30; i++) {
      const fan = fans[i % fans.length] as string;
      const post = postOf(owner, `Post ${i}`);
      sent.push(await feed.like(fan, post));
      // Liked again (after an unlike) within the window: nothing new to tell.
      if (i % 5 === 0) sent.push(await feed.like(fan, post));
      if (i % 10 === 0) sent.push(await feed.like(blockedFan, post));
      sent.push(await feed.message(fan, owner, `Message ${i}`));
    }
    const handled = async () =>
      (
        await instance?.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM processed_messages WHERE message_id = ANY($1::uuid[])',
          [sent.map((e) => e.id)],
        )
      )?.[0]?.n ?? 0;
    await waitFor(async () => ((await handled()) === sent.length ? true : undefined), 20_000);
    const notifications = await instance.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1',
      [owner],
    );
    expect(notifications[0]?.n).toBe(60);

    await stream.until(() => (stream.named('notification').length >= 60 ? true : undefined));
    expect(new Set(stream.named('notification').map((e) => e.data.id)).size).toBe(60);
    // Each message once. (Not necessarily in the order sent: notifications may handle each
    // producer's events on several consumers, `concurrency`, or instances; conversation positions
    // make up for it.)
    expect(
      stream
        .named('message')
        .map((e) => e.data.content)
        .sort(),
    ).toEqual(Array.from({ length: 30 }, (_, i) => `Message ${i}`).sort());
    // Every push once, in sequence order, none missing.
    const ids = stream.events.map((e) => Number(e.id));
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => (ids[0] ?? 0) + i));
    expect(Math.max(...batchSizes)).toBeGreaterThan(1);
    // The last counts pushed are those stored, once every event was handled.
    const [stored] = await instance.query<{ notifications: number }>(
      'SELECT count(*)::int AS notifications FROM notifications WHERE user_id = $1 AND NOT is_read',
      [owner],
    );
    await stream.until(() =>
      stream.named('unread').at(-1)?.data.notifications === stored?.notifications ? true : undefined,
    );
  });
});
