import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BOOT_DATA_ELEMENT_ID } from '@waco/contracts';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_FEED_PATH } from '../src/web-app/boot-data';
import { type FakeIdentity, startEchoService, startFakeIdentity } from './fake-services';
import { type GatewayOverFakes, startGatewayOver } from './gateway-over-fakes';

// The first card without waiting for the app to boot: the gateway's page holds who is
// signed in, the feed's first page and the opened post, each as that visitor sees them, in a JSON
// data block the app reads before it renders.

const INDEX_HTML = readFileSync(fileURLToPath(new URL('../../../web/index.html', import.meta.url)), 'utf8');
/** The page less its canonical link (test/search-engines.test.ts checks that). */
const withoutCanonical = (html: string) => html.replace(/ *<link rel="canonical"[^>]*>\n/, '');
const HOSTILE_TITLE = 'Bike </script><script>alert(1)</script><!--';

/** The query strings of the searches the posts service was asked for. */
const searchAsked: string[] = [];
let identity: FakeIdentity;
let stack: GatewayOverFakes;
let base: string;
let postsAnswer: 'ok' | 'down' | 'slow' = 'ok';
/** The x-user-id each feed request reached posts with. */
const feedAskedAs: Array<string | undefined> = [];
const postId = '5b0f3c38-8a3a-4c5f-9d35-1f7c1a2b3c4d';
const memberId = '0d6c1f5e-2b7a-4e8c-9a3f-6b1d2c3e4f50';
/** The query strings a member's posts were asked with, and as whom. */
const profilePostsAsked: Array<{ query: string; as: string | undefined }> = [];
const PROFILE = {
  id: memberId,
  firstName: 'Grace',
  lastName: 'Hopper',
  profileImageUrl: null,
  bio: null,
  location: null,
  isVerified: true,
  reputationScore: 0,
  followersCount: 0,
  followingCount: 0,
  postsCount: 1,
  createdAt: '2026-01-02T03:04:05.000Z',
};

/** As the web build writes it (web/build-plugins.ts `routePreloads`); the last entry is not a script of the build's. */
const ROUTE_PRELOADS = {
  post: ['/assets/PostDetail-abc.js', '/assets/Dialog-def.js', 'https://elsewhere.example/x.js'],
  messages: ['/assets/MessagesPage-ghi.js'],
};
const preloadTag = (file: string) => `<link rel="modulepreload" crossorigin href="${file}" />`;

beforeAll(async () => {
  identity = await startFakeIdentity((app) => {
    app.get('/api/user', (req) => ({
      id: req.headers['x-user-id'],
      firstName: 'Ada',
      email: 'ada@example.com',
    }));
    app.get<{ Params: { id: string } }>('/api/users/:id', (req, reply) =>
      req.params.id === memberId ? PROFILE : reply.status(404).send({ message: 'User not found' }),
    );
  });
  const posts = await startEchoService('posts', (app) => {
    app.get('/api/posts', async (req, reply) => {
      feedAskedAs.push(req.headers['x-user-id'] as string | undefined);
      if (req.url.includes('search=')) searchAsked.push(req.url.split('?')[1] ?? '');
      if (postsAnswer === 'down') return reply.status(503).send({ message: 'down' });
      if (postsAnswer === 'slow') await new Promise((resolve) => setTimeout(resolve, 1_500));
      return {
        posts: [{ id: postId, title: HOSTILE_TITLE, imagePaths: ['/objects/uploads/u1/card.jpg'] }],
        nextCursor: null,
        viewer: req.headers['x-user-id'] ?? null,
      };
    });
    app.get<{ Params: { id: string } }>('/api/users/:id/posts', (req) => {
      profilePostsAsked.push({
        query: req.url.split('?')[1] ?? '',
        as: req.headers['x-user-id'] as string | undefined,
      });
      return {
        posts: [
          {
            id: postId,
            title: 'Hand-made table',
            userId: req.params.id,
            imagePaths: ['/objects/uploads/u2/table.jpg'],
          },
        ],
        nextCursor: null,
      };
    });
    app.get<{ Params: { id: string } }>('/api/posts/:id', (req) => ({
      id: req.params.id,
      title: 'Road bike',
      imagePaths: ['/objects/uploads/u1/detail.jpg', '/objects/uploads/u1/second.jpg'],
      viewer: req.headers['x-user-id'] ?? null,
    }));
  });
  stack = await startGatewayOver([identity, posts], {
    webFiles: { 'index.html': INDEX_HTML, 'route-preloads.json': JSON.stringify(ROUTE_PRELOADS) },
  });
  base = stack.base;
});
afterAll(() => stack?.close());

/** A page as the browser opens it. */
async function open(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers: { 'sec-fetch-dest': 'document', ...headers } });
  const html = await res.text();
  return { res, html, boot: bootOf(html) };
}

