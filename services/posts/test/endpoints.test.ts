import { randomUUID } from 'node:crypto';
import { registerAdaAndBob } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Posts, startPosts } from './harness';

/** Every endpoint's answer for a guest, a member and an unknown id. */
let posts: Posts;
let ada: string;
let bob: string;
let sale: { id: string };
let event: { id: string };
const unknownId = randomUUID();

beforeAll(async () => {
  posts = await startPosts();
  ({ ada, bob } = await registerAdaAndBob(posts.registerUser));
  sale = await posts.createPost(ada, { contactEmail: 'ada@example.com' });
  event = await posts.createPost(ada, {
    category: 'event',
    title: 'Brazos River sunset paddle',
    description: 'Meet at the boat ramp. Bring water.',
    eventDate: '2030-06-01T18:30:00-05:00',
    address: 'Brazos Park East',
    neighborhood: 'brazos_park',
    price: null,
  });
});
afterAll(() => posts?.stop());

describe('GET /api/posts', () => {
  it('answers a guest with newest first, each with its author and no account email', async () => {
    const res = await posts.call('GET', '/api/posts');
    expect(res.status).toBe(200);
    expect(res.body.posts.map((p: { id: string }) => p.id)).toEqual([event.id, sale.id]);
    expect(res.body.nextCursor).toBeNull();
    const [first, second] = res.body.posts;
    expect(first.user).toEqual({
      id: ada,
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      isVerified: false,
    });
    expect(JSON.stringify(res.body)).not.toContain(`${ada}@example.com`);
    // Contact details only where the poster gave them.
    expect(second.contactEmail).toBe('ada@example.com');
    expect(first).not.toHaveProperty('contactEmail');
    expect(first).not.toHaveProperty('contactPhone');
  });

  it('answers a member the same list', async () => {
    const res = await posts.call('GET', '/api/posts', { as: bob });
    expect(res.status).toBe(200);
    expect(res.body.posts).toHaveLength(2);
  });

  it('caps the page size at 50', async () => {
    const res = await posts.call('GET', '/api/posts?limit=51');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/limit/);
  });
});

