import { randomUUID } from 'node:crypto';
import { OfferAccepted } from '@waco/contracts';
import { publishAs, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Posts, startPosts } from './harness';

/** The lifecycle endpoints as a guest, the owner, another user, and with bad input. */
let posts: Posts;
let ada: string;
let bob: string;
const DAY = 86_400_000;

beforeAll(async () => {
  posts = await startPosts({ service: { requireUploadedMedia: false } });
  ada = await posts.registerUser('Ada', 'Lovelace');
  bob = await posts.registerUser('Bob', 'Baylor');
});
afterAll(() => posts?.stop());

const ids = (body: { posts: { id: string }[] }) => body.posts.map((p) => p.id);
const concert = {
  category: 'event' as const,
  title: 'Porch concert',
  description: 'Bring a chair, snacks; and friends',
  eventDate: '2030-06-01T18:30:00-05:00',
  address: '1 Elm St, Waco',
  price: null,
};

describe('PATCH /api/posts/:id', () => {
  it('lets the owner edit: the post shows the change and when it was edited', async () => {
    const sale = await posts.createPost(ada);
    expect(sale).toMatchObject({ state: 'active', closedReason: null, editedAt: null });
    const res = await posts.call('PATCH', `/api/posts/${sale.id}`, {
      as: ada,
      json: { title: 'Oak chair #vintage', price: '30', company: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Oak chair #vintage', price: '30.00', company: null });
    expect(res.body.editedAt).toEqual(expect.any(String));
    const found = await posts.call('GET', '/api/posts?search=%23vintage');
    expect(ids(found.body)).toEqual([sale.id]);
  });

  it('answers a guest 401, another user 403, an unknown post 404, bad input 400; nothing changes', async () => {
    const sale = await posts.createPost(ada);
    const before = await posts.counts();
    const url = `/api/posts/${sale.id}`;
    expect((await posts.call('PATCH', url, { json: { price: '1' } })).status).toBe(401);
    const other = await posts.call('PATCH', url, { as: bob, json: { price: '1' } });
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/Only the person who posted this/);
    expect(
      (await posts.call('PATCH', `/api/posts/${randomUUID()}`, { as: ada, json: { price: '1' } })).status,
    ).toBe(404);
    for (const json of [
      {},
      { title: 'x' },
      { category: 'job' },
      { price: 'cheap' },
      { imagePaths: ['/etc/passwd'] },
    ]) {
      const bad = await posts.call('PATCH', url, { as: ada, json });
      expect(bad.status, JSON.stringify(json)).toBe(400);
      expect(bad.body.message).toEqual(expect.any(String));
    }
    expect(await posts.counts()).toEqual(before);
    expect((await posts.call('GET', url)).body.price).toBe('45.00');
  });
});

describe('POST /api/posts/:id/close and /reopen', () => {
  it('marks a sale sold (still in the feed, with its state), and reopens it', async () => {
    const sale = await posts.createPost(ada, { title: 'Blue bicycle' });
    const closed = await posts.call('POST', `/api/posts/${sale.id}/close`, {
      as: ada,
      json: { reason: 'sold' },
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ state: 'closed', closedReason: 'sold' });
    expect(ids((await posts.call('GET', '/api/posts?search=bicycle')).body)).toEqual([sale.id]);
    const reopened = await posts.call('POST', `/api/posts/${sale.id}/reopen`, { as: ada });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ state: 'active', closedReason: null });
  });

  it('answers a guest 401, another user 403, a wrong reason 400', async () => {
    const sale = await posts.createPost(ada);
    const close = `/api/posts/${sale.id}/close`;
    expect((await posts.call('POST', close, { json: { reason: 'sold' } })).status).toBe(401);
    expect((await posts.call('POST', close, { as: bob, json: { reason: 'sold' } })).status).toBe(403);
    expect((await posts.call('POST', close, { as: ada, json: { reason: 'gone' } })).status).toBe(400);
    const wrong = await posts.call('POST', close, { as: ada, json: { reason: 'filled' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'A sale can only be marked sold', field: 'reason' });
    expect((await posts.call('POST', close, { as: ada })).status).toBe(400);
    const reopen = `/api/posts/${sale.id}/reopen`;
    expect((await posts.call('POST', reopen)).status).toBe(401);
    await posts.call('POST', close, { as: ada, json: { reason: 'sold' } });
    expect((await posts.call('POST', reopen, { as: bob })).status).toBe(403);
    expect((await posts.call('POST', `/api/posts/not-an-id/reopen`, { as: ada })).status).toBe(400);
  });

  it('takes a closed post out of the feed after seven days', async () => {
    const job = await posts.createPost(ada, { category: 'job', title: 'Barista wanted', price: null });
    await posts.call('POST', `/api/posts/${job.id}/close`, { as: ada, json: { reason: 'filled' } });
    await posts.query(`UPDATE posts SET visible_until = now() - interval '1 second' WHERE id = $1`, [job.id]);
    expect(ids((await posts.call('GET', '/api/posts?search=barista')).body)).toEqual([]);
    // Still on its owner's profile.
    expect(ids((await posts.call('GET', `/api/users/${ada}/posts`)).body)).toContain(job.id);
  });
});

describe('pending: an offer accepted in messaging, before sold', () => {
  const accepted = (postId: string, offerId = randomUUID()) =>
    publishAs(posts.bus, OfferAccepted, {
      offerId,
      conversationId: `${ada}_${bob}`,
      postId,
      sellerId: ada,
      buyerId: bob,
      amountCents: 4500,
      byId: ada,
      at: new Date().toISOString(),
    });
  const pendingOf = async (id: string) => (await posts.call('GET', `/api/posts/${id}`)).body.pending;

  it('makes the sale pending once (a redelivery does nothing); the owner puts it back up, or sells it to the buyer', async () => {
    const sale = await posts.createPost(ada, { title: 'Pending kettle' });
    expect(await pendingOf(sale.id)).toBeUndefined();
    const event = await accepted(sale.id);
    await waitFor(async () => (await pendingOf(sale.id)) === true);
    await posts.bus.publish('messaging', event);
    const marks = async () =>
      (
        await posts.query(`SELECT 1 FROM events WHERE stream_id = $1 AND type = 'PostMarkedPending'`, [
          `post-${sale.id}`,
        ])
      ).length;
    expect(await marks()).toBe(1);
    // Back to available: reopen clears it; another accepted offer makes it pending again.
    const back = await posts.call('POST', `/api/posts/${sale.id}/reopen`, { as: ada });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ state: 'active' });
    expect(back.body.pending).toBeUndefined();
    await accepted(sale.id);
    await waitFor(async () => (await pendingOf(sale.id)) === true);
    // On to sold, to the buyer: PostClosed names them; the badge is then "Sold".
    expect(
      (
        await posts.call('POST', `/api/posts/${sale.id}/close`, {
          as: ada,
          json: { reason: 'sold', buyerId: ada },
        })
      ).status,
    ).toBe(400);
    const sold = await posts.call('POST', `/api/posts/${sale.id}/close`, {
      as: ada,
      json: { reason: 'sold', buyerId: bob },
    });
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ state: 'closed', closedReason: 'sold' });
    expect(sold.body.pending).toBeUndefined();
    const closed = await posts.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'PostClosed'`, [
      `post-${sale.id}`,
    ]);
    expect(closed[0]?.data).toMatchObject({ buyerId: bob });
  });

  it('leaves a closed post, and an event, as they are', async () => {
    const concertPost = await posts.createPost(ada, concert);
    await accepted(concertPost.id);
    const sale = await posts.createPost(ada);
    await posts.call('POST', `/api/posts/${sale.id}/close`, { as: ada, json: { reason: 'sold' } });
    const last = await accepted(sale.id);
    await waitFor(
      async () =>
        (await posts.query('SELECT 1 FROM processed_messages WHERE message_id = $1', [last.id])).length > 0,
    );
    expect(await pendingOf(concertPost.id)).toBeUndefined();
    expect(await pendingOf(sale.id)).toBeUndefined();
  });
});

describe('expiry, and POST /api/posts/:id/renew', () => {
  it('expires a post after 30 days: gone from the feed, still on the profile; renewing brings it back', async () => {
    const lamp = await posts.createPost(ada, { title: 'Brass lamp' });
    const swept = await posts.sweep(new Date(Date.now() + 31 * DAY));
    expect(swept.expired).toBeGreaterThan(0);
    expect(ids((await posts.call('GET', '/api/posts?search=lamp')).body)).toEqual([]);
    const mine = await posts.call('GET', '/api/users/me/posts', { as: ada });
    expect(mine.body.posts.find((p: { id: string }) => p.id === lamp.id)).toMatchObject({ state: 'expired' });
    // A second sweep (another replica) records nothing more.
    const events = async () =>
      (
        await posts.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1`, [
          `post-${lamp.id}`,
        ])
      )[0]?.n;
    const before = await events();
    await posts.sweep(new Date(Date.now() + 32 * DAY));
    expect(await events()).toBe(before);

    expect((await posts.call('POST', `/api/posts/${lamp.id}/renew`)).status).toBe(401);
    expect((await posts.call('POST', `/api/posts/${lamp.id}/renew`, { as: bob })).status).toBe(403);
    expect((await posts.call('POST', `/api/posts/${randomUUID()}/renew`, { as: ada })).status).toBe(404);
    const renewed = await posts.call('POST', `/api/posts/${lamp.id}/renew`, { as: ada });
    expect(renewed.status).toBe(200);
    expect(renewed.body.state).toBe('active');
    expect(Date.parse(renewed.body.expiresAt)).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(ids((await posts.call('GET', '/api/posts?search=lamp')).body)).toEqual([lamp.id]);
  });

  it('records one reminder three days before expiry', async () => {
    const post = await posts.createPost(ada, { title: 'Garden hose' });
    const at = new Date(Date.now() + 28 * DAY);
    await posts.sweep(at);
    await posts.sweep(at);
    const rows = await posts.query<{ type: string }>(
      `SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position`,
      [`post-${post.id}`],
    );
    expect(rows.map((r) => r.type)).toEqual(['PostCreated', 'PostExpiringSoon']);
  });
});

