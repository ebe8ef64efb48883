import { randomUUID } from 'node:crypto';
import { conversationIdOf } from '@waco/contracts';
import { publishUserRegistered, registerAdaAndBob, waitFor } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { startMessaging } from './harness';

let ada: string;
let bob: string;
let carol: string;
const messaging = startedForFile(startMessaging, async (m) => {
  ({ ada, bob } = await registerAdaAndBob(m.registerUser));
  carol = await m.registerUser('Carol', 'Brazos');
});

const send = (as: string, recipientId: string, content: string) =>
  messaging.call('POST', '/api/messages', { as, json: { recipientId, content } });
const thread = (as: string, conversationId: string, query = '') =>
  messaging.call('GET', `/api/messages?conversationId=${conversationId}${query}`, { as });

describe('a guest', () => {
  it.each([
    ['POST', '/api/conversations', { recipientId: randomUUID() }],
    ['GET', '/api/messages', undefined],
    ['GET', `/api/messages?conversationId=${conversationIdOf(randomUUID(), randomUUID())}`, undefined],
    ['POST', '/api/messages', { recipientId: randomUUID(), content: 'Hello' }],
    ['POST', '/api/messages', { nonsense: true }],
    ['PUT', '/api/messages/read', { conversationId: 'x' }],
  ] as const)('gets 401 from %s %s and changes nothing', async (method, url, json) => {
    const before = await messaging.counts();
    const res = await messaging.call(method, url, { json });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'You are not signed in' });
    expect(await messaging.counts()).toEqual(before);
  });

  it('is a guest when the header is not a user id', async () => {
    expect((await messaging.call('GET', '/api/messages', { as: 'admin' })).status).toBe(401);
  });
});

