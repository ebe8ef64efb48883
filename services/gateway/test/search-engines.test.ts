import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROUTES, type PublicUser } from '@waco/contracts';
import type { HttpApp } from '@waco/platform';
import { createTestBus, readPageTags, testLogger, testPost } from '@waco/platform/testing';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/gateway';
import { sitemapRoutes } from '../src/web-app/seo/sitemap';
import { type FakeService, startEchoService } from './fake-services';

// The web as a search engine sees it: a page for each of the app's addresses and 404 for any
// other, robots.txt, the sitemap, canonical addresses.

const PUBLIC_URL = 'https://waco.example';
const INDEX_HTML = readFileSync(fileURLToPath(new URL('../../../web/index.html', import.meta.url)), 'utf8');

const existingPost = randomUUID();
const existingUser = randomUUID();
const samplePost = testPost({
  id: existingPost,
  userId: existingUser,
  user: { id: existingUser, firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null },
  price: '120.00',
});
const sampleUser: PublicUser = {
  id: existingUser,
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  bio: null,
  location: null,
  isVerified: false,
  reputationScore: 0,
  followersCount: 0,
  followingCount: 0,
  postsCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};
/** What posts' sitemap list holds, newest first (set per test). */
let listed: Array<{ id: string; updatedAt: string }> = [];
let postsDown = false;

let base: string;
let webDist: string;
let upstreams: FakeService[] = [];
const testBus = await createTestBus('memory');
const gateways: HttpApp[] = [];

async function startGateway(over: { publicUrl?: string; appOrigins?: string[] } = { publicUrl: PUBLIC_URL }) {
  const [posts, identity, ...others] = upstreams as [FakeService, FakeService, ...FakeService[]];
  const app = await buildGateway({
    upstreams: {
      posts: posts.url,
      identity: identity.url,
      messaging: others[0]?.url as string,
      notifications: others[1]?.url as string,
      media: others[2]?.url as string,
      moderation: others[3]?.url as string,
      groups: others[4]?.url as string,
      directory: others[5]?.url as string,
    },
    bus: testBus.bus,
    logger: testLogger,
    appOrigins: over.appOrigins ?? ['http://localhost:3000'],
    publicUrl: over.publicUrl,
    webDist,
  });
  gateways.push(app);
  return app.listen({ host: '127.0.0.1', port: 0 });
}

beforeAll(async () => {
  const posts = await startEchoService('posts', (app) => {
    app.get<{ Params: { id: string } }>('/api/posts/:id', (req, reply) =>
      req.params.id === existingPost ? samplePost : reply.status(404).send({ message: 'Post not found' }),
    );
    app.get<{ Querystring: { limit: string; offset: string } }>('/internal/sitemap/posts', (req, reply) => {
      if (postsDown) return reply.status(503).send({ message: 'down' });
      const offset = Number(req.query.offset);
      return { total: listed.length, posts: listed.slice(offset, offset + Number(req.query.limit)) };
    });
  });
  const identity = await startEchoService('identity', (app) => {
    app.get<{ Params: { id: string } }>('/api/users/:id', (req, reply) =>
      req.params.id === existingUser ? sampleUser : reply.status(404).send({ message: 'User not found' }),
    );
  });
  const others = await Promise.all(
    ['messaging', 'notifications', 'media', 'moderation', 'groups', 'directory'].map((n) =>
      startEchoService(n),
    ),
  );
  upstreams = [posts, identity, ...others];
  webDist = mkdtempSync(join(tmpdir(), 'gateway-seo-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app");\n');
  base = await startGateway();
});

afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await Promise.all(upstreams.map((s) => s.close()));
  await testBus.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

async function get(path: string, at = base) {
  const res = await fetch(`${at}${path}`);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    headers: res.headers,
    text: await res.text(),
  };
}

describe("the app's addresses", () => {
  // Every page of the router (APP_ROUTES), as written and as the router also takes it.
  const known = Object.values(APP_ROUTES).map((path) =>
    path.replace(':postId', existingPost).replace(':userId', existingUser).replace(':name', 'niños'),
  );

  /** The app's page at `path`, as HTML with the given status. */
  const appPage = async (path: string, status: number) => {
    const answer = await get(path);
    expect(answer.status).toBe(status);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.text).toContain('<div id="root">');
    return answer.text;
  };

  it.each([...known, '/HOME', '/messages/', '/?category=job&search=bike', '/auth?tab=signup'])(
    'answers %s with the app page and 200',
    async (path) => {
      expect(await appPage(path, 200)).not.toContain('name="robots"');
    },
  );

  it.each([
    '/no/such/place',
    '/homes',
    '/post/123/edit',
    '/user',
    '/posts',
    '/messages/abc',
    '/favicon.ico',
    '/tags/two%20words',
  ])('answers %s, which the app has no page for, with its 404 page', async (path) => {
    // The app's page: its router shows "404 Page Not Found", with the title it sets.
    const text = await appPage(path, 404);
    expect(readPageTags(text).title).toBe('Page Not Found | Waco Commons');
    expect(readPageTags(text).meta.robots).toBe('noindex');
    expect(readPageTags(text).canonical).toBeUndefined();
  });

  it('answers a post or a member that does not exist with 404', async () => {
    expect((await get(`/post/${randomUUID()}`)).status).toBe(404);
    expect((await get(`/user/${randomUUID()}`)).status).toBe(404);
  });

  it('keeps 404 as JSON for a missing file of the build', async () => {
    const { status, type, text } = await get('/assets/app-old999.js');
    expect(status).toBe(404);
    expect(type).toMatch(/^application\/json/);
    expect(JSON.parse(text)).toEqual({ message: 'No file /assets/app-old999.js' });
  });
});