describe('DELETE /api/posts/:id', () => {
  it('removes the post from the feed, profiles, saved and liked lists; its detail answers 404', async () => {
    const post = await posts.createPost(ada, { title: 'Walnut desk' });
    await posts.call('POST', `/api/posts/${post.id}/save`, { as: bob });
    await posts.call('POST', `/api/posts/${post.id}/like`, { as: bob });
    expect((await posts.call('DELETE', `/api/posts/${post.id}`)).status).toBe(401);
    expect((await posts.call('DELETE', `/api/posts/${post.id}`, { as: bob })).status).toBe(403);
    expect((await posts.call('DELETE', `/api/posts/nope`, { as: ada })).status).toBe(400);
    const res = await posts.call('DELETE', `/api/posts/${post.id}`, { as: ada });
    expect(res.status).toBe(204);
    expect((await posts.call('GET', `/api/posts/${post.id}`)).status).toBe(404);
    for (const url of ['/api/posts', `/api/users/${ada}/posts`])
      expect(ids((await posts.call('GET', url)).body)).not.toContain(post.id);
    for (const url of ['/api/users/me/saved', '/api/users/me/liked'])
      expect(ids((await posts.call('GET', url, { as: bob })).body)).not.toContain(post.id);
    expect((await posts.call('DELETE', `/api/posts/${post.id}`, { as: ada })).status).toBe(404);
    expect((await posts.call('POST', `/api/posts/${post.id}/like`, { as: bob })).status).toBe(404);
  });
});

