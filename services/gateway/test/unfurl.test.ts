import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Post, PublicUser } from '@waco/contracts';
import { readPageTags, testPost } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postStructuredData } from '../src/web-app/unfurl/structured-data';
import { startEchoService } from './fake-services';
import { type GatewayOverFakes, startGatewayOver } from './gateway-over-fakes';

// Shared links unfurl: a crawler (no JavaScript, no cookie) reads the tags of /post/{id} and /user/{id}.

const APP_ORIGIN = 'https://commons.example';
// The app's own page, with its description and preview tags (replaced per page) and its scripts.
const INDEX_HTML = readFileSync(fileURLToPath(new URL('../../../web/index.html', import.meta.url)), 'utf8');
const SCRIPTS = INDEX_HTML.match(/<script/g)?.length;

const author = {
  id: randomUUID(),
  firstName: 'Emily',
  lastName: 'Carter',
  email: 'emily@example.com',
  profileImageUrl: null,
};
const post = (over: Partial<Post>): Post => testPost({ userId: randomUUID(), user: author, ...over });

const hostile = post({
  title: 'Bike "><script>alert(1)</script>',
  description: `Works & rides well.\n\n${'👨‍👩‍👧 '.repeat(100)}`,
  price: '1250.5',
  imagePaths: ['/objects/uploads/u1/first.jpg', '/objects/uploads/u1/second.jpg'],
});
const concert = post({ title: 'Concert', category: 'event', eventDate: '2026-12-05T00:30:00.000Z' });
const member: PublicUser = {
  id: randomUUID(),
  firstName: 'Emily',
  lastName: 'Carter <b>',
  profileImageUrl: '/objects/uploads/u1/me.jpg',
  bio: 'Gardener in Sanger Heights.',
  location: null,
  isVerified: false,
  reputationScore: 0,
  followersCount: 0,
  followingCount: 0,
  postsCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
};

let stack: GatewayOverFakes;
let base: string;
let postsDown = false;

beforeAll(async () => {
  const known = new Map([hostile, concert].map((p) => [p.id, p]));
  const posts = await startEchoService('posts', (app) => {
    app.get<{ Params: { id: string } }>('/api/posts/:id', (req, reply) => {
      if (postsDown) return reply.status(503).send({ message: 'down' });
      const found = known.get(req.params.id);
      // A crawler is a guest: the gateway must not pass anyone's session on.
      if (req.headers['x-user-id']) return reply.status(500).send({ message: 'a user was named' });
      return found ? found : reply.status(404).send({ message: 'Post not found' });
    });
  });
  const identity = await startEchoService('identity', (app) => {
    app.get<{ Params: { id: string } }>('/api/users/:id', (req, reply) =>
      req.params.id === member.id ? member : reply.status(404).send({ message: 'User not found' }),
    );
  });
  stack = await startGatewayOver([posts, identity], {
    webFiles: { 'index.html': INDEX_HTML },
    appOrigins: [APP_ORIGIN, 'http://localhost:3000'],
  });
  base = stack.base;
});
afterAll(() => stack?.close());

async function page(path: string) {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
}

