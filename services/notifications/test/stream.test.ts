import { randomUUID } from 'node:crypto';
import { conversationIdOf } from '@waco/contracts';
import { InProcessBus, USER_ID_HEADER } from '@waco/platform';
import { registerAdaAndBob, testLogger, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trimStreamLog } from '../src/db/stream-log';
import { type Notifications, postOf, producers, startInstance, startNotifications } from './harness';

let n: Notifications;
let ada: string;
let bob: string;

beforeAll(async () => {
  n = await startNotifications({ service: { heartbeatMs: 100 } });
  ({ ada, bob } = await registerAdaAndBob(n.registerUser));
});
afterAll(() => n?.stop());

type Stream = Awaited<ReturnType<Notifications['openStream']>>;

/** Opens a stream as each user in turn (each started: its first `unread` read). */
async function openStreams<const U extends string[]>(...users: U): Promise<{ [K in keyof U]: Stream }> {
  const streams: Stream[] = [];
  for (const user of users) streams.push(await n.openStream(user));
  return streams as { [K in keyof U]: Stream };
}

/**
 * Another instance on the same database but a bus of its own, so that it hears none of the main
 * one's broadcasts; `heartbeatMs` is its heartbeat. `act` gets a new user's stream on it, open
 * (its first `unread` read); the instance stops after.
 */
async function onIsolatedInstance(
  heartbeatMs: number,
  act: (on: { isolated: InProcessBus; owner: string; stream: Stream }) => Promise<void>,
) {
  const isolated = new InProcessBus(testLogger);
  const other = await startInstance(isolated, n.schema, { heartbeatMs });
  try {
    const owner = await n.registerUser();
    const stream = await other.openStream(owner);
    await act({ isolated, owner, stream });
  } finally {
    await other.stop();
  }
}

