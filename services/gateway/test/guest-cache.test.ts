import { PostDeleted, PostLiked } from '@waco/contracts';
import { testEnvelope } from '@waco/platform/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { GuestCache, matchesEtag } from '../src/forwarding/guest-cache';
import { startEchoService, startFakeIdentity } from './fake-services';
import { startGatewayOver } from './gateway-over-fakes';

// A guest's public read (the feed, a post, a profile, a tag) is the same for every guest: the
// gateway gives the next guests the answer it kept, for GUEST_CACHE_MS, and forgets every kept
// answer when it hears that something guests were shown changed (forwarding/guest-cache.ts).

const POST_ID = '00000000-0000-4000-8000-000000000001';
const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

/** A gateway over a posts that numbers its answers, so a kept one is told from a new one. */
async function gatewayKeepingFor(guestCacheMs: number) {
  let asked = 0;
  const posts = await startEchoService('posts', (app) => {
    app.get('/api/posts', async (req) => ({ answer: ++asked, user: req.headers['x-user-id'] ?? null }));
    app.get('/api/posts/:id', async (_req, reply) => reply.status(404).send({ message: 'Post not found' }));
    app.get('/api/hashtags', async (_req, reply) => {
      asked++;
      return reply.header('set-cookie', 'seen=1').send({ tags: [] });
    });
  });
  const identity = await startFakeIdentity();
  const stack = await startGatewayOver([posts, identity], { guestCacheMs });
  opened.push(stack.close);
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${stack.base}${path}`, { headers });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };
  return { stack, identity, get, asked: () => asked };
}

describe("guests' answers kept at the gateway", () => {
  it('gives the next guests the kept answer, with an ETag that a second look turns into a 304', async () => {
    const { get, asked } = await gatewayKeepingFor(60_000);
    const first = await get('/api/posts?limit=15');
    expect(first.body).toEqual({ answer: 1, user: null });
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toContain('cookie');

    const second = await get('/api/posts?limit=15');
    expect(second.body).toEqual({ answer: 1, user: null });
    expect(asked()).toBe(1);
    const etag = second.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect(second.headers.get('content-type')).toContain('application/json');
    // Security headers still go with it.
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');

    const again = await get('/api/posts?limit=15', { 'if-none-match': etag as string });
    expect(again.status).toBe(304);
    expect(asked()).toBe(1);

    // Another query is another answer.
    expect((await get('/api/posts?limit=30')).body).toEqual({ answer: 2, user: null });
  });

  it('never answers a member from it, nor keeps what a member was answered', async () => {
    const { get, identity, asked } = await gatewayKeepingFor(60_000);
    await get('/api/posts');
    const member = identity.signIn();
    const theirs = await get('/api/posts', { cookie: member.cookie });
    expect(theirs.body).toEqual({ answer: 2, user: member.userId });
    expect(theirs.headers.get('cache-control')).toBe('no-store');
    expect(theirs.headers.get('etag')).toBeNull();
    // The guest still gets the guest's answer, not the member's.
    expect((await get('/api/posts')).body).toEqual({ answer: 1, user: null });
    expect(asked()).toBe(2);
  });

  it('keeps no failure and no answer that sets a cookie', async () => {
    const { get, asked } = await gatewayKeepingFor(60_000);
    expect((await get(`/api/posts/${POST_ID}`)).status).toBe(404);
    const missing = await get(`/api/posts/${POST_ID}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    await get('/api/hashtags');
    await get('/api/hashtags');
    expect(asked()).toBe(2);
  });

  it('forgets every kept answer when a post is deleted, not when it is liked', async () => {
    const { get, stack, asked } = await gatewayKeepingFor(60_000);
    await get('/api/posts');
    const ref = { postId: POST_ID, ownerId: POST_ID, category: 'sale' as const };
    await stack.bus.publish('posts', testEnvelope(PostLiked, { ...ref, userId: POST_ID }));
    expect((await get('/api/posts')).body.answer).toBe(1);
    await stack.bus.publish('posts', testEnvelope(PostDeleted, { ...ref, imagePaths: [] }));
    expect((await get('/api/posts')).body.answer).toBe(2);
    expect(asked()).toBe(2);
  });

  it('keeps nothing when GUEST_CACHE_MS is 0', async () => {
    const { get, asked } = await gatewayKeepingFor(0);
    const first = await get('/api/posts');
    await get('/api/posts');
    expect(asked()).toBe(2);
    expect(first.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GuestCache', () => {
  const answer = { contentType: 'application/json', body: Buffer.from('{"posts":[]}') };

  it('gives an answer back for its time to live, and not after', () => {
    const cache = new GuestCache(1_000);
    cache.keep('/api/posts', cache.ticket(), answer, 0);
    expect(cache.get('/api/posts', 999)?.body.toString()).toBe('{"posts":[]}');
    expect(cache.get('/api/posts', 1_000)).toBeUndefined();
  });

  it('does not keep an answer asked for before a flush (it may show what the flush was for)', () => {
    const cache = new GuestCache(1_000);
    const ticket = cache.ticket();
    cache.flush();
    cache.keep('/api/posts', ticket, answer, 0);
    expect(cache.get('/api/posts', 1)).toBeUndefined();
  });

  it('holds at most its number of entries, the oldest going first', () => {
    const cache = new GuestCache(1_000, 2);
    for (const key of ['/a', '/b', '/c']) cache.keep(key, cache.ticket(), answer, 0);
    expect(cache.get('/a', 1)).toBeUndefined();
    expect(cache.get('/c', 1)).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('matches If-None-Match lists, weak or not', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
