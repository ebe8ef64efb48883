import { randomUUID } from 'node:crypto';
import { SeedClient, sessionCookie, uploadSeedPhoto } from '@waco/launcher/seed';
import { dropSchema, readPageTags, uniqueName, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedTestStack, type TestStack } from './support/embedded-test-stack';

// Shared links unfurl in the embedded stack as `npm start` runs it: a crawler (a plain HTTP
// client, no cookie, no JavaScript) reads the preview tags of a real post and a real member.

const SERVICE_NAMES = ['identity', 'posts', 'messaging', 'notifications', 'media'] as const;
const suffix = `_${uniqueName('unfurl').split('_')[1]}`;
const ORIGIN = 'http://localhost:3000';
const TITLE = 'Road bike "><script>alert(1)</script>';

let running: TestStack;
let base: string;
let cookie: string;
let userId: string;
let postId: string;
let photo: string;

beforeAll(async () => {
  running = await startEmbeddedTestStack({
    schemaSuffix: suffix,
    rateLimits: { general: 100_000, auth: 100_000 },
  });
  base = running.stack.url;
  const client = new SeedClient(base, () => {});
  const signup = await client.expect(201, 'POST', '/api/signup', {
    json: {
      firstName: 'Emily',
      lastName: 'Carter',
      email: `${randomUUID()}@example.com`,
      password: 'a-long-passphrase-7',
    },
  });
  cookie = sessionCookie(signup) as string;
  userId = signup.body.id;
  photo = await uploadSeedPhoto(client, cookie, 'bicycle');
  const post = {
    category: 'sale',
    title: TITLE,
    description: 'Light, fast and serviced last month. Comes with a helmet.',
    neighborhood: 'other',
    price: '120',
    imagePaths: [photo],
  };
  // Posts accepts the photo once media's MediaUploaded has reached it.
  postId = await waitFor(
    async () => {
      const res = await client.request('POST', '/api/posts', { cookie, json: post });
      return res.status === 201 ? (res.body.id as string) : undefined;
    },
    30_000,
    'the post with its photo',
  );
}, 120_000);

afterAll(async () => {
  await running?.stop();
  for (const name of SERVICE_NAMES) await dropSchema(`${name}${suffix}`).catch(() => {});
});

describe('link previews in the embedded stack', () => {
  it("a post's link carries its title, price, excerpt, 1080 px photo and canonical address", async () => {
    const res = await fetch(`${base}/post/${postId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const tags = readPageTags(html);
    expect(tags.meta['og:title']).toBe(TITLE);
    expect(html).not.toContain('"><script>');
    expect(tags.meta['og:description']).toBe(
      '$120.00 · Light, fast and serviced last month. Comes with a helmet.',
    );
    expect(tags.meta['og:image']).toBe(`${ORIGIN}${photo}?w=1080`);
    expect(tags.canonical).toBe(`${ORIGIN}/post/${postId}`);
    // The image the preview names is served.
    const image = await fetch(`${base}${photo}?w=1080`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it("a member's link carries their name and canonical address", async () => {
    const res = await fetch(`${base}/user/${userId}`);
    expect(res.status).toBe(200);
    const tags = readPageTags(await res.text());
    expect(tags.meta['og:title']).toBe('Emily Carter');
    expect(tags.meta['og:type']).toBe('profile');
    expect(tags.canonical).toBe(`${ORIGIN}/user/${userId}`);
  });

  it("a post's page carries its schema.org data, read from the real post", async () => {
    const html = await (await fetch(`${base}/post/${postId}`)).text();
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] as string;
    expect(JSON.parse(json)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: TITLE,
      image: [`${ORIGIN}${photo}?w=1080`],
      offers: {
        '@type': 'Offer',
        price: 120,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('the sitemap lists the post until it is deleted, and robots.txt names the sitemap', async () => {
    const robots = await (await fetch(`${base}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const sitemap = async () => (await fetch(`${base}/sitemap.xml`)).text();
    expect(await sitemap()).toContain(`<loc>${ORIGIN}/post/${postId}</loc>`);
    const deleted = await fetch(`${base}/api/posts/${postId}`, {
      method: 'DELETE',
      headers: { cookie, origin: ORIGIN },
    });
    expect(deleted.status).toBe(204);
    expect(await sitemap()).not.toContain(`/post/${postId}`);
    expect((await fetch(`${base}/post/${postId}`)).status).toBe(404);
  });

  it('an unknown post is the plain app page with 404', async () => {
    const res = await fetch(`${base}/post/${randomUUID()}`);
    expect(res.status).toBe(404);
    expect(readPageTags(await res.text()).meta['og:title']).toBeUndefined();
  });
});
