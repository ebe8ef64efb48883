import { createECDH, randomBytes } from 'node:crypto';
import { conversationIdOf } from '@waco/contracts';
import type { RunningStack } from '@waco/launcher/stack';
import { signUpAt, testClient, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dropStackSchemas, startEmbeddedTestStack, type TestStack } from './support/embedded-test-stack';

// `GET /api/user/export` holds everything the app keeps about the member who asks,
// gathered from every service (profile, posts, likes, saves, event answers, messages both ways,
// notifications, reports, blocks, saved searches, filter usage, push devices, uploads), and
// nothing private of anyone else.

const suffix = `_exp${randomBytes(3).toString('hex')}`;
const mark = randomBytes(4).toString('hex');

let test: TestStack;
let stack: RunningStack;

beforeAll(async () => {
  test = await startEmbeddedTestStack({ schemaSuffix: suffix, webPush: true });
  stack = test.stack;
}, 60_000);
afterAll(async () => {
  await test?.stop();
  await dropStackSchemas(suffix);
});

const pushKeys = () => ({
  p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
});

it('gives a member everything the app holds about them, and no one else’s private data', async () => {
  const call = testClient(stack.url);
  const adaEmail = `ada.${mark}@example.com`;
  const bobEmail = `bob.${mark}@example.com`;
  // Ada's browser is Spanish (the web app's lang cookie): the gateway passes it on to identity.
  const ada = await signUpAt(
    stack.url,
    { firstName: `Ada${mark}`, lastName: 'Export', email: adaEmail },
    { cookie: 'lang=es', 'accept-language': 'en-US,en;q=0.9' },
  );
  const bob = await signUpAt(stack.url, { firstName: `Bob${mark}`, lastName: 'Other', email: bobEmail });
  const as = (who: { cookie: string }) => ({ headers: { cookie: who.cookie } });
  const ok = async (status: Promise<{ status: number; body: unknown }>, expected = [200, 201, 204]) => {
    const res = await status;
    expect(expected, JSON.stringify(res.body)).toContain(res.status);
    return res;
  };
  const post = (who: { cookie: string }, json: Record<string, unknown>) =>
    ok(call('POST', '/api/posts', { ...as(who), json: { neighborhood: 'cameron_park', ...json } }));

  const adasPost = await post(ada, {
    category: 'sale',
    title: `Ada's rocking chair ${mark}`,
    description: 'Oak, a little worn',
    price: '40',
  });
  const bobsPost = await post(bob, {
    category: 'sale',
    title: `Bob's hose ${mark}`,
    description: 'Fifty feet',
    price: '5',
  });
  const bobsEvent = await post(bob, {
    category: 'event',
    title: `Bob's block party ${mark}`,
    description: 'Bring a dish',
    eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    address: '1 Elm St',
  });
  const bobsId = (bobsPost.body as { id: string }).id;
  const eventId = (bobsEvent.body as { id: string }).id;
  const adasId = (adasPost.body as { id: string }).id;

  // Ada acts in every service.
  await ok(call('POST', `/api/posts/${bobsId}/like`, as(ada)));
  await ok(call('POST', `/api/posts/${bobsId}/save`, as(ada)));
  await ok(call('POST', '/api/event-attendance', { ...as(ada), json: { postId: eventId, status: 'going' } }));
  await ok(call('POST', '/api/saved-searches', { ...as(ada), json: { query: `lamp ${mark}` } }));
  await ok(
    call('POST', '/api/user/filter-usage', {
      ...as(ada),
      json: { filterType: 'tag', filterValue: `tag${mark}` },
    }),
  );
  // An offer on Bob's hose, once messaging has heard of the post (posts' events).
  const deal = `/api/conversations/${conversationIdOf(ada.id, bob.id)}`;
  const offer = await waitFor(
    async () => {
      const made = await call('POST', `${deal}/offers`, {
        ...as(ada),
        json: { postId: bobsId, amount: '3' },
      });
      return made.status === 201 ? (made.body as { id: string }) : undefined;
    },
    20_000,
    "messaging to know Bob's post",
  );
  // Messaging learns of a new member from identity's events: until it has heard of Bob (on a
  // loaded machine, a moment after his sign-up), a message to him is "User not found".
  await waitFor(
    async () => {
      const sent = await call('POST', '/api/messages', {
        ...as(ada),
        json: { recipientId: bob.id, content: `Is the hose there ${mark}?`, postId: bobsId },
      });
      if (sent.status === 404) return undefined;
      return ok(Promise.resolve(sent));
    },
    20_000,
    'messaging to know Bob',
  );
  await ok(
    call('POST', '/api/messages', {
      ...as(bob),
      json: { recipientId: ada.id, content: `Yes it is ${mark}` },
    }),
  );
  // Bob accepts, sells it to Ada, and the two rate each other.
  await ok(call('POST', `${deal}/offers/${offer.id}`, { ...as(bob), json: { answer: 'accept' } }));
  await ok(
    call('POST', `/api/posts/${bobsId}/close`, { ...as(bob), json: { reason: 'sold', buyerId: ada.id } }),
  );
  const rate = (who: { cookie: string }, score: number, note: string) =>
    waitFor(
      async () => {
        const res = await call('POST', `${deal}/rating`, {
          ...as(who),
          json: { postId: bobsId, score, note },
        });
        return res.status === 201 ? true : undefined;
      },
      20_000,
      'a rating, once messaging knows the sale',
    );
  await rate(ada, 5, `Great hose ${mark}`);
  await rate(bob, 4, `Paid promptly ${mark}`);
  await ok(
    call('POST', '/api/reports', {
      ...as(ada),
      json: { targetType: 'post', targetId: bobsId, reason: 'spam', details: `Looks copied ${mark}` },
    }),
  );
  const carol = await signUpAt(stack.url, { firstName: `Carol${mark}`, lastName: 'Blocked' });
  await ok(call('POST', `/api/users/${carol.id}/block`, as(ada)));
  await ok(
    call('POST', '/api/push/subscriptions', {
      ...as(ada),
      json: { endpoint: `https://push.example.com/send/${mark}`, keys: pushKeys() },
    }),
  );
  // Bob acts too: his like of Ada's post notifies her; his own saves and likes are his alone.
  await ok(call('POST', `/api/posts/${adasId}/like`, as(bob)));
  await ok(call('POST', `/api/posts/${eventId}/save`, as(bob)));
  await waitFor(
    async () => {
      const list = await call('GET', '/api/notifications', as(ada));
      // Bob's message notifies her too: wait for the like's own title, not just his name.
      return JSON.stringify(list.body).includes(`Bob${mark} Other liked your post`) ? true : undefined;
    },
    20_000,
    "Ada's notification of Bob's like",
  );

  const res = await fetch(`${stack.url}/api/user/export`, { headers: { cookie: ada.cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toBe('attachment; filename="waco-commons-export.json"');
  expect(res.headers.get('cache-control')).toContain('no-store');
  const data = (await res.json()) as Record<string, Array<Record<string, unknown>>> & { userId: string };
  const text = JSON.stringify(data);

  expect(data.userId).toBe(ada.id);
  expect(data.profile).toEqual([
    expect.objectContaining({ id: ada.id, firstName: `Ada${mark}`, email: adaEmail, language: 'es' }),
  ]);
  expect((await call('GET', '/api/user', as(ada))).body).toMatchObject({ id: ada.id, language: 'es' });
  expect(data.sessions?.length).toBeGreaterThan(0);
  expect(data.posts).toEqual([expect.objectContaining({ id: adasId, title: `Ada's rocking chair ${mark}` })]);
  expect(data.likes).toEqual([expect.objectContaining({ postId: bobsId, postTitle: `Bob's hose ${mark}` })]);
  expect(data.saves).toEqual([expect.objectContaining({ postId: bobsId })]);
  expect(data.eventAnswers).toEqual([expect.objectContaining({ postId: eventId, status: 'going' })]);
  expect(data.savedSearches).toEqual([expect.objectContaining({ query: `lamp ${mark}` })]);
  expect(data.filterUsage).toEqual(
    expect.arrayContaining([expect.objectContaining({ filterType: 'tag', filterValue: `tag${mark}` })]),
  );
  // Messages both ways, with the other person's public name.
  expect(data.messages).toEqual([
    expect.objectContaining({
      sent: true,
      content: `Is the hose there ${mark}?`,
      otherUserName: `Bob${mark} Other`,
    }),
    expect.objectContaining({ sent: false, content: `Yes it is ${mark}`, otherUserId: bob.id }),
  ]);
  expect(data.conversations).toEqual([expect.objectContaining({ otherUserId: bob.id })]);
  // Her offer, and the ratings she gave and received.
  expect(data.offers).toEqual([
    expect.objectContaining({
      id: offer.id,
      made: true,
      postId: bobsId,
      amountCents: 300,
      status: 'accepted',
    }),
  ]);
  expect(data.ratings).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ given: true, score: 5, note: `Great hose ${mark}`, rateeId: bob.id }),
      expect.objectContaining({
        given: false,
        score: 4,
        note: `Paid promptly ${mark}`,
        otherUserName: `Bob${mark} Other`,
      }),
    ]),
  );
  expect(data.ratings).toHaveLength(2);
  expect(data.notifications).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ type: 'like', title: `Bob${mark} Other liked your post` }),
    ]),
  );
  expect(data.reportsMade).toEqual([
    expect.objectContaining({ targetId: bobsId, details: `Looks copied ${mark}` }),
  ]);
  expect(data.blocks).toEqual([expect.objectContaining({ userId: carol.id })]);
  expect(data.pushDevices).toEqual([expect.objectContaining({ pushService: 'push.example.com' })]);
  expect(data.uploads).toEqual([]);
  expect(data.suspensions).toEqual([]);
  expect(data.moderatorRole).toEqual([]);
  // Never a secret, never another member's private data.
  for (const secret of ['password', 'p256dh', 'sid', 'token', 'key_'])
    expect(Object.keys(data).join(' ')).not.toContain(secret);
  expect(text).not.toContain(bobEmail);
  expect(data.saves?.map((s) => s.postId)).not.toContain(eventId);
  expect(data.likes?.map((l) => l.postId)).not.toContain(adasId);

  // A guest gets 401, as on every signed-in endpoint.
  const guest = await fetch(`${stack.url}/api/user/export`);
  expect(guest.status).toBe(401);
  expect(await guest.json()).toEqual({ message: 'You are not signed in' });
}, 120_000);