/** The fake services' answers, as the boot data holds them. */
interface BootSeen {
  user?: unknown;
  feed: { viewer: string | null; posts: Array<{ title: string }> };
  post?: unknown;
  search: { filters: unknown; page: { posts: Array<{ title: string }> } };
  profile?: { id: string; firstName: string };
  profilePosts?: { posts: Array<{ title: string }> };
}

/** The boot data block's parts and parsed JSON, as the app and its head script read them. */
function bootOf(html: string) {
  const found = new RegExp(
    `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}" data-parts="([^"]*)">(.*?)</script>`,
    's',
  ).exec(html);
  if (!found) return null;
  return {
    parts: (found[1] as string).split(','),
    data: JSON.parse(found[2] as string) as BootSeen,
  };
}

describe("a member's page", () => {
  it('holds who they are and the feed as they see it, and is never stored', async () => {
    const { cookie, userId } = identity.signIn();
    const { res, html, boot } = await open('/', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toMatch(/cookie/);
    expect(boot?.parts).toEqual(['user', 'feed']);
    expect(boot?.data.user).toEqual({ id: userId, firstName: 'Ada', email: 'ada@example.com' });
    expect(boot?.data.feed.viewer).toBe(userId);
    expect(feedAskedAs.at(-1)).toBe(userId);
    // The first card's photo, at the card's width, is asked for with the page.
    expect(html).toContain(
      '<link rel="preload" as="image" href="/objects/uploads/u1/card.jpg?w=480" fetchpriority="high" />',
    );
    // Before the head script, which skips its own request for the feed when the page holds it.
    expect(html.indexOf(BOOT_DATA_ELEMENT_ID)).toBeLessThan(html.indexOf('/theme-init.js'));
    // The app still boots from it.
    expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
  });

  it('holds the opened post as they see it on /post/{id}, and on /home the feed', async () => {
    const { cookie, userId } = identity.signIn();
    const post = await open(`/post/${postId}`, { cookie });
    expect(post.boot?.parts).toEqual(['user', 'post']);
    expect(post.boot?.data.post).toMatchObject({ id: postId, title: 'Road bike', viewer: userId });
    // Its first photo, at the detail's width, is asked for with the page: the page's largest paint.
    expect(post.html).toContain(
      '<link rel="preload" as="image" href="/objects/uploads/u1/detail.jpg?w=1080" fetchpriority="high" />',
    );
    expect((await open('/home', { cookie })).boot?.parts).toEqual(['user', 'feed']);
    // Other pages need only who is signed in.
    expect((await open('/messages', { cookie })).boot?.parts).toEqual(['user']);
  });

  it('holds a public profile and its first page of posts on /user/{id}, asked as the app asks and as they see it', async () => {
    const { cookie, userId } = identity.signIn();
    const { res, html, boot } = await open(`/user/${memberId}`, { cookie });
    expect(res.status).toBe(200);
    // Their standing (ratings, reply time) too: messaging's answer (here the echo's).
    expect(boot?.parts).toEqual(['user', 'profile', 'profilePosts', 'profileStanding']);
    expect(boot?.data.profile).toEqual(PROFILE);
    expect(boot?.data.profilePosts?.posts.map((p) => p.title)).toEqual(['Hand-made table']);
    // The web app's profile list asks `limit` only (web/src/features/profile/components/PostList.tsx).
    expect(profilePostsAsked.at(-1)).toEqual({ query: 'limit=15', as: userId });
    // Their first card's photo, the first screen's largest paint, is asked for with the page.
    expect(html).toContain(
      '<link rel="preload" as="image" href="/objects/uploads/u2/table.jpg?w=480" fetchpriority="high" />',
    );
    // A guest's too; a member who does not exist is a 404 without a profile part.
    expect((await open(`/user/${memberId}`)).boot?.parts).toEqual([
      'profile',
      'profilePosts',
      'profileStanding',
    ]);
    const missing = await open('/user/0d6c1f5e-2b7a-4e8c-9a3f-6b1d2c3e4f51');
    expect(missing.res.status).toBe(404);
    expect(missing.boot).toBeNull();
  });

  it('says "no one" for a cookie whose session has ended', async () => {
    const { cookie, token } = identity.signIn();
    identity.endSession(token);
    const { boot } = await open('/settings', { cookie });
    expect(boot?.data).toEqual({ user: null });
  });
});

describe("a guest's page", () => {
  it('holds the feed as a guest sees it, and nothing about a user', async () => {
    const { res, boot } = await open('/');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(boot?.parts).toEqual(['feed']);
    expect(boot?.data.feed.viewer).toBeNull();
    expect(feedAskedAs.at(-1)).toBeUndefined();
  });

  it("asks for the first card's photo with the page only where the feed is what a guest sees first", async () => {
    // A first-time guest's `/` is the welcome page; a returning guest carries the guest cookie.
    expect((await open('/')).html).not.toContain('rel="preload" as="image"');
    expect((await open('/', { cookie: 'guest=1' })).html).toContain(
      '<link rel="preload" as="image" href="/objects/uploads/u1/card.jpg?w=480" fetchpriority="high" />',
    );
  });

  it("holds a plain search's first page of results, asked as the app asks for it", async () => {
    const { boot } = await open('/?search=%20road%20bike%20');
    expect(boot?.parts).toEqual(['search']);
    expect(boot?.data.search.filters).toEqual({ search: 'road bike' });
    expect(boot?.data.search.page.posts[0]?.title).toBe(HOSTILE_TITLE);
    expect(searchAsked.at(-1)).toBe('offset=0&limit=15&search=road%20bike');
  });

  it('leaves the feed out where the first page shown is a filtered one', async () => {
    for (const path of ['/?category=jobs', '/?search=bike&category=jobs', '/home?free=true', '/?mode=post']) {
      expect(withoutCanonical((await open(path)).html), path).toBe(INDEX_HTML);
    }
  });

  it("cannot end the data block early with a post's text", async () => {
    const { html, boot } = await open('/');
    expect(boot?.data.feed.posts[0]?.title).toBe(HOSTILE_TITLE);
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<script/g)?.length).toBe((INDEX_HTML.match(/<script/g)?.length ?? 0) + 1);
  });

  it('is the plain page, compressed, when posts is down or slower than the page may wait', async () => {
    for (const state of ['down', 'slow'] as const) {
      postsAnswer = state;
      try {
        const res = await fetch(`${base}/`, {
          headers: { 'sec-fetch-dest': 'document', 'accept-encoding': 'br' },
        });
        expect(res.status, state).toBe(200);
        expect(res.headers.get('content-encoding'), state).toBe('br');
        // fetch undoes the compression itself.
        expect(withoutCanonical(await res.text()), state).toBe(INDEX_HTML);
      } finally {
        postsAnswer = 'ok';
      }
    }
  });
});

