import { randomUUID } from 'node:crypto';
import { ConversationRead, conversationIdOf, MessageSent } from '@waco/contracts';
import { registerAdaAndBob } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { postOf, startNotifications } from './harness';

let ada: string;
let bob: string;
const n = startedForFile(startNotifications, async (started) => {
  ({ ada, bob } = await registerAdaAndBob(started.registerUser));
});

const minutesLater = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

describe('PostLiked', () => {
  it('tells the post’s owner who liked which post', async () => {
    const owner = await n.registerUser('Olive', 'Owner');
    const post = postOf(owner, 'Oak rocking chair');
    const like = await n.like(ada, post);
    await n.handled(like);
    const list = await n.call('GET', '/api/notifications', owner);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      notifications: [
        {
          id: expect.any(String),
          userId: owner,
          type: 'like',
          title: 'Ada Lovelace liked your post',
          message: '“Oak rocking chair”',
          relatedId: post.postId,
          actorId: ada,
          isRead: false,
          createdAt: like.occurredAt,
        },
      ],
      unreadCount: 1,
    });
    // The liker is told nothing.
    expect(await n.notificationsOf(ada)).toEqual([]);
  });

  it('never tells anyone about a like of their own post', async () => {
    const like = await n.like(ada, postOf(ada));
    await n.handled(like);
    expect(await n.notificationsOf(ada)).toEqual([]);
  });

  it('gives one notification for an event delivered twice', async () => {
    const owner = await n.registerUser();
    const like = await n.like(bob, postOf(owner));
    await n.bus.publish('posts', { ...like });
    await n.bus.publish('posts', { ...like });
    await n.handled(like);
    expect(await n.notificationsOf(owner)).toHaveLength(1);
  });

  it('gives no second notification for a like again within 10 minutes, and one after', async () => {
    const owner = await n.registerUser();
    const post = postOf(owner);
    const first = await n.like(bob, post);
    // An unlike tells nobody anything; a like again 9 minutes later repeats the first.
    const again = await n.like(bob, post, { occurredAt: minutesLater(first.occurredAt, 9) });
    await n.handled(first, again);
    expect(await n.notificationsOf(owner)).toHaveLength(1);
    // Another user, or another post, is news.
    const other = await n.like(ada, post, { occurredAt: minutesLater(first.occurredAt, 9) });
    const otherPost = await n.like(bob, postOf(owner, 'Bike'), {
      occurredAt: minutesLater(first.occurredAt, 9),
    });
    // Ten minutes after the first notification, a like is news again.
    const later = await n.like(bob, post, { occurredAt: minutesLater(first.occurredAt, 11) });
    await n.handled(other, otherPost, later);
    expect(await n.notificationsOf(owner)).toHaveLength(4);
  });

  it('calls a liker it has not heard of yet "Someone", and uses a name once identity renames', async () => {
    const owner = await n.registerUser();
    const stranger = randomUUID();
    const first = await n.like(stranger, postOf(owner, 'Lamp'));
    await n.handled(first);
    const renamed = await n.renameUser(bob, 'Robert', 'Baylor');
    await n.handled(renamed);
    const second = await n.like(bob, postOf(owner, 'Desk'));
    await n.handled(second);
    expect((await n.notificationsOf(owner)).map((x) => x.title)).toEqual([
      'Someone liked your post',
      'Robert Baylor liked your post',
    ]);
    await n.renameUser(bob, 'Bob', 'Baylor');
  });

  it('names a liker once their name arrives, in the notification made before it', async () => {
    // The like came before the liker's sign-up reached notifications (a relay catching up).
    const owner = await n.registerUser();
    const newcomer = randomUUID();
    const like = await n.like(newcomer, postOf(owner, 'Bookshelf'));
    await n.handled(like);
    expect((await n.notificationsOf(owner)).map((x) => x.title)).toEqual(['Someone liked your post']);
    await n.handled(await n.renameUser(newcomer, 'Nia', 'Brooks'));
    expect((await n.notificationsOf(owner)).map((x) => x.title)).toEqual(['Nia Brooks liked your post']);
  });

  it('leaves the titles of a member really called "Someone" as they are when they rename', async () => {
    const owner = await n.registerUser();
    const someone = await n.registerUser('Someone', 'Else');
    await n.handled(await n.like(someone, postOf(owner, 'Mirror')));
    await n.handled(await n.renameUser(someone, 'Sam', 'Else'));
    expect((await n.notificationsOf(owner)).map((x) => x.title)).toEqual(['Someone Else liked your post']);
  });
});