describe('a shared post link', () => {
  it('unfurls with the title, price, an excerpt, the first photo at 1080 px and the canonical address', async () => {
    const { status, type, html } = await page(`/post/${hostile.id}`);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    const tags = readPageTags(html);
    const url = `${APP_ORIGIN}/post/${hostile.id}`;
    expect(tags.title).toBe(`${hostile.title} | Waco Commons`);
    expect(tags.canonical).toBe(url);
    expect(tags.meta['og:url']).toBe(url);
    expect(tags.meta['og:type']).toBe('article');
    expect(tags.meta['og:title']).toBe(hostile.title);
    expect(tags.meta['twitter:title']).toBe(hostile.title);
    expect(tags.meta['og:image']).toBe(`${APP_ORIGIN}/objects/uploads/u1/first.jpg?w=1080`);
    expect(tags.meta['twitter:image']).toBe(tags.meta['og:image']);
    expect(tags.meta['twitter:card']).toBe('summary_large_image');
    expect(tags.meta['twitter:label1']).toBe('Price');
    expect(tags.meta['twitter:data1']).toBe('$1,250.50');
    const description = tags.meta['og:description'] as string;
    expect(description.startsWith('$1,250.50 · Works & rides well. 👨‍👩‍👧')).toBe(true);
    // Cut by user-perceived characters: 160 at most, no family split in half.
    expect([...new Intl.Segmenter().segment(description)].length).toBeLessThanOrEqual(160);
    expect(description.endsWith('👨‍👩‍👧…')).toBe(true);
    expect(tags.meta.description).toBe(description);
    // The app's own tags are replaced, not repeated.
    expect(html.match(/property="og:type"/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    // The app still boots from it.
    expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
  });

  it('escapes what the post says: a title cannot close the attribute or open a script', async () => {
    const { html } = await page(`/post/${hostile.id}`);
    expect(html).not.toContain('"><script>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('content="Bike &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    // The app's scripts, the post itself as the app's boot data (its `<` written \u003c), and
    // its schema.org data (`<`, `>` and `&` written as escapes).
    expect(html.match(/<script/g)).toHaveLength((SCRIPTS as number) + 2);
    expect(html).toContain('<script type="application/json" id="boot-data" data-parts="post">');
    expect(html).toContain(String.raw`"title":"Bike \">\u003cscript>alert(1)\u003c/script>"`);
    expect(html).toContain(String.raw`"name":"Bike \"\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"`);
    expect(html.match(/<\/script>/g)).toHaveLength((SCRIPTS as number) + 2);
  });

  it("carries the post's schema.org data as JSON-LD: a sale as a Product with its Offer", async () => {
    const { html } = await page(`/post/${hostile.id}`);
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const data = JSON.parse(scripts[0]?.[1] as string);
    expect(data).toEqual(postStructuredData(hostile, APP_ORIGIN));
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: hostile.title,
      url: `${APP_ORIGIN}/post/${hostile.id}`,
      offers: {
        '@type': 'Offer',
        price: 1250.5,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    // An event's page carries an Event; a profile's, none.
    expect((await page(`/post/${concert.id}`)).html).toContain('"@type":"Event"');
    expect((await page(`/user/${member.id}`)).html).not.toContain('application/ld+json');
  });

  it("gives an event's date (Waco time) and a plain summary card without a photo", async () => {
    const tags = readPageTags((await page(`/post/${concert.id}`)).html);
    expect(tags.meta['twitter:label1']).toBe('When');
    expect(tags.meta['twitter:data1']).toBe('Fri, Dec 4, 6:30 PM');
    expect(tags.meta['og:description']).toBe('Fri, Dec 4, 6:30 PM · A light road bike.');
    expect(tags.meta['og:image']).toBeUndefined();
    expect(tags.meta['twitter:card']).toBe('summary');
  });

  it('serves the plain app page with 404 for a post that does not exist, is hidden, or is no id', async () => {
    for (const path of [`/post/${randomUUID()}`, '/post/not-an-id']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html).toBe(INDEX_HTML);
    }
  });

  it('serves the plain app page (200, generic tags) when posts cannot answer', async () => {
    postsDown = true;
    try {
      const { status, html } = await page(`/post/${hostile.id}`);
      expect(status).toBe(200);
      expect(html).toBe(INDEX_HTML);
    } finally {
      postsDown = false;
    }
  });
});

describe('a shared profile link', () => {
  it("unfurls with the member's name, bio, photo and canonical address, escaped", async () => {
    const { status, html } = await page(`/user/${member.id}`);
    expect(status).toBe(200);
    const tags = readPageTags(html);
    expect(tags.meta['og:title']).toBe('Emily Carter <b>');
    expect(html).toContain('content="Emily Carter &lt;b&gt;"');
    expect(tags.meta['og:type']).toBe('profile');
    expect(tags.meta['og:description']).toBe('Gardener in Sanger Heights.');
    expect(tags.meta['og:image']).toBe(`${APP_ORIGIN}/objects/uploads/u1/me.jpg`);
    expect(tags.canonical).toBe(`${APP_ORIGIN}/user/${member.id}`);
  });

  it('serves the plain app page with 404 for a member that does not exist, or is no id', async () => {
    for (const path of [`/user/${randomUUID()}`, '/user/abc']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).toBe(INDEX_HTML);
    }
  });
});
