import {
  FollowAlertsSet,
  PostCreated,
  translateServerMessage,
  UserBlocked,
  UserFollowed,
} from '@waco/contracts';
import { postCreatedData } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { onlyNotificationOf, startNotifications } from './harness';

// identity's UserFollowed → a `follow` notification to the member followed, on their live stream.

const n = startedForFile(startNotifications);

const follow = (
  followerId: string,
  followingId: string,
  occurredAt = new Date().toISOString(),
  alerts = false,
  streamPosition = 1,
) =>
  n.publish(
    UserFollowed,
    { followerId, followingId, followedAt: occurredAt, alerts },
    { occurredAt, streamId: `follow-${followerId}-${followingId}`, streamPosition },
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

describe('alerts of a follow', () => {
  it('tell those who switched them on when the member followed posts, and stop when switched off', async () => {
    const [author, fan, quiet] = [
      await n.registerUser('Ava', 'Author'),
      await n.registerUser('Finn', 'Fan'),
      await n.registerUser('Quinn', 'Quiet'),
    ];
    const post = (title: string) =>
      n.publish(
        PostCreated,
        postCreatedData({ postId: crypto.randomUUID(), ownerId: author, title, category: 'sale' }),
      );
    await n.handled(await follow(fan, author, undefined, true), await follow(quiet, author));
    const first = await post('Walnut desk');
    await n.handled(first);
    expect(await onlyNotificationOf(n, fan)).toMatchObject({
      type: 'followed_post',
      title: 'Ava Author posted something new',
      message: '“Walnut desk”',
    });
    expect(await n.notificationsOf(quiet)).toEqual([]);
    expect(translateServerMessage('Ava Author posted something new', 'es')).toBe(
      'Ava Author publicó algo nuevo',
    );

    const off = await n.publish(
      FollowAlertsSet,
      { followerId: fan, followingId: author, alerts: false },
      { streamId: `follow-${fan}-${author}`, streamPosition: 2 },
    );
    await n.handled(off);
    await n.handled(await post('Office chair'));
    expect(await n.notificationsOf(fan)).toHaveLength(1);
  });
});