describe('canonical addresses', () => {
  it.each([
    ['/', '/'],
    ['/?category=job&sort=price_asc', '/'],
    ['/home', '/'],
    ['/home?search=bike', '/'],
    ['/HOME/', '/'],
    ['/welcome', '/welcome'],
    ['/landing', '/welcome'],
    ['/auth?tab=signup', '/auth'],
    ['/reset-password?token=secret', '/reset-password'],
    ['/messages?conversation=abc', '/messages'],
    [`/?post=${existingPost}`, `/post/${existingPost}`],
    [`/post/${existingPost}`, `/post/${existingPost}`],
    [`/user/${existingUser}`, `/user/${existingUser}`],
  ])('%s has one canonical address, %s on the public origin', async (path, canonical) => {
    const { text } = await get(path);
    expect(readPageTags(text).canonical).toBe(`${PUBLIC_URL}${canonical}`);
    expect(text.match(/rel="canonical"/g)).toHaveLength(1);
  });

  it('are on the first of APP_ORIGIN without APP_URL', async () => {
    const url = await startGateway({ appOrigins: ['https://first.example', 'http://localhost:3000'] });
    expect(readPageTags((await get('/home', url)).text).canonical).toBe('https://first.example/');
    expect((await get('/robots.txt', url)).text).toContain('Sitemap: https://first.example/sitemap.xml');
  });
});

describe('/robots.txt', () => {
  it('lets crawlers into public pages, not private ones or the API, and names the sitemap', async () => {
    const { status, type, text } = await get('/robots.txt');
    expect(status).toBe(200);
    expect(type).toBe('text/plain; charset=utf-8');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    const disallowed = lines
      .filter((l) => l.startsWith('Disallow: '))
      .map((l) => l.slice('Disallow: '.length));
    expect(disallowed.sort()).toEqual(['/api/', '/dev/', '/moderation', '/admin'].sort());
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    // Nothing public is caught by a rule (each rule is a path prefix).
    for (const path of ['/', '/welcome', `/post/${existingPost}`, `/user/${existingUser}`, '/objects/a.jpg'])
      expect(
        disallowed.some((rule) => path.startsWith(rule)),
        path,
      ).toBe(false);
  });
});

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});
function parsedSitemap(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml) as {
    urlset?: { '@_xmlns': string; url: Array<{ loc: string; lastmod?: string }> };
    sitemapindex?: { '@_xmlns': string; sitemap: Array<{ loc: string }> };
  };
}

describe('/sitemap.xml', () => {
  it('lists the public pages and the live posts posts lists, with when each last changed, as valid XML', async () => {
    const a = { id: randomUUID(), updatedAt: '2026-11-20T10:00:00.000Z' };
    const b = { id: randomUUID(), updatedAt: '2026-11-25T08:30:00.000Z' };
    listed = [b, a];
    const { status, type, headers, text } = await get('/sitemap.xml');
    expect(status).toBe(200);
    expect(type).toBe('application/xml; charset=utf-8');
    expect(headers.get('cache-control')).toBe('public, max-age=3600');
    const { urlset } = parsedSitemap(text);
    expect(urlset?.['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(urlset?.url).toEqual([
      { loc: `${PUBLIC_URL}/`, lastmod: b.updatedAt },
      { loc: `${PUBLIC_URL}/welcome` },
      { loc: `${PUBLIC_URL}/post/${b.id}`, lastmod: b.updatedAt },
      { loc: `${PUBLIC_URL}/post/${a.id}`, lastmod: a.updatedAt },
    ]);
  });

  it('is a sitemap index of files within the limit past it', async () => {
    // Five posts with two addresses a file: an index of the pages and three files of posts.
    listed = Array.from({ length: 5 }, (_, i) => ({
      id: randomUUID(),
      updatedAt: `2026-11-2${i}T00:00:00.000Z`,
    }));
    const app = Fastify();
    sitemapRoutes(app, {
      upstreams: { posts: (upstreams[0] as FakeService).url },
      origin: PUBLIC_URL,
      maxUrls: 2,
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const index = parsedSitemap((await get('/sitemap.xml', url)).text).sitemapindex;
      expect(index?.['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      expect(index?.sitemap.map((s) => s.loc)).toEqual([
        `${PUBLIC_URL}/sitemap-pages.xml`,
        `${PUBLIC_URL}/sitemap-posts-1.xml`,
        `${PUBLIC_URL}/sitemap-posts-2.xml`,
        `${PUBLIC_URL}/sitemap-posts-3.xml`,
      ]);
      const locs = async (path: string) =>
        parsedSitemap((await get(path, url)).text).urlset?.url.map((u) => u.loc.replace(PUBLIC_URL, ''));
      expect(await locs('/sitemap-pages.xml')).toEqual(['/', '/welcome']);
      const posts = [
        ...((await locs('/sitemap-posts-1.xml')) ?? []),
        ...((await locs('/sitemap-posts-2.xml')) ?? []),
        ...((await locs('/sitemap-posts-3.xml')) ?? []),
      ];
      expect(posts).toEqual(listed.map((p) => `/post/${p.id}`));
      expect((await get('/sitemap-posts-4.xml', url)).status).toBe(404);
      expect((await get('/sitemap-nope.xml', url)).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('answers 503 (try again) when posts cannot list them, never an empty sitemap', async () => {
    postsDown = true;
    try {
      const res = await fetch(`${base}/sitemap.xml`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('60');
      await res.body?.cancel();
    } finally {
      postsDown = false;
    }
  });

  it('comes gzipped to a crawler that accepts it', async () => {
    listed = [];
    const res = await fetch(`${base}/sitemap.xml`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(parsedSitemap(await res.text()).urlset?.url).toHaveLength(2);
  });
});