describe('POST /api/conversations', () => {
  it('answers the two user ids sorted and joined by an underscore, whoever starts it', async () => {
    const expected = [ada, bob].sort().join('_');
    const fromAda = await messaging.call('POST', '/api/conversations', {
      as: ada,
      json: { recipientId: bob },
    });
    expect(fromAda).toEqual({ status: 200, body: { conversationId: expected } });
    const fromBob = await messaging.call('POST', '/api/conversations', {
      as: bob,
      json: { recipientId: ada },
    });
    expect(fromBob.body).toEqual({ conversationId: expected });
  });

  it('refuses yourself with "Cannot message yourself"', async () => {
    const res = await messaging.call('POST', '/api/conversations', { as: ada, json: { recipientId: ada } });
    expect(res).toEqual({ status: 400, body: { message: 'Cannot message yourself', field: 'recipientId' } });
  });

  it('answers 404 for a recipient nobody knows, and 400 for one that is not an id', async () => {
    const unknown = await messaging.call('POST', '/api/conversations', {
      as: ada,
      json: { recipientId: randomUUID() },
    });
    expect(unknown).toEqual({ status: 404, body: { message: 'User not found' } });
    const bad = await messaging.call('POST', '/api/conversations', { as: ada, json: { recipientId: 'bob' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('recipientId');
  });
});

describe('POST /api/messages', () => {
  it('stores the trimmed message, answers it, and publishes MessageSent on the conversation stream', async () => {
    const dan = await messaging.registerUser('Dan', 'Dell');
    const res = await send(ada, dan, '  Is the rocking chair still for sale?  \n');
    expect(res.status).toBe(201);
    const conversationId = conversationIdOf(ada, dan);
    expect(res.body).toEqual({
      id: expect.any(String),
      conversationId,
      senderId: ada,
      recipientId: dan,
      content: 'Is the rocking chair still for sale?',
      isRead: false,
      createdAt: expect.any(String),
    });
    const event = await messaging.waitForPublished('MessageSent', (d) => d.messageId === res.body.id);
    expect(event).toMatchObject({
      streamId: `conversation-${conversationId}`,
      streamPosition: 1,
      actorId: ada,
    });
    expect(event.data).toEqual({
      messageId: res.body.id,
      conversationId,
      senderId: ada,
      recipientId: dan,
      content: 'Is the rocking chair still for sale?',
      excerpt: 'Is the rocking chair still for sale?',
      sentAt: res.body.createdAt,
    });
    expect((await thread(dan, conversationId)).body).toEqual([res.body]);
  });

  it('takes emoji at the excerpt boundary: the excerpt keeps whole characters', async () => {
    const hal = await messaging.registerUser('Hal', 'Hill');
    for (const [i, emoji] of ['😀', '👩‍👩‍👧', '🇺🇸'].entries()) {
      // 138 letters then an emoji used to cut the excerpt inside a surrogate pair: a 500.
      const content = `${'a'.repeat(138 + i)}${emoji}${emoji} and then some more words`;
      const res = await send(ada, hal, content);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.content).toBe(content);
      const event = await messaging.waitForPublished('MessageSent', (d) => d.messageId === res.body.id);
      const excerpt = (event.data as { excerpt: string }).excerpt;
      expect(excerpt.endsWith('…')).toBe(true);
      expect(content.startsWith(excerpt.slice(0, -1))).toBe(true);
      expect(excerpt.slice(0, -1).endsWith(emoji) || excerpt.slice(0, -1).endsWith('a')).toBe(true);
    }
  });

  it.each([
    ['with a NUL', 'hello\u0000there', expect.stringMatching(/^content /)],
    ['with a lone surrogate', 'hello \ud83d', expect.stringMatching(/^content /)],
    ['empty', '', 'A message needs text or a photo'],
    ['of whitespace only', ' \n\t  ', 'A message needs text or a photo'],
  ])('refuses content %s: a 400 naming content, nothing stored', async (_name, content, message) => {
    const before = await messaging.counts();
    const res = await send(ada, bob, content);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field: 'content' });
    expect(await messaging.counts()).toEqual(before);
  });

  it('refuses a message to yourself and stores nothing', async () => {
    const before = await messaging.counts();
    const res = await send(ada, ada, 'Note to self');
    expect(res).toEqual({ status: 400, body: { message: 'Cannot message yourself', field: 'recipientId' } });
    expect(await messaging.counts()).toEqual(before);
  });

  it('answers 404 for an unknown recipient and stores nothing', async () => {
    const before = await messaging.counts();
    expect((await send(ada, randomUUID(), 'Hello?')).status).toBe(404);
    expect(await messaging.counts()).toEqual(before);
  });

  it('reaches a member who signed up a moment ago, before identity’s event reached messaging', async () => {
    // Sent first, announced once a request has looked the newcomer up and not found them (seen
    // in pg_stat_activity, which keeps each connection's last statement): the requests must wait
    // for the news, not answer 404 at once.
    const newcomer = randomUUID();
    const firedAt = (await messaging.query('SELECT clock_timestamp() AS at'))[0]?.at;
    const starting = messaging.call('POST', '/api/conversations', {
      as: ada,
      json: { recipientId: newcomer },
    });
    const sending = send(ada, newcomer, 'Welcome to the neighbourhood!');
    await waitFor(
      async () =>
        (
          await messaging.query(
            'SELECT 1 FROM pg_stat_activity WHERE position($1 in query) > 0 AND query_start > $2',
            ['FROM "users" WHERE id = $1', firedAt],
          )
        )[0],
    );
    await publishUserRegistered(messaging.bus, { userId: newcomer, firstName: 'Nia', lastName: 'New' });
    expect((await starting).status).toBe(200);
    expect(await sending).toMatchObject({ status: 201, body: { recipientId: newcomer } });
  });

  it('takes 2000 characters once trimmed, and refuses 2001', async () => {
    const erin = await messaging.registerUser('Erin', 'Elm');
    const ok = await send(ada, erin, `  ${'x'.repeat(2000)}  `);
    expect(ok.status).toBe(201);
    expect(ok.body.content).toHaveLength(2000);
    const before = await messaging.counts();
    const long = await send(ada, erin, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Messages are at most 2000 characters');
    expect(await messaging.counts()).toEqual(before);
  });

  it('refuses missing or unknown fields', async () => {
    const before = await messaging.counts();
    for (const json of [
      { recipientId: bob },
      { content: 'hi' },
      { recipientId: bob, content: 'hi', senderId: carol },
    ]) {
      expect((await messaging.call('POST', '/api/messages', { as: ada, json })).status).toBe(400);
    }
    expect(await messaging.counts()).toEqual(before);
  });

  it('keeps every message when both participants write at the same moment', async () => {
    const fay = await messaging.registerUser('Fay', 'Franklin');
    const gus = await messaging.registerUser('Gus', 'Grant');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? send(fay, gus, `fay ${i}`) : send(gus, fay, `gus ${i}`))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const conversationId = conversationIdOf(fay, gus);
    const positions = await messaging.query<{ p: number }>(
      'SELECT stream_position AS p FROM events WHERE stream_id = $1 ORDER BY 1',
      [`conversation-${conversationId}`],
    );
    expect(positions.map((r) => r.p)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await thread(fay, conversationId)).body).toHaveLength(20);
  });
});