describe('AttendanceSet', () => {
  it('tells the event’s owner who responded and how', async () => {
    const owner = await n.registerUser('Eve', 'Events');
    const post = postOf(owner, 'Cameron Park trail run', 'event');
    const interested = await n.attend(ada, post, 'interested');
    await n.handled(interested);
    const going = await n.attend(ada, post, 'going', 'interested');
    await n.handled(going);
    const list = await n.notificationsOf(owner);
    expect(list).toEqual([
      {
        type: 'interested',
        title: 'Ada Lovelace is interested in your event',
        message: '“Cameron Park trail run”',
        related_id: post.postId,
        is_read: false,
      },
      {
        type: 'interested',
        title: 'Ada Lovelace is going to your event',
        message: '“Cameron Park trail run”',
        related_id: post.postId,
        is_read: false,
      },
    ]);
  });

  it('tells nobody about a response to their own event, or one that changed nothing', async () => {
    const post = postOf(bob, 'Bob’s party', 'event');
    const own = await n.attend(bob, post, 'going');
    const same = await n.attend(ada, post, 'going', 'going');
    await n.handled(own, same);
    expect(await n.notificationsOf(bob)).toEqual([]);
  });
});

describe('MessageSent', () => {
  it('tells the recipient, not the sender, with the first words of the message', async () => {
    const cy = await n.registerUser('Cy', 'Cole');
    const dee = await n.registerUser('Dee', 'Dale');
    const sent = await n.message(cy, dee, 'Is the chair still for sale?');
    await n.handled(sent);
    expect(await n.notificationsOf(dee)).toEqual([
      {
        type: 'message',
        title: 'Cy Cole sent you a message',
        message: 'Is the chair still for sale?',
        related_id: conversationIdOf(cy, dee),
        is_read: false,
      },
    ]);
    expect(await n.notificationsOf(cy)).toEqual([]);
  });

  it('marks message notifications read when the conversation is read, or answered', async () => {
    const cy = await n.registerUser('Cy', 'Cole');
    const dee = await n.registerUser('Dee', 'Dale');
    const conversationId = conversationIdOf(cy, dee);
    await n.handled(await n.message(cy, dee, 'One'), await n.message(cy, dee, 'Two'));
    expect((await n.call('GET', '/api/notifications', dee)).body.unreadCount).toBe(2);
    await n.handled(await n.read(dee, conversationId));
    expect((await n.call('GET', '/api/notifications', dee)).body.unreadCount).toBe(0);

    await n.handled(await n.message(dee, cy, 'Three'));
    expect((await n.call('GET', '/api/notifications', cy)).body.unreadCount).toBe(1);
    // Cy answering reads the thread on Cy's side.
    await n.handled(await n.message(cy, dee, 'Four'));
    expect((await n.call('GET', '/api/notifications', cy)).body.unreadCount).toBe(0);
  });
});

describe('events of a conversation handled out of order (instances share the work)', () => {
  it('count a message read before it was handled as read', async () => {
    const cy = await n.registerUser('Cy', 'Cole');
    const dee = await n.registerUser('Dee', 'Dale');
    const conversationId = conversationIdOf(cy, dee);
    const at = (streamPosition: number) => ({ streamId: `conversation-${conversationId}`, streamPosition });
    const message = (position: number, content: string) =>
      n.publish(
        MessageSent,
        {
          messageId: randomUUID(),
          conversationId,
          senderId: cy,
          recipientId: dee,
          content,
          excerpt: content,
          sentAt: new Date().toISOString(),
        },
        at(position),
      );
    // Dee read up to position 2 (handled first), then messages 1 and 3 are handled.
    await n.handled(
      await n.publish(
        ConversationRead,
        { conversationId, readerId: dee, readAt: new Date().toISOString() },
        at(2),
      ),
    );
    await n.handled(await message(3, 'After the read'), await message(1, 'Before the read'));
    const list = await n.call('GET', '/api/notifications', dee);
    expect(list.body.unreadCount).toBe(1);
    expect(
      list.body.notifications.map((x: { message: string; isRead: boolean }) => [x.message, x.isRead]).sort(),
    ).toEqual([
      ['After the read', false],
      ['Before the read', true],
    ]);
    const [counts] = await n.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM conversation_inbox WHERE user_id = $1',
      [dee],
    );
    expect(counts?.n).toBe(1);
    // A late read of position 1 does not take the mark back.
    await n.handled(
      await n.publish(
        ConversationRead,
        { conversationId, readerId: dee, readAt: new Date().toISOString() },
        at(1),
      ),
    );
    expect((await n.call('GET', '/api/notifications', dee)).body.unreadCount).toBe(1);
  });
});

