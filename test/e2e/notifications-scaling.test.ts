import type { EventEnvelope } from '@waco/contracts';
import { requireNats, SseClient, TEST_NATS_URL, wrapHandlers } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStack, eventually, inBatches, startEventStack } from './support/event-stack';

// Scaling separately: two messaging and two notifications instances, each with its own NATS
// JetStream connection, share their durable consumers. No notification is lost or doubled, and
// a stream open on either notifications instance gets every push, whichever instance made it.

let stack: EventStack;
const handled = new Map<string, Set<string>>();

beforeAll(async () => {
  await requireNats();
  stack = await startEventStack({
    natsUrl: TEST_NATS_URL,
    messagingInstances: 2,
    notificationsInstances: 2,
    wrapBus: (service, index, bus) =>
      wrapHandlers(bus, (sub) => async (event: EventEnvelope) => {
        await sub.handle(event);
        const key = `${service}#${index}:${sub.producer}`;
        handled.set(key, (handled.get(key) ?? new Set()).add(event.id));
      }),
  });
}, 120_000);

afterAll(() => stack?.stop());

describe('two messaging and two notifications instances', () => {
  it('share the work, lose nothing, double nothing, and push to streams on either instance', async () => {
    const owner = await stack.signUp('Olive', 'Owner');
    const fans: string[] = [];
    for (let i = 0; i < 6; i++) fans.push(await stack.signUp(`Fan${i}`, 'Waco'));
    await stack.waitForUsers([owner, ...fans]);
    const posts: string[] = [];
    for (let i = 0; i < 10; i++) posts.push(await stack.createPost(owner, `Post ${i}`));

    const streams = await Promise.all(
      stack.notifications.map((n) => SseClient.open(`${n.service.url}/api/stream`, { 'x-user-id': owner })),
    );
    for (const s of streams) await s.waitFor((e) => e.event === 'unread');
    const firstId = Number(streams[0]?.events[0]?.id);

    const likes = fans.flatMap((fan) => posts.map((post) => () => stack.like(fan, post)));
    const messages = Array.from(
      { length: 60 },
      (_, i) => () => stack.send(fans[i % 6] as string, owner, `Hello ${i}`, i),
    );
    await inBatches(
      [...likes, ...messages].sort(() => Math.random() - 0.5),
      8,
      (task) => task(),
    );

    const liked = await stack.eventIds(stack.schemas.posts, 'PostLiked');
    const sent = await stack.eventIds(stack.schemas.messaging, 'MessageSent');
    expect([liked.length, sent.length]).toEqual([60, 60]);
    await eventually(async () =>
      (await stack.handledCount([...liked, ...sent])) === 120 ? true : undefined,
    );
    expect(await stack.notificationCount(owner)).toBe(120);

    // Each stream saw every push once, in order, with no gap: a like is a notification and the
    // counts (2 events), a message is the message, a notification and the counts (3).
    for (const s of streams) {
      await s.until(() => (s.named('notification').length >= 120 ? true : undefined), 30_000);
      await s.until(() => (s.events.length === 1 + 60 * 2 + 60 * 3 ? true : undefined), 10_000);
      expect(s.events.map((e) => Number(e.id))).toEqual(Array.from({ length: 301 }, (_, i) => firstId + i));
      expect(new Set(s.named('notification').map((e) => e.data.id)).size).toBe(120);
      expect(s.named('message')).toHaveLength(60);
      s.close();
    }

    // Both notifications instances did part of the work on each stream they consume.
    for (const producer of ['posts', 'messaging']) {
      const a = handled.get(`notifications#0:${producer}`)?.size ?? 0;
      const b = handled.get(`notifications#1:${producer}`)?.size ?? 0;
      expect(a + b).toBeGreaterThanOrEqual(60);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    }
    // And each messaging instance served sends (the relay of one of them publishes them all).
    const users = ['messaging#0:identity', 'messaging#1:identity'].map((k) => handled.get(k)?.size ?? 0);
    expect((users[0] ?? 0) + (users[1] ?? 0)).toBeGreaterThanOrEqual(7);
  }, 120_000);
});