describe('GET /api/messages (conversation list)', () => {
  it('lists the caller’s conversations newest first, with the other’s name, the last message and unread counts', async () => {
    const hal = await messaging.registerUser('Hal', 'Hewitt');
    const ivy = await messaging.registerUser('Ivy', 'Irving');
    const jo = await messaging.registerUser('Jo', 'James');
    await send(ivy, hal, 'First from Ivy');
    await send(ivy, hal, 'Second from Ivy');
    await send(jo, hal, 'Hello from Jo');

    const list = await messaging.call('GET', '/api/messages', { as: hal });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        conversationId: conversationIdOf(hal, jo),
        otherUserId: jo,
        otherUser: { firstName: 'Jo', lastName: 'James', profileImageUrl: null },
        lastMessage: 'Hello from Jo',
        lastMessageDate: expect.any(String),
        unreadCount: 1,
      },
      {
        conversationId: conversationIdOf(hal, ivy),
        otherUserId: ivy,
        otherUser: { firstName: 'Ivy', lastName: 'Irving', profileImageUrl: null },
        lastMessage: 'Second from Ivy',
        lastMessageDate: expect.any(String),
        unreadCount: 2,
      },
    ]);
    expect(Date.parse(list.body[0].lastMessageDate)).toBeGreaterThanOrEqual(
      Date.parse(list.body[1].lastMessageDate),
    );

    // Sending marks the sender's side read: Hal's reply clears his unread count with Ivy.
    await send(hal, ivy, 'Reply from Hal');
    const after = await messaging.call('GET', '/api/messages', { as: hal });
    expect(after.body[0]).toMatchObject({ otherUserId: ivy, lastMessage: 'Reply from Hal', unreadCount: 0 });
    expect(after.body[1]).toMatchObject({ otherUserId: jo, unreadCount: 1 });
    const ivysList = await messaging.call('GET', '/api/messages', { as: ivy });
    expect(ivysList.body).toEqual([
      expect.objectContaining({ otherUserId: hal, lastMessage: 'Reply from Hal', unreadCount: 1 }),
    ]);
    const messages = (await thread(ivy, conversationIdOf(hal, ivy))).body;
    expect(messages.map((m: { content: string; isRead: boolean }) => [m.content, m.isRead])).toEqual([
      ['First from Ivy', true],
      ['Second from Ivy', true],
      ['Reply from Hal', false],
    ]);
  });

  it('shows nobody else’s conversations', async () => {
    const kim = await messaging.registerUser('Kim', 'Knox');
    await send(ada, bob, 'Private between Ada and Bob');
    expect((await messaging.call('GET', '/api/messages', { as: kim })).body).toEqual([]);
  });

  it('shows the other user’s name as identity last announced it', async () => {
    const lee = await messaging.registerUser('Lee', 'Long');
    const max = await messaging.registerUser('Max', 'Moss');
    await send(lee, max, 'Hi Max');
    await messaging.publishProfileUpdate({
      userId: lee,
      firstName: 'Leona',
      lastName: 'Long',
      bio: null,
      location: null,
      profileImageUrl: '/objects/avatars/leona.png',
    });
    const list = await (async () => {
      for (;;) {
        const res = await messaging.call('GET', '/api/messages', { as: max });
        if (res.body[0]?.otherUser.firstName === 'Leona') return res.body;
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    expect(list[0].otherUser).toEqual({
      firstName: 'Leona',
      lastName: 'Long',
      profileImageUrl: '/objects/avatars/leona.png',
    });
  });

  it('refuses unknown query parameters', async () => {
    expect((await messaging.call('GET', '/api/messages?userId=x', { as: ada })).status).toBe(400);
  });
});

describe('GET /api/messages?conversationId= (a thread)', () => {
  it('shows the thread oldest first to both participants, in pages', async () => {
    const ned = await messaging.registerUser('Ned', 'North');
    const ola = await messaging.registerUser('Ola', 'Oak');
    for (let i = 1; i <= 7; i++) await send(i % 2 ? ned : ola, i % 2 ? ola : ned, `message ${i}`);
    const conversationId = conversationIdOf(ned, ola);

    const all = await thread(ola, conversationId);
    expect(all.status).toBe(200);
    expect(all.body.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: 7 }, (_, i) => `message ${i + 1}`),
    );
    expect((await thread(ned, conversationId)).body).toEqual(all.body);

    const latest = await thread(ned, conversationId, '&limit=3');
    expect(latest.body.map((m: { content: string }) => m.content)).toEqual([
      'message 5',
      'message 6',
      'message 7',
    ]);
    const older = await thread(ned, conversationId, `&limit=3&before=${latest.body[0].id}`);
    expect(older.body.map((m: { content: string }) => m.content)).toEqual([
      'message 2',
      'message 3',
      'message 4',
    ]);
    const oldest = await thread(ned, conversationId, `&limit=3&before=${older.body[0].id}`);
    expect(oldest.body.map((m: { content: string }) => m.content)).toEqual(['message 1']);
  });

  it('answers 404 to anyone but the two participants, as for a conversation that does not exist', async () => {
    await send(ada, bob, 'Just between us');
    const conversationId = conversationIdOf(ada, bob);
    const outsider = await thread(carol, conversationId);
    expect(outsider).toEqual({ status: 404, body: { message: 'Conversation not found' } });
    for (const id of [
      'nonsense',
      `${bob}_${ada}`.replace(/_.*/, '_x'),
      conversationIdOf(carol, randomUUID()).replace(carol, randomUUID()),
    ]) {
      expect((await thread(carol, id)).status).toBe(404);
    }
  });

  it('answers an empty thread to a participant of a conversation with no messages yet', async () => {
    const pat = await messaging.registerUser('Pat', 'Pine');
    expect(await thread(pat, conversationIdOf(pat, ada))).toEqual({ status: 200, body: [] });
  });
});

