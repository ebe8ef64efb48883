import { conversationIdOf } from '@waco/contracts';
import { SseClient, saleRequest, signUpAt, testClient } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { eventually } from './support/event-stack';
import { gatewayStackForFile } from './support/gateway-stack';

// The live stream through the gateway, as a browser uses it: the session cookie, a like and a
// message sent through the gateway, the push on the stream, a reconnect with Last-Event-ID.

const stack = gatewayStackForFile();

async function signUp(firstName: string) {
  const { id, cookie, response } = await signUpAt(stack.gateway.url, {
    firstName,
    password: 'correct horse',
  });
  return { id, cookie, email: response.body.email as string };
}

const call = (cookie: string, method: string, path: string, json?: unknown) =>
  testClient(stack.gateway.url)(method, path, { json, headers: { cookie } });

const connectionsTo = (server: { getConnections(cb: (err: Error | null, n: number) => void): void }) =>
  new Promise<number>((resolve, reject) =>
    server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
  );

describe('GET /api/stream through the gateway', () => {
  it('answers a guest 401', async () => {
    const stream = await SseClient.open(`${stack.gateway.url}/api/stream`);
    expect(stream.status).toBe(401);
  });

  it('pushes a like and a message to the signed-in user’s stream, and resumes after a reconnect', async () => {
    const owner = await signUp('Olive');
    const fan = await signUp('Fred');
    await stack.waitForUsers([owner.id, fan.id]);
    const chair = saleRequest('Oak rocking chair', 'Solid oak', '45');
    const post = await call(owner.cookie, 'POST', '/api/posts', chair);
    expect(post.status).toBe(201);

    const stream = await SseClient.open(`${stack.gateway.url}/api/stream`, { cookie: owner.cookie });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    await stream.waitFor((e) => e.event === 'unread');

    expect((await call(fan.cookie, 'POST', `/api/posts/${post.body.id}/like`)).body).toEqual({ liked: true });
    const like = await stream.waitFor((e) => e.event === 'notification');
    expect(like.data).toMatchObject({
      type: 'like',
      title: 'Fred Waco liked your post',
      relatedId: post.body.id,
    });

    const sent = await call(fan.cookie, 'POST', '/api/messages', {
      recipientId: owner.id,
      content: 'Still for sale?',
    });
    expect(sent.status).toBe(201);
    const message = await stream.waitFor((e) => e.event === 'message');
    expect(message.data).toEqual(sent.body);
    await stream.waitFor((e) => e.event === 'unread' && e.data.messages === 1);
    const lastId = stream.events.at(-1)?.id as string;
    stream.close();

    // The upstream stream closes with the browser's.
    const notifications = stack.notifications[0]?.service.app.server;
    if (!notifications) throw new Error('notifications is not running');
    await eventually(async () => ((await connectionsTo(notifications)) === 0 ? true : undefined), 10_000);

    await call(fan.cookie, 'POST', '/api/messages', { recipientId: owner.id, content: 'Hello?' });
    await eventually(async () =>
      (await call(owner.cookie, 'GET', '/api/notifications')).body.unreadCount === 3 ? true : undefined,
    );
    const again = await SseClient.open(`${stack.gateway.url}/api/stream`, {
      cookie: owner.cookie,
      'last-event-id': lastId,
    });
    await again.waitFor((e) => e.event === 'unread');
    expect(again.events.map((e) => [e.event, e.data.content ?? e.data.message ?? e.data])).toEqual([
      ['message', 'Hello?'],
      ['notification', 'Hello?'],
      ['unread', { notifications: 3, messages: 2 }],
    ]);
    again.close();

    // The owner's REST calls agree with the stream.
    const list = await call(owner.cookie, 'GET', '/api/messages');
    expect(list.body).toEqual([
      expect.objectContaining({
        conversationId: conversationIdOf(owner.id, fan.id),
        unreadCount: 2,
        lastMessage: 'Hello?',
      }),
    ]);
  });

  it('ends the session’s streams on every gateway instance when it logs out on one', async () => {
    const other = await stack.startGateway();
    try {
      const owner = await signUp('Lou');
      const fan = await signUp('Fay');
      await stack.waitForUsers([owner.id, fan.id]);
      const streams = [
        await SseClient.open(`${stack.gateway.url}/api/stream`, { cookie: owner.cookie }),
        await SseClient.open(`${other.url}/api/stream`, { cookie: owner.cookie }),
      ];
      const fans = await SseClient.open(`${other.url}/api/stream`, { cookie: fan.cookie });
      for (const s of [...streams, fans]) await s.waitFor((e) => e.event === 'unread');

      const logout = await fetch(`${stack.gateway.url}/api/logout`, {
        headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
        redirect: 'manual',
      });
      expect(logout.status).toBe(302);
      // The instance that passed the logout ends its stream; the other hears SessionRevoked.
      for (const s of streams) await s.until(() => (s.ended ? true : undefined), 5_000, 'the stream to end');

      // A message sent now reaches nobody through the old session, and it cannot reopen.
      const sent = await call(fan.cookie, 'POST', '/api/messages', {
        recipientId: owner.id,
        content: 'Private',
      });
      expect(sent.status).toBe(201);
      for (const s of streams) expect(s.named('message')).toEqual([]);
      const again = await SseClient.open(`${other.url}/api/stream`, { cookie: owner.cookie });
      expect(again.status).toBe(401);
      // Someone else's stream on the same instance stays open.
      expect(fans.ended).toBe(false);
      fans.close();
    } finally {
      await other.close();
    }
  });

  it('ends the other sessions’ streams on a password change, and every stream on sign out everywhere', async () => {
    const owner = await signUp('Pat');
    await stack.waitForUsers([owner.id]);
    const login = () =>
      testClient(stack.gateway.url)('POST', '/api/login', {
        json: { email: owner.email, password: 'correct horse' },
      }).then((res) => res.headers.get('set-cookie')?.split(';')[0] ?? '');
    const laptop = await login();
    const phone = await login();
    const open = (cookie: string) => SseClient.open(`${stack.gateway.url}/api/stream`, { cookie });
    const [mine, laptops, phones] = [await open(owner.cookie), await open(laptop), await open(phone)];
    for (const s of [mine, laptops, phones]) await s.waitFor((e) => e.event === 'unread');

    const changed = await call(owner.cookie, 'PUT', '/api/user/password', {
      currentPassword: 'correct horse',
      newPassword: 'a brand new passphrase',
    });
    expect(changed.status).toBe(200);
    for (const s of [laptops, phones])
      await s.until(() => (s.ended ? true : undefined), 5_000, 'the stream to end');
    expect(mine.ended).toBe(false);
    expect((await call(laptop, 'GET', '/api/user')).status).toBe(401);

    const everywhere = await call(owner.cookie, 'POST', '/api/logout-all', {});
    expect(everywhere.status).toBe(204);
    await mine.until(() => (mine.ended ? true : undefined), 5_000, 'the stream to end');
    expect((await call(owner.cookie, 'GET', '/api/user')).status).toBe(401);
  });

  it('keeps many streams open at once, and still answers other requests to notifications', async () => {
    // Each open stream holds a connection from the gateway to notifications: a pool capped
    // below the number of signed-in browsers would hang the next stream, and every request after.
    const user = await signUp('Many');
    const streams = await Promise.all(
      Array.from({ length: 150 }, () =>
        SseClient.open(`${stack.gateway.url}/api/stream`, { cookie: user.cookie }),
      ),
    );
    try {
      for (const s of streams) await s.waitFor((e) => e.event === 'unread');
      const list = await call(user.cookie, 'GET', '/api/notifications');
      expect(list.status).toBe(200);
    } finally {
      for (const s of streams) s.close();
    }
  });
});