describe('GET /api/posts/:id', () => {
  it('answers a guest and a member with the post as the feed shows it', async () => {
    for (const as of [undefined, bob]) {
      const res = await posts.call('GET', `/api/posts/${event.id}`, { as });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: event.id,
        category: 'event',
        eventDate: '2030-06-01T23:30:00.000Z',
        interestedCount: 0,
        goingCount: 0,
        user: { id: ada, firstName: 'Ada' },
      });
    }
  });

  it('answers 404 JSON for an unknown id', async () => {
    const res = await posts.call('GET', `/api/posts/${unknownId}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Post not found' });
  });
});

describe('POST /api/posts', () => {
  it('refuses a guest with 401', async () => {
    const res = await posts.call('POST', '/api/posts', {
      json: { category: 'sale', title: 'Couch', description: 'Blue' },
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });

  it('creates a member post: 201 with the post, price with two decimals, neighbourhood other by default', async () => {
    const res = await posts.call('POST', '/api/posts', {
      as: bob,
      json: { category: 'job', title: 'Barista, part time', description: 'Mornings downtown', price: '15.5' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: bob,
      user: { id: bob, firstName: 'Bob', lastName: 'Baylor' },
      neighborhood: 'other',
      price: '15.50',
      likesCount: 0,
      imagePaths: [],
    });
    const read = await posts.call('GET', `/api/posts/${res.body.id}`);
    expect(read.body).toEqual(res.body);
  });

  it('takes a post whose author posts has not heard of yet (names come later)', async () => {
    const stranger = randomUUID();
    const res = await posts.call('POST', '/api/posts', {
      as: stranger,
      json: { category: 'sale', title: 'Lamp', description: 'Brass' },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({
      id: stranger,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      isVerified: false,
    });
  });
});

describe('GET /api/posts/:id/status and POST /api/posts/status', () => {
  it('refuses a guest with 401', async () => {
    expect((await posts.call('GET', `/api/posts/${sale.id}/status`)).status).toBe(401);
    expect((await posts.call('POST', '/api/posts/status', { json: { ids: [sale.id] } })).status).toBe(401);
  });

  it('answers a member their status, one post or a page at once', async () => {
    const single = await posts.call('GET', `/api/posts/${sale.id}/status`, { as: bob });
    expect(single).toEqual({ status: 200, body: { isLiked: false, isSaved: false } });
    await posts.call('POST', `/api/posts/${sale.id}/like`, { as: bob });
    const bulk = await posts.call('POST', '/api/posts/status', {
      as: bob,
      json: { ids: [sale.id, event.id] },
    });
    expect(bulk.body).toEqual({
      [sale.id]: { isLiked: true, isSaved: false },
      [event.id]: { isLiked: false, isSaved: false },
    });
    await posts.call('POST', `/api/posts/${sale.id}/like`, { as: bob });
  });

  it('answers 404 for an unknown post, and false for unknown ids in bulk', async () => {
    expect((await posts.call('GET', `/api/posts/${unknownId}/status`, { as: bob })).status).toBe(404);
    const bulk = await posts.call('POST', '/api/posts/status', { as: bob, json: { ids: [unknownId] } });
    expect(bulk.body).toEqual({ [unknownId]: { isLiked: false, isSaved: false } });
  });
});

describe.each([
  ['like', 'liked', 'likesCount'],
  ['save', 'saved', 'savesCount'],
] as const)('POST /api/posts/:id/%s', (action, field, counter) => {
  it('refuses a guest with 401', async () => {
    const res = await posts.call('POST', `/api/posts/${sale.id}/${action}`);
    expect(res.status).toBe(401);
  });

  it('toggles for a member and answers the new state; the count follows', async () => {
    const on = await posts.call('POST', `/api/posts/${sale.id}/${action}`, { as: bob });
    expect(on).toEqual({ status: 200, body: { [field]: true } });
    expect((await posts.call('GET', `/api/posts/${sale.id}`)).body[counter]).toBe(1);
    // A JSON content type with an empty body, as some clients send, is fine too.
    const off = await posts.call('POST', `/api/posts/${sale.id}/${action}`, {
      as: bob,
      raw: '',
      contentType: 'application/json',
    });
    expect(off).toEqual({ status: 200, body: { [field]: false } });
    expect((await posts.call('GET', `/api/posts/${sale.id}`)).body[counter]).toBe(0);
  });

  it('answers 404 for an unknown post', async () => {
    const res = await posts.call('POST', `/api/posts/${unknownId}/${action}`, { as: bob });
    expect(res).toEqual({ status: 404, body: { message: 'Post not found' } });
  });
});

describe('event attendance', () => {
  it('refuses a guest with 401', async () => {
    expect((await posts.call('GET', `/api/event-attendance?postId=${event.id}`)).status).toBe(401);
    const res = await posts.call('POST', '/api/event-attendance', {
      json: { postId: event.id, status: 'going' },
    });
    expect(res.status).toBe(401);
  });

  it('sets and reads a member answer; the same answer twice changes nothing; counts follow', async () => {
    expect((await posts.call('GET', `/api/event-attendance?postId=${event.id}`, { as: bob })).body).toEqual({
      status: null,
    });
    const set = (status: string) =>
      posts.call('POST', '/api/event-attendance', { as: bob, json: { postId: event.id, status } });
    expect(await set('interested')).toEqual({ status: 200, body: { status: 'interested' } });
    const before = await posts.counts();
    expect(await set('interested')).toEqual({ status: 200, body: { status: 'interested' } });
    expect((await posts.counts())?.events).toBe(before?.events);
    let post = (await posts.call('GET', `/api/posts/${event.id}`)).body;
    expect([post.interestedCount, post.goingCount]).toEqual([1, 0]);
    expect(await set('going')).toEqual({ status: 200, body: { status: 'going' } });
    post = (await posts.call('GET', `/api/posts/${event.id}`)).body;
    expect([post.interestedCount, post.goingCount]).toEqual([0, 1]);
    expect((await posts.call('GET', `/api/event-attendance?postId=${event.id}`, { as: bob })).body).toEqual({
      status: 'going',
    });
  });

  it('refuses attendance on a post that is not an event, with 400 and no write', async () => {
    const before = await posts.counts();
    const res = await posts.call('POST', '/api/event-attendance', {
      as: bob,
      json: { postId: sale.id, status: 'going' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Only event posts/);
    expect(await posts.counts()).toEqual(before);
  });

  it('answers 404 for an unknown post', async () => {
    expect((await posts.call('GET', `/api/event-attendance?postId=${unknownId}`, { as: bob })).status).toBe(
      404,
    );
    const res = await posts.call('POST', '/api/event-attendance', {
      as: bob,
      json: { postId: unknownId, status: 'going' },
    });
    expect(res.status).toBe(404);
  });
});

describe('filter usage', () => {
  it('refuses a guest with 401', async () => {
    expect((await posts.call('GET', '/api/user/top-filters')).status).toBe(401);
    const res = await posts.call('POST', '/api/user/filter-usage', {
      json: { filterType: 'tag', filterValue: 'furniture' },
    });
    expect(res.status).toBe(401);
  });

  it('counts uses per value for a member, newest use remembered, most used first', async () => {
    const carol = await posts.registerUser('Carol', 'Cameron');
    const use = (filterType: string, filterValue: string) =>
      posts.call('POST', '/api/user/filter-usage', { as: carol, json: { filterType, filterValue } });
    const first = await use('tag', '#Furniture');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ filterType: 'tag', filterValue: 'furniture', usageCount: 1 });
    const second = await use('tag', 'furniture');
    expect(second.body).toMatchObject({ id: first.body.id, usageCount: 2 });
    expect(Date.parse(second.body.lastUsed)).toBeGreaterThanOrEqual(Date.parse(first.body.lastUsed));
    await use('category', 'event');
    await use('neighborhood', 'downtown');
    await use('search_term', 'Bikes');

    const top = await posts.call('GET', '/api/user/top-filters', { as: carol });
    expect(top.status).toBe(200);
    expect(top.body).toHaveLength(4);
    expect(top.body[0]).toMatchObject({ filterType: 'tag', filterValue: 'furniture', usageCount: 2 });
    // Equal counts: the most recently used first.
    expect(top.body[1]).toMatchObject({ filterType: 'search_term', filterValue: 'bikes' });
    const two = await posts.call('GET', '/api/user/top-filters?limit=2', { as: carol });
    expect(two.body).toHaveLength(2);
    // Someone else sees only their own.
    expect((await posts.call('GET', '/api/user/top-filters', { as: randomUUID() })).body).toEqual([]);
  });
});

describe('per-user lists', () => {
  it('refuses a guest /me lists with 401', async () => {
    for (const list of ['posts', 'saved', 'liked']) {
      expect((await posts.call('GET', `/api/users/me/${list}`)).status).toBe(401);
    }
  });

  it('answers a member their posts, saved and liked in the feed shape', async () => {
    const dan = await posts.registerUser('Dan', 'Downtown');
    const own = await posts.createPost(dan, { title: 'Dan sells a desk' });
    await posts.call('POST', `/api/posts/${sale.id}/save`, { as: dan });
    await posts.call('POST', `/api/posts/${event.id}/like`, { as: dan });

    const mine = await posts.call('GET', '/api/users/me/posts', { as: dan });
    expect(mine.status).toBe(200);
    expect(mine.body.posts.map((p: { id: string }) => p.id)).toEqual([own.id]);
    expect(mine.body.nextCursor).toBeNull();
    const saved = await posts.call('GET', '/api/users/me/saved', { as: dan });
    expect(saved.body.posts.map((p: { id: string }) => p.id)).toEqual([sale.id]);
    expect(saved.body.posts[0].user.firstName).toBe('Ada');
    const liked = await posts.call('GET', '/api/users/me/liked', { as: dan });
    expect(liked.body.posts.map((p: { id: string }) => p.id)).toEqual([event.id]);
    await posts.call('POST', `/api/posts/${sale.id}/save`, { as: dan });
    expect((await posts.call('GET', '/api/users/me/saved', { as: dan })).body.posts).toEqual([]);
  });

  it("answers anyone a user's posts, paged; 404 for an unknown user", async () => {
    for (const as of [undefined, bob]) {
      const res = await posts.call('GET', `/api/users/${ada}/posts?limit=1`, { as });
      expect(res.status).toBe(200);
      expect(res.body.posts.map((p: { id: string }) => p.id)).toEqual([event.id]);
      const next = await posts.call('GET', `/api/users/${ada}/posts?limit=1&cursor=${res.body.nextCursor}`, {
        as,
      });
      expect(next.body.posts.map((p: { id: string }) => p.id)).toEqual([sale.id]);
    }
    const unknown = await posts.call('GET', `/api/users/${unknownId}/posts`);
    expect(unknown).toEqual({ status: 404, body: { message: 'User not found' } });
  });
});