describe('PUT /api/messages/read', () => {
  it('marks the thread read for the reader only, and publishes ConversationRead once', async () => {
    const quin = await messaging.registerUser('Quin', 'Quarry');
    const rae = await messaging.registerUser('Rae', 'Ridge');
    await send(quin, rae, 'One');
    await send(quin, rae, 'Two');
    const conversationId = conversationIdOf(quin, rae);

    const res = await messaging.call('PUT', '/api/messages/read', { as: rae, json: { conversationId } });
    expect(res).toEqual({ status: 200, body: { conversationId, unreadCount: 0 } });
    expect((await messaging.call('GET', '/api/messages', { as: rae })).body[0].unreadCount).toBe(0);
    expect((await thread(rae, conversationId)).body.every((m: { isRead: boolean }) => m.isRead)).toBe(true);
    const read = await messaging.waitForPublished(
      'ConversationRead',
      (d) => d.conversationId === conversationId,
    );
    expect(read.data).toEqual({ conversationId, readerId: rae, readAt: expect.any(String) });

    // Nothing left unread: reading again records nothing.
    const before = await messaging.counts();
    expect(
      (await messaging.call('PUT', '/api/messages/read', { as: rae, json: { conversationId } })).status,
    ).toBe(200);
    expect(await messaging.counts()).toEqual(before);
  });

  it('answers 404 to an outsider and changes nothing', async () => {
    await send(ada, bob, 'Unread for Bob');
    const conversationId = conversationIdOf(ada, bob);
    const before = await messaging.counts();
    const res = await messaging.call('PUT', '/api/messages/read', { as: carol, json: { conversationId } });
    expect(res).toEqual({ status: 404, body: { message: 'Conversation not found' } });
    expect(await messaging.counts()).toEqual(before);
    const bobs = await messaging.call('GET', '/api/messages', { as: bob });
    expect(bobs.body.find((s: { otherUserId: string }) => s.otherUserId === ada).unreadCount).toBeGreaterThan(
      0,
    );
  });

  it('refuses a body without a conversation id', async () => {
    expect((await messaging.call('PUT', '/api/messages/read', { as: ada, json: {} })).status).toBe(400);
  });
});