it("gives the service worker's copy of the page (not a document request) no one's data", async () => {
  const { cookie } = identity.signIn();
  const res = await fetch(`${base}/`, {
    headers: { cookie, 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' },
  });
  expect(withoutCanonical(await res.text())).toBe(INDEX_HTML);
  expect(res.headers.get('cache-control')).toBe('no-cache');
});

it('holds the opened post when the service worker passes the navigation on (Chromium sends it as empty)', async () => {
  const { cookie, userId } = identity.signIn();
  // What Chromium sends for a service worker's fetch(event.request) of a navigation (undici's
  // request: fetch would set its own sec-fetch-mode).
  const res = await request(`${base}/post/${postId}`, {
    headers: { cookie, 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'navigate' },
  });
  const html = await res.body.text();
  const boot = bootOf(html);
  expect(boot?.parts).toEqual(['user', 'post']);
  expect(boot?.data.post).toMatchObject({ id: postId, viewer: userId });
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(html).toContain('<link rel="preload" as="image" href="/objects/uploads/u1/detail.jpg?w=1080"');
});

describe("a route's code, preloaded with the page that opens on it", () => {
  it("comes with a post's page, before the app's first script, for a guest and a member", async () => {
    for (const headers of [{}, { cookie: identity.signIn().cookie }] as Array<Record<string, string>>) {
      const { html } = await open(`/post/${postId}`, headers);
      for (const file of ROUTE_PRELOADS.post.slice(0, 2)) {
        expect(html).toContain(preloadTag(file));
        expect(html.indexOf(preloadTag(file))).toBeLessThan(html.indexOf('<script'));
      }
      // Only the build's own scripts are ever named.
      expect(html).not.toContain('elsewhere.example');
      expect(html).not.toContain('MessagesPage');
    }
  });

  it("comes with a member's messages page only: a guest's is the sign-in page", async () => {
    const { cookie } = identity.signIn();
    expect((await open('/messages', { cookie })).html).toContain(preloadTag('/assets/MessagesPage-ghi.js'));
    expect((await open('/messages')).html).not.toContain('modulepreload');
    expect((await open('/', { cookie })).html).not.toContain('modulepreload');
  });

  it('is left out of a post address that names no post', async () => {
    expect((await open('/post/not-a-post')).html).not.toContain('modulepreload');
  });
});

it('asks for the first feed page at the address the web app asks for it', () => {
  // web/test/client.test.ts pins the web app's BOOT_FEED_PATH to the same address.
  expect(BOOT_FEED_PATH).toBe('/api/posts?limit=15&offset=0');
});