describe('feed filters: minPrice, maxPrice, free, sort', () => {
  it('filters by price and sorts by it, posts without a price last', async () => {
    const tag = `#price${Date.now()}`;
    const cheap = await posts.createPost(bob, { title: 'Cheap mug', description: tag, price: '5' });
    const free = await posts.createPost(bob, { title: 'Free firewood', description: tag, price: '0' });
    const dear = await posts.createPost(bob, { title: 'Dear sofa', description: tag, price: '500' });
    const none = await posts.createPost(bob, { title: 'Ask me', description: tag, price: null });
    const q = (params: string) => posts.call('GET', `/api/posts?search=${encodeURIComponent(tag)}&${params}`);
    expect(ids((await q('minPrice=1&maxPrice=100')).body)).toEqual([cheap.id]);
    expect(ids((await q('free=true')).body)).toEqual([free.id]);
    expect(ids((await q('sort=price_asc')).body)).toEqual([free.id, cheap.id, dear.id, none.id]);
    expect(ids((await q('sort=price_desc')).body)).toEqual([dear.id, cheap.id, free.id, none.id]);
    // Paging a price order goes on where it stopped.
    const first = await posts.call('GET', '/api/posts?sort=price_desc&limit=2&category=sale');
    const second = await posts.call(
      'GET',
      `/api/posts?sort=price_desc&limit=2&category=sale&cursor=${first.body.nextCursor}`,
    );
    const prices = [...first.body.posts, ...second.body.posts].map((p: { price: string | null }) =>
      Number(p.price ?? -1),
    );
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('refuses bad filters with 400', async () => {
    const bad = ['minPrice=abc', 'maxPrice=-1', 'minPrice=10&maxPrice=5', 'sort=oldest', 'free=yes'];
    for (const params of bad) {
      const res = await posts.call('GET', `/api/posts?${params}`);
      expect(res.status, params).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});

describe('DELETE /api/event-attendance (withdrawing an answer)', () => {
  it('removes the answer and its count; a guest gets 401, bad input 400, an unknown post 404', async () => {
    const event = await posts.createPost(ada, concert);
    await posts.call('POST', '/api/event-attendance', {
      as: bob,
      json: { postId: event.id, status: 'going' },
    });
    expect((await posts.call('DELETE', `/api/event-attendance?postId=${event.id}`)).status).toBe(401);
    expect((await posts.call('DELETE', '/api/event-attendance?postId=x', { as: bob })).status).toBe(400);
    expect(
      (await posts.call('DELETE', `/api/event-attendance?postId=${randomUUID()}`, { as: bob })).status,
    ).toBe(404);
    const res = await posts.call('DELETE', `/api/event-attendance?postId=${event.id}`, { as: bob });
    expect(res).toMatchObject({ status: 200, body: { status: null } });
    expect((await posts.call('GET', `/api/posts/${event.id}`)).body.goingCount).toBe(0);
    // Withdrawing again, or someone who never answered (another user), changes nothing.
    expect(
      (await posts.call('DELETE', `/api/event-attendance?postId=${event.id}`, { as: ada })).body,
    ).toEqual({
      status: null,
    });
  });

  it('refuses a new answer to a cancelled event with 409', async () => {
    const event = await posts.createPost(ada, concert);
    await posts.call('POST', `/api/posts/${event.id}/close`, { as: ada, json: { reason: 'cancelled' } });
    const res = await posts.call('POST', '/api/event-attendance', {
      as: bob,
      json: { postId: event.id, status: 'going' },
    });
    expect(res).toMatchObject({ status: 409, body: { message: 'This event was cancelled' } });
  });
});

describe('GET /api/posts/:id/calendar.ics', () => {
  it('gives anyone an event as an iCalendar file', async () => {
    const event = await posts.createPost(ada, concert);
    const res = await posts.call('GET', `/api/posts/${event.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="event-.*\.ics"/);
    const text = String(res.bytes);
    expect(text).toContain('DTSTART:20300601T233000Z\r\n');
    expect(text).toContain('DESCRIPTION:Bring a chair\\, snacks\\; and friends\r\n');
    expect(text).toContain(`UID:${event.id}@waco-commons`);
  });

  it('answers 404 for a post that is not an event, or none; 400 for a bad id', async () => {
    const sale = await posts.createPost(ada);
    expect((await posts.call('GET', `/api/posts/${sale.id}/calendar.ics`)).status).toBe(404);
    expect((await posts.call('GET', `/api/posts/${randomUUID()}/calendar.ics`)).status).toBe(404);
    expect((await posts.call('GET', '/api/posts/x/calendar.ics')).status).toBe(400);
  });
});

describe('/api/saved-searches', () => {
  it('saves, lists and removes one’s own searches', async () => {
    const saved = await posts.call('POST', '/api/saved-searches', {
      as: bob,
      json: { query: ' chair ', category: 'sale', maxPrice: 50 },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ query: 'chair', category: 'sale', maxPrice: 50, minPrice: null });
    const list = await posts.call('GET', '/api/saved-searches', { as: bob });
    expect(list.body.map((s: { id: string }) => s.id)).toContain(saved.body.id);
    expect((await posts.call('GET', '/api/saved-searches', { as: ada })).body).toEqual([]);
    expect((await posts.call('DELETE', `/api/saved-searches/${saved.body.id}`, { as: ada })).status).toBe(
      403,
    );
    expect((await posts.call('DELETE', `/api/saved-searches/${saved.body.id}`, { as: bob })).status).toBe(
      204,
    );
    expect((await posts.call('GET', '/api/saved-searches', { as: bob })).body).toEqual([]);
    expect((await posts.call('DELETE', `/api/saved-searches/${saved.body.id}`, { as: bob })).status).toBe(
      404,
    );
  });

  it('answers a guest 401 and bad input 400', async () => {
    expect((await posts.call('POST', '/api/saved-searches', { json: { query: 'x' } })).status).toBe(401);
    expect((await posts.call('GET', '/api/saved-searches')).status).toBe(401);
    expect((await posts.call('DELETE', `/api/saved-searches/${randomUUID()}`)).status).toBe(401);
    for (const json of [
      {},
      { query: '' },
      { minPrice: 10, maxPrice: 5 },
      { category: 'car' },
      { query: 'x', other: 1 },
    ]) {
      const res = await posts.call('POST', '/api/saved-searches', { as: bob, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect((await posts.call('DELETE', '/api/saved-searches/x', { as: bob })).status).toBe(400);
  });
});