describe('the notification endpoints', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['PUT', `/api/notifications/${randomUUID()}/read`],
    ['PUT', '/api/notifications/read-all'],
    ['GET', '/api/stream'],
  ] as const)('answer a guest 401 at %s %s', async (method, url) => {
    const res = await n.call(method, url);
    expect(res).toEqual({ status: 401, body: { message: 'You are not signed in' } });
  });

  it('list the caller’s notifications newest first, in pages', async () => {
    const owner = await n.registerUser();
    const start = new Date().toISOString();
    const events = [];
    for (let i = 0; i < 5; i++) {
      events.push(await n.like(ada, postOf(owner, `Post ${i}`), { occurredAt: minutesLater(start, i) }));
    }
    await n.handled(...events);
    const all = await n.call('GET', '/api/notifications', owner);
    expect(all.body.notifications.map((x: { message: string }) => x.message)).toEqual(
      ['Post 4', 'Post 3', 'Post 2', 'Post 1', 'Post 0'].map((t) => `“${t}”`),
    );
    const page = await n.call('GET', '/api/notifications?limit=2&offset=2', owner);
    expect(page.body.notifications.map((x: { message: string }) => x.message)).toEqual([
      '“Post 2”',
      '“Post 1”',
    ]);
    expect(page.body.unreadCount).toBe(5);
    // Past the last page: no notification, and still the count of all unread.
    const past = await n.call('GET', '/api/notifications?limit=2&offset=10', owner);
    expect(past.body).toEqual({ notifications: [], unreadCount: 5 });
    expect((await n.call('GET', '/api/notifications?limit=0', owner)).status).toBe(400);
    expect((await n.call('GET', '/api/notifications?userId=x', owner)).status).toBe(400);
  });

  it('mark one of the caller’s own notifications read, and answer 404 for anyone else’s', async () => {
    const owner = await n.registerUser();
    await n.handled(await n.like(ada, postOf(owner)), await n.like(ada, postOf(owner, 'Second')));
    const [first, second] = (await n.call('GET', '/api/notifications', owner)).body.notifications;

    const outsider = await n.call('PUT', `/api/notifications/${first.id}/read`, bob);
    expect(outsider).toEqual({ status: 404, body: { message: 'Notification not found' } });
    for (const id of [randomUUID(), 'not-an-id']) {
      expect((await n.call('PUT', `/api/notifications/${id}/read`, owner)).status).toBe(404);
    }
    expect((await n.call('GET', '/api/notifications', owner)).body.unreadCount).toBe(2);

    const res = await n.call('PUT', `/api/notifications/${first.id}/read`, owner);
    expect(res).toEqual({ status: 200, body: { ...first, isRead: true } });
    // Reading it again changes nothing and still answers it.
    expect((await n.call('PUT', `/api/notifications/${first.id}/read`, owner)).body.isRead).toBe(true);
    const after = await n.call('GET', '/api/notifications', owner);
    expect(after.body.unreadCount).toBe(1);
    expect(after.body.notifications.find((x: { id: string }) => x.id === second.id).isRead).toBe(false);
  });

  it('mark all of the caller’s notifications read, and nobody else’s', async () => {
    const owner = await n.registerUser();
    const neighbour = await n.registerUser();
    await n.handled(
      await n.like(ada, postOf(owner)),
      await n.like(ada, postOf(owner)),
      await n.like(ada, postOf(neighbour)),
    );
    const res = await n.call('PUT', '/api/notifications/read-all', owner);
    expect(res).toEqual({ status: 200, body: { updated: 2, unreadCount: 0 } });
    expect((await n.call('GET', '/api/notifications', owner)).body.unreadCount).toBe(0);
    expect((await n.call('GET', '/api/notifications', neighbour)).body.unreadCount).toBe(1);
    expect((await n.call('PUT', '/api/notifications/read-all', owner)).body).toEqual({
      updated: 0,
      unreadCount: 0,
    });
  });
});
