import { testClient } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStack, eventually, inBatches, startEventStack } from './support/event-stack';
import { OwnNatsServer } from './support/nats-server';

// Fault tests of the event path, likes (posts) and messages (messaging) to notifications, on
// real Postgres and a NATS JetStream server of this file's own, which it stops and restarts.
// Each service instance has its own NATS connection, as separate processes would.

let nats: OwnNatsServer;
let stack: EventStack;
let fans: string[];

beforeAll(async () => {
  nats = await OwnNatsServer.start();
  stack = await startEventStack({ natsUrl: nats.url });
  fans = [];
  for (let i = 0; i < 10; i++) fans.push(await stack.signUp(`Fan${i}`, 'Waco'));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await nats?.stop();
});

/** An owner with `count` posts, known to every service. */
async function ownerWithPosts(name: string, count: number) {
  const owner = await stack.signUp(name, 'Owner');
  await stack.waitForUsers([owner, ...fans]);
  const posts: string[] = [];
  for (let i = 0; i < count; i++) posts.push(await stack.createPost(owner, `${name}'s post ${i}`));
  return { owner, posts };
}

/** Every (fan, post) pair, each fan liking each post once. */
const pairs = (posts: string[]) => fans.flatMap((fan) => posts.map((post) => ({ fan, post })));

describe('notifications when a service or NATS goes away', () => {
  it('stopped while 200 likes and 200 messages are sent: exactly 400 notifications once it is back', async () => {
    const { owner, posts } = await ownerWithPosts('Olive', 20);
    const likedBefore = new Set(await stack.eventIds(stack.schemas.posts, 'PostLiked'));
    const sentBefore = new Set(await stack.eventIds(stack.schemas.messaging, 'MessageSent'));

    await stack.stopNotifications();
    const liked = await inBatches(pairs(posts), 8, ({ fan, post }) => stack.like(fan, post));
    expect(liked.every(Boolean)).toBe(true);
    await inBatches(
      Array.from({ length: 200 }, (_, i) => fans[i % fans.length] as string),
      8,
      (fan, i) => stack.send(fan, owner, `Message ${i}`),
    );
    const likes = (await stack.eventIds(stack.schemas.posts, 'PostLiked')).filter(
      (id) => !likedBefore.has(id),
    );
    const messages = (await stack.eventIds(stack.schemas.messaging, 'MessageSent')).filter(
      (id) => !sentBefore.has(id),
    );
    expect([likes.length, messages.length]).toEqual([200, 200]);

    await stack.startNotifications();
    await eventually(async () =>
      (await stack.handledCount([...likes, ...messages])) === 400 ? true : undefined,
    );
    expect(await stack.notificationCount(owner)).toBe(400);
    const byType = await stack.query<{ type: string; n: number }>(
      stack.schemas.notifications,
      'SELECT type, count(*)::int AS n FROM notifications WHERE user_id = $1 GROUP BY type ORDER BY type',
      [owner],
    );
    expect(byType).toEqual([
      { type: 'like', n: 200 },
      { type: 'message', n: 200 },
    ]);
  }, 180_000);

  it('NATS killed and restarted in the middle of a burst: nothing lost, nothing doubled', async () => {
    const { owner, posts } = await ownerWithPosts('Nora', 10);
    const likedBefore = new Set(await stack.eventIds(stack.schemas.posts, 'PostLiked'));
    const sentBefore = new Set(await stack.eventIds(stack.schemas.messaging, 'MessageSent'));

    // 100 likes and 100 messages, interleaved. NATS dies after a third of them, and comes back
    // after two thirds: the middle third is committed while it is away.
    const work = [
      ...pairs(posts).map((p) => () => stack.like(p.fan, p.post)),
      ...Array.from(
        { length: 100 },
        (_, i) => () => stack.send(fans[i % fans.length] as string, owner, `Burst ${i}`),
      ),
    ].sort(() => Math.random() - 0.5);
    let done = 0;
    let outage: Promise<void> = Promise.resolve();
    const heldBack = { posts: 0, messaging: 0 };
    await inBatches(work, 8, async (task) => {
      await task();
      done++;
      if (done === Math.floor(work.length / 3)) outage = nats.kill();
      if (done === Math.floor((2 * work.length) / 3)) {
        await outage;
        heldBack.posts = await stack.unpublishedCount(stack.schemas.posts, 'posts');
        heldBack.messaging = await stack.unpublishedCount(stack.schemas.messaging, 'messaging');
        await nats.restart();
      }
    });
    // The outage was real: both relays held committed events that NATS could not take.
    expect(heldBack.posts).toBeGreaterThan(0);
    expect(heldBack.messaging).toBeGreaterThan(0);

    const likes = (await stack.eventIds(stack.schemas.posts, 'PostLiked')).filter(
      (id) => !likedBefore.has(id),
    );
    const messages = (await stack.eventIds(stack.schemas.messaging, 'MessageSent')).filter(
      (id) => !sentBefore.has(id),
    );
    expect([likes.length, messages.length]).toEqual([100, 100]);
    await eventually(
      async () => ((await stack.handledCount([...likes, ...messages])) === 200 ? true : undefined),
      120_000,
    );
    expect(await stack.notificationCount(owner)).toBe(200);
    const sources = await stack.query<{ n: number }>(
      stack.schemas.notifications,
      'SELECT count(DISTINCT source_event_id)::int AS n FROM notifications WHERE user_id = $1',
      [owner],
    );
    expect(sources[0]?.n).toBe(200);
  }, 180_000);

  it('while NATS is down, likes four times the pool at once are all answered, each on one connection', async () => {
    const { posts } = await ownerWithPosts('Dora', 10);
    const pool = stack.posts.service.database.pool;
    const burst = pairs(posts);
    const concurrency = 4 * pool.options.max;
    let checkouts = 0;
    const count = () => checkouts++;
    await nats.kill();
    pool.on('acquire', count);
    try {
      // With NATS down nothing else of posts takes a connection (its relay has one of its own,
      // its consumers none): requests have the whole pool, and each like takes one connection
      // for its reads and its writes, so none waits in the pool's queue more than once.
      const call = testClient(stack.posts.service.url);
      const statuses = await inBatches(burst, concurrency, async ({ fan, post }) => {
        const res = await call('POST', `/api/posts/${post}/like`, { as: fan });
        return res.status;
      });
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      // The minute's expiry sweep may take one more.
      expect(checkouts).toBeGreaterThanOrEqual(burst.length);
      expect(checkouts).toBeLessThanOrEqual(burst.length + 1);
    } finally {
      pool.off('acquire', count);
      await nats.restart();
    }
  }, 120_000);
});
