import type { Worker as PlaywrightWorker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { draft } from './api';
import { webStackForFile } from './file-stack';
import { newContext, PHONE, signedInContext, storeBeforeLoad, watchPage } from './harness';

// The first card without waiting for the app to boot: the page the gateway serves holds
// who is signed in and the feed's first page, and the app renders from them without asking.

let member: { id: string; cookie: string };
const web = webStackForFile(async (api) => {
  await api.seedMember('Sarah', 'Mitchell', [
    draft('sale', 'Walnut bookshelf', 'Five shelves, solid walnut.', { price: '80' }),
  ]);
  member = await api.signup('Ada', 'Lovelace', `ada-${Date.now()}@example.com`);
});

const FIRST_FEED_PAGE = '/api/posts?limit=15&offset=0';

describe('the first feed view', () => {
  it("renders a member's feed and header from the page itself, which no cache keeps", async () => {
    const { context, errors } = await signedInContext(web, member.cookie);
    const page = await context.newPage();
    const { requests } = watchPage(page);
    const response = await page.goto('/');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await page.getByRole('heading', { name: 'Walnut bookshelf' }).waitFor();
    // Signed in from the first render: the avatar, not the sign-in button.
    await page.getByRole('button', { name: 'Open profile menu for Ada Lovelace' }).waitFor();
    expect(requests).not.toContain('/api/user');
    expect(requests).not.toContain(FIRST_FEED_PAGE);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("runs the page's inline head script under the CSP, which refuses any other inline script", async () => {
    const { context, errors } = await newContext(web);
    await storeBeforeLoad(context, { 'vite-ui-theme': 'dark' });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await page.goto('/welcome');
    // Set by the head script before the app's code ran (the splash is painted dark).
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(refused).toEqual([]);
    // Another inline script is refused.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    expect(
      await page.evaluate(
        () => 'window.__injected' in window && (window as { __injected?: boolean }).__injected,
      ),
    ).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("renders a returning guest's feed from the page, without a request for it", async () => {
    const { context, errors } = await newContext(web);
    await storeBeforeLoad(context, { hasVisitedAsGuest: 'true' });
    const page = await context.newPage();
    const { requests } = watchPage(page);
    const response = await page.goto('/');
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await page.getByRole('heading', { name: 'Walnut bookshelf' }).waitFor();
    expect(requests.filter((path) => path.startsWith('/api/posts?'))).toEqual([]);
    expect(requests).not.toContain('/api/user');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('asks for a filtered feed itself', async () => {
    const { context, errors } = await newContext(web);
    const page = await context.newPage();
    const { requests } = watchPage(page);
    await page.goto('/?category=sale');
    await page.getByRole('heading', { name: 'Walnut bookshelf' }).waitFor();
    expect(requests.some((path) => path.startsWith('/api/posts?') && path.includes('category=sale'))).toBe(
      true,
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("warms Intl off the main thread, in the reader's locale, under the CSP", async () => {
    for (const [locale, expected] of [
      ['es-MX', 'es-US'],
      ['en-GB', 'en-US'],
    ] as const) {
      const { context, errors } = await newContext(web, { ...PHONE, locale });
      const page = await context.newPage();
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) refused.push(message.text());
      });
      // Its end is listened for as it starts: it may end before the page has finished loading.
      let ended!: Promise<unknown>;
      const started = new Promise<PlaywrightWorker>((resolve) =>
        page.once('worker', (worker) => {
          ended = new Promise((closed) => worker.once('close', closed));
          resolve(worker);
        }),
      );
      const script = page.waitForResponse((res) => new URL(res.url()).pathname === '/warm-intl.js');
      await page.goto('/welcome');
      // Started by the page's head script, before the app's code, with the reader's Intl locale.
      const worker = await started;
      expect(new URL(worker.url()).searchParams.get('locale')).toBe(expected);
      const response = await script;
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/javascript/);
      // It makes its formatters and ends itself: nothing of it stays running beside the app.
      await ended;
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 60_000);

  it("preloads a post page's detail code with the page, every file of it the build's", async () => {
    const feed = (await (await fetch(`${web.url}/api/posts?limit=1`)).json()) as {
      posts: Array<{ id: string }>;
    };
    const post = feed.posts[0];
    if (!post) throw new Error('the seeded feed is empty');
    const html = await (
      await fetch(`${web.url}/post/${post.id}`, { headers: { 'sec-fetch-dest': 'document' } })
    ).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(preloaded.some((file) => /\/assets\/PostDetail-[\w-]+\.js$/.test(file ?? ''))).toBe(true);
    for (const file of preloaded) expect((await fetch(`${web.url}${file}`)).status, file).toBe(200);
    // The post opens on it: its detail's code was asked for with the page, not after the app ran.
    const { context, errors } = await newContext(web);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/post/${post.id}`);
    await page.getByRole('dialog').waitFor();
    const detail = asked.findIndex((path) => path.includes('/PostDetail-'));
    const entry = asked.findIndex((path) => /\/assets\/index-[\w-]+\.js$/.test(path));
    expect(detail).toBeGreaterThan(-1);
    expect(detail).toBeLessThan(entry);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
