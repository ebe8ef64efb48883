import { translateServerMessage, UserBlocked, UserFollowed } from '@waco/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Notifications, startNotifications } from './harness';

// identity's UserFollowed → a `follow` notification to the member followed, on their live stream.

let n: Notifications;
beforeAll(async () => {
  n = await startNotifications();
});
afterAll(() => n?.stop());

const follow = (followerId: string, followingId: string, occurredAt = new Date().toISOString()) =>
  n.publish(
    UserFollowed,
    { followerId, followingId, followedAt: occurredAt, alerts: false },
    { occurredAt, streamId: `follow-${followerId}-${followingId}` },
  );

describe('UserFollowed', () => {
  it('tells the member followed who follows them, live, grouped under them, in their language', async () => {
    const ana = await n.registerUser('Ana', 'Alvarez');
    const ben = await n.registerUser('Ben', 'Baker', 'es');
    const stream = await n.openStream(ben);
    const event = await follow(ana, ben);
    const pushed = await stream.waitFor((e) => e.event === 'notification');
    expect(pushed.data).toMatchObject({
      userId: ben,
      type: 'follow',
      title: 'Ana Alvarez started following you',
      // The member followed: the web groups a member's new followers in one line.
      relatedId: ben,
      actorId: ana,
      isRead: false,
    });
    await n.handled(event);
    expect(translateServerMessage('Ana Alvarez started following you', 'es')).toBe(
      'Ana Alvarez comenzó a seguirte',
    );
    // The follower is told nothing.
    expect(await n.notificationsOf(ana)).toEqual([]);
  });

  it('gives one notification for an event delivered twice', async () => {
    const [cy, dee] = [await n.registerUser('Cy', 'Cole'), await n.registerUser('Dee', 'Dunn')];
    const event = await follow(cy, dee);
    await n.bus.publish('identity', { ...event });
    await n.bus.publish('identity', { ...event });
    await n.handled(event);
    expect(await n.notificationsOf(dee)).toHaveLength(1);
  });

  it('gives none for a follow again within the repeat window', async () => {
    const [eve, fay] = [await n.registerUser('Eve', 'Ely'), await n.registerUser('Fay', 'Fox')];
    const first = await follow(eve, fay);
    const again = await follow(eve, fay, new Date(Date.parse(first.occurredAt) + 60_000).toISOString());
    await n.handled(first, again);
    expect(await n.notificationsOf(fay)).toHaveLength(1);
  });

  it('tells nothing to a member who blocked the follower', async () => {
    const [gus, hal] = [await n.registerUser('Gus', 'Gray'), await n.registerUser('Hal', 'Hart')];
    const block = await n.publish(UserBlocked, {
      blockerId: hal,
      blockedId: gus,
      blockedAt: new Date().toISOString(),
    });
    await n.handled(block);
    const event = await follow(gus, hal);
    await n.handled(event);
    expect(await n.notificationsOf(hal)).toEqual([]);
  });
});