describe('GET /api/stream', () => {
  it('answers a guest 401 and opens no stream', async () => {
    const stream = await n.openStream(undefined);
    expect(stream.status).toBe(401);
    expect(stream.errorBody).toEqual({ message: 'You are not signed in' });
  });

  it('answers HEAD with the headers at once and opens no stream', async () => {
    const owner = await n.registerUser();
    const answer = await fetch(`${n.url}/api/stream`, {
      method: 'HEAD',
      headers: { [USER_ID_HEADER]: owner },
      signal: AbortSignal.timeout(10_000),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/event-stream');
  });

  it('starts with the unread counts, under an id, and a reconnection delay', async () => {
    const owner = await n.registerUser();
    await n.handled(await n.like(ada, postOf(owner)));
    const stream = await n.openStream(owner);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(stream.headers['cache-control']).toBe('no-store, no-transform');
    const first = await stream.waitFor(() => true);
    expect(first).toMatchObject({ id: '2', event: 'unread', data: { notifications: 1, messages: 0 } });
    expect(stream.retry).toBe(2000);
    stream.close();
  });

  it('delivers a like’s notification to the owner’s open stream and nothing to anyone else’s', async () => {
    const owner = await n.registerUser('Olive', 'Owner');
    const neighbour = await n.registerUser('Ned', 'Neighbour');
    const [mine, theirs, liker] = await openStreams(owner, neighbour, ada);

    const post = postOf(owner, 'Oak rocking chair');
    await n.like(ada, post);
    const pushed = await mine.waitFor((e) => e.event === 'notification');
    expect(pushed.data).toMatchObject({
      userId: owner,
      type: 'like',
      title: 'Ada Lovelace liked your post',
      relatedId: post.postId,
      isRead: false,
    });
    const unread = await mine.waitFor((e) => e.event === 'unread' && e.data.notifications === 1);
    expect(Number(unread.id)).toBe(Number(pushed.id) + 1);

    // Something for the neighbour after it: once that arrives, anything about the like would have.
    await n.like(bob, postOf(neighbour, 'Marker'));
    await theirs.waitFor((e) => e.event === 'notification');
    expect(theirs.named('notification').map((e) => e.data.relatedId)).not.toContain(post.postId);
    expect(theirs.named('notification')).toHaveLength(1);
    expect(liker.named('notification')).toEqual([]);
    expect(liker.events).toHaveLength(1);
  });

  it('pushes a message to both participants, and the notification and counts to the recipient', async () => {
    const cy = await n.registerUser('Cy', 'Cole');
    const dee = await n.registerUser('Dee', 'Dale');
    const [sender, senderOtherTab, recipient] = await openStreams(cy, cy, dee);

    const sent = await n.message(cy, dee, 'Is the chair still for sale?');
    const message = {
      id: (sent.data as { messageId: string }).messageId,
      conversationId: conversationIdOf(cy, dee),
      senderId: cy,
      recipientId: dee,
      content: 'Is the chair still for sale?',
      isRead: false,
      createdAt: (sent.data as { sentAt: string }).sentAt,
    };
    await recipient.waitFor((e) => e.event === 'unread' && e.data.messages === 1);
    expect(recipient.events.slice(1).map((e) => [e.event, e.data])).toEqual([
      ['message', message],
      ['notification', expect.objectContaining({ type: 'message', title: 'Cy Cole sent you a message' })],
      ['unread', { notifications: 1, messages: 1 }],
    ]);
    for (const tab of [sender, senderOtherTab]) {
      await tab.waitFor((e) => e.event === 'unread' && e.id !== tab.events[0]?.id);
      expect(tab.events.slice(1).map((e) => [e.event, e.data])).toEqual([
        ['message', message],
        ['unread', { notifications: 0, messages: 0 }],
      ]);
    }

    // Reading the conversation (in another tab) brings the recipient's counts down.
    await n.read(dee, conversationIdOf(cy, dee));
    await recipient.waitFor(
      (e) => e.event === 'unread' && e.data.messages === 0 && e.data.notifications === 0,
    );
  });

  it('sends the new counts when a notification is read in another tab', async () => {
    const owner = await n.registerUser();
    await n.handled(await n.like(ada, postOf(owner)));
    const stream = await n.openStream(owner);
    await stream.waitFor((e) => e.event === 'unread' && e.data.notifications === 1);
    const [notification] = (await n.call('GET', '/api/notifications', owner)).body.notifications;
    await n.call('PUT', `/api/notifications/${notification.id}/read`, owner);
    await stream.waitFor((e) => e.event === 'unread' && e.data.notifications === 0);
  });

  it('replays what a browser missed when it reconnects with Last-Event-ID, once each, in order', async () => {
    const owner = await n.registerUser();
    const first = await n.openStream(owner);
    await n.like(ada, postOf(owner, 'First'));
    const seen = await first.waitFor((e) => e.event === 'notification');
    await first.waitFor((e) => e.event === 'unread' && e.data.notifications === 1);
    const lastId = first.events.at(-1)?.id as string;
    first.close();

    // While it is away: two likes and a message.
    const missed = [
      await n.like(ada, postOf(owner, 'Second')),
      await n.like(bob, postOf(owner, 'Third')),
      await n.message(bob, owner, 'Are you there?'),
    ];
    await n.handled(...missed);

    const again = await n.openStream(owner, lastId);
    await again.waitFor((e) => e.event === 'unread' && e.data.notifications === 4 && e.data.messages === 1);
    const replayed = again.events.filter((e) => e.event !== 'unread');
    expect(replayed.map((e) => [e.event, e.data.message ?? e.data.content])).toEqual([
      ['notification', '“Second”'],
      ['notification', '“Third”'],
      ['message', 'Are you there?'],
      ['notification', 'Are you there?'],
    ]);
    expect(replayed.map((e) => e.data.id)).not.toContain(seen.data.id);
    const ids = again.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBe(Number(lastId) + 1);

    // A browser that saw everything gets nothing again.
    const upToDate = await n.openStream(owner, String(ids.at(-1)));
    const start = await upToDate.waitFor(() => true);
    expect(start.event).toBe('unread');
    expect(upToDate.events).toHaveLength(1);
  });

  it('forgets stream events past the retention; a browser back after that gets the counts', async () => {
    const owner = await n.registerUser();
    await n.handled(await n.like(ada, postOf(owner, 'Long ago')));
    const { events } = await trimStreamLog(n.running.database.db, 0);
    expect(events).toBeGreaterThan(0);
    const stream = await n.openStream(owner, '0');
    const first = await stream.waitFor(() => true);
    expect(first).toMatchObject({ id: '2', event: 'unread', data: { notifications: 1, messages: 0 } });
    expect(stream.events).toHaveLength(1);
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const stream = await n.openStream(bob);
    await stream.until(() => (stream.comments.includes('heartbeat') ? true : undefined));
  });

  it('reaches an instance other than the one that made the notification', async () => {
    // A second instance on the same schema and bus: the durable consumer's work is shared, the
    // pushes are broadcast. Its stream must see every like, whichever instance handled it. (On
    // a bus of their own: the in-process bus keeps a stopped instance in its consumer group.)
    const n = await startNotifications();
    const other = await startInstance(n.bus, n.schema);
    try {
      const owner = await n.registerUser();
      const onOther = await other.openStream(owner);
      const onFirst = await n.openStream(owner);
      for (let i = 0; i < 6; i++) await n.like(ada, postOf(owner, `Post ${i}`));
      for (const s of [onOther, onFirst]) {
        await s.until(() => (s.named('notification').length === 6 ? true : undefined));
        const ids = s.events.map((e) => Number(e.id));
        expect(new Set(ids.slice(1)).size).toBe(ids.length - 1);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
      }
    } finally {
      await other.stop();
      await n.stop();
    }
  });

  it('fills in a push whose broadcast never arrived, from the log, before the next one', async () => {
    // An instance on a bus of its own shares the database but hears none of the broadcasts of
    // the main one: its streams learn of those events from the log alone.
    await onIsolatedInstance(60_000, async ({ isolated, owner, stream }) => {
      await n.handled(await n.like(ada, postOf(owner, 'Unheard')));
      expect(stream.named('notification')).toEqual([]);
      // The next event this instance hears of comes after a gap: the gap is read first.
      await producers(isolated).like(bob, postOf(owner, 'Heard'));
      await stream.until(() => (stream.named('notification').length === 2 ? true : undefined));
      expect(stream.named('notification').map((e) => e.data.message)).toEqual(['“Unheard”', '“Heard”']);
    });
  });

  it('catches up on the heartbeat when no later push comes', async () => {
    await onIsolatedInstance(50, async ({ owner, stream }) => {
      await n.like(ada, postOf(owner, 'Quiet'));
      await stream.waitFor((e) => e.event === 'notification');
    });
  });

  it('ends open streams when the service stops, so that it can stop', async () => {
    const other = await startInstance(new InProcessBus(testLogger), n.schema);
    const stream = await other.openStream(randomUUID());
    await other.stop();
    await waitFor(() => (stream.ended ? true : undefined));
  });
});
