import { describe, expect, it } from 'vitest';
import { draft, testPhoto, uploadPhoto } from './api';
import { webStackForFile } from './file-stack';
import {
  DESKTOP,
  hydrated,
  newContext,
  openHydrated,
  PHONE,
  returningGuestContext,
  signedInContext,
  storeBeforeLoad,
} from './harness';
import { controlledPage } from './installed-app';

// The gateway renders the app's pages with React on the server (web/src/entry-server.tsx): the
// first page of the feed, with its first card's photo, is in the HTML itself; the browser
// hydrates it without asking again for what the page holds, and without a hydration error.

const TITLES = Array.from({ length: 17 }, (_, i) => `Garage find number ${i + 1}`);
/** The newest post's description: the one with a photo, opened at its own address below. */
const DESCRIPTION = 'Solid oak frame, one scratch on the left leg. Pick up near Baylor.';
let member: { id: string; cookie: string };
let seller: { id: string; cookie: string };
let photoPost: { id: string };
let firstPhoto: string;

const web = webStackForFile(async (api) => {
  seller = await api.signup('Sarah', 'Mitchell', `sarah-${Date.now()}@example.com`);
  // 17 posts, newest last: the first page holds the newest 15, the newest with a photo.
  for (const title of TITLES.slice(0, -1))
    await api.createPost(seller.cookie, draft('sale', title, 'Works.'));
  firstPhoto = await uploadPhoto(api, seller.cookie, await testPhoto(2));
  photoPost = await api.createPost(seller.cookie, {
    ...draft('sale', TITLES.at(-1) as string, DESCRIPTION, { price: '45' }),
    imagePaths: [firstPhoto],
  });
  member = await api.signup('Ada', 'Lovelace', `ada-${Date.now()}@example.com`);
}, 180_000);

/** The page's HTML as the gateway sends it, with the cookies given. */
async function pageHtml(path: string, cookie: string) {
  const res = await fetch(`${web.url}${path}`, { headers: { cookie, 'sec-fetch-dest': 'document' } });
  return { html: await res.text(), cacheControl: res.headers.get('cache-control') };
}

/** The part of the page React rendered (what is inside #root). */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.lastIndexOf('</body>'));

const newestFirst = [...TITLES].reverse();

describe('a page rendered on the server', () => {
  it.each([
    ['a returning guest', () => 'guest=1', 'no-cache'],
    ['a member', () => `${member.cookie}; signed_in=1`, 'private, no-store'],
  ])('holds the first 15 posts and the first photo for %s', async (_who, cookie, cacheControl) => {
    const { html, cacheControl: sent } = await pageHtml('/home', cookie());
    expect(sent).toBe(cacheControl);
    const root = rootOf(html);
    expect(root).toContain('data-hydrate-root');
    for (const title of newestFirst.slice(0, 15)) expect(root).toContain(title);
    // The 16th is the second page's.
    expect(root).not.toContain(`>${newestFirst[15]}<`);
    expect(root.match(/<article[^>]*data-post-id/g)).toHaveLength(15);
    // The first card's photo, asked for first.
    const img = root.match(/<img[^>]*>/g)?.find((tag) => tag.includes(firstPhoto.split('/').pop() as string));
    expect(img).toMatch(/fetchpriority="high"/i);
  });

  it('holds the results of a search, which the browser hydrates without asking for them again', async () => {
    const { html } = await pageHtml('/?search=garage', '');
    expect(rootOf(html)).toContain(newestFirst[0]);
    expect(rootOf(html).match(/<article[^>]*data-post-id/g)).toHaveLength(15);
    const { context, errors } = await newContext(web, PHONE);
    const { page, requests, console } = await openHydrated(context, '/?search=garage');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((path) => path.startsWith('/api/posts?'))).toEqual([]);
    expect(console.filter((line) => /hydrat|did not match/i.test(line))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("renders in the visitor's language and theme, from their cookies", async () => {
    const { html } = await pageHtml('/welcome', 'lang=es; theme=dark');
    expect(html).toContain('<html lang="es" class="dark">');
    expect(rootOf(html)).toContain('Continuar como invitado');
    // The page's own title, in the reader's language, is in the HTML before any script runs.
    expect(html).toContain('<title>Bienvenida | Waco Commons</title>');
    const auth = await pageHtml('/auth', 'lang=es');
    expect(auth.html).toMatch(/<title>[^<]+ \| Waco Commons<\/title>/);
    expect(auth.html).not.toContain('Events, For Sale');
    const missing = await pageHtml('/no/such/page', 'lang=es');
    expect(missing.html).toMatch(/<title>[^<]+ \| Waco Commons<\/title>/);
    expect(missing.html).not.toContain('Page Not Found');
  });

  it('puts a large page in place, with no segment a script must move (the CSP refuses inline scripts)', async () => {
    // The post form is larger than React's default progressive chunk: it was sent hidden, out of
    // place, behind an inline $RC script the CSP blocks, and stayed in the page beside the live form.
    const { html } = await pageHtml('/?mode=post', `${member.cookie}; signed_in=1`);
    const root = rootOf(html);
    expect(root).toContain('<form');
    expect(root).not.toMatch(/<div hidden id="S:|<template id="B:|<script/);
    const { context, errors } = await signedInContext(web, member.cookie);
    const { page, console } = await openHydrated(context, '/?mode=post');
    await page.getByTestId('photo-uploader').locator('.uppy-Dashboard-AddFiles').waitFor();
    expect(await page.locator('input[name="category"][value="sale"]').count()).toBe(1);
    expect(console.filter((line) => /Content Security Policy|hydrat/i.test(line))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('loads without a single refusal of the CSP (zod never probes whether it may compile code)', async () => {
    // Zod's probe (`Function('')`) is caught, but Chromium still reports it as a violation: a
    // console error, and a point off Lighthouse's best practices on each page that loads zod.
    const { context, errors } = await newContext(web, PHONE);
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    for (const path of [`/post/${photoPost.id}`, '/auth']) {
      const { page } = await openHydrated(context, path);
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      ).toEqual([]);
      await page.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('hydrates the feed without a hydration error and without asking for the feed or the user', async () => {
    for (const who of ['guest', 'member'] as const) {
      const { context, errors } =
        who === 'member' ? await signedInContext(web, member.cookie) : await returningGuestContext(web);
      const { page, requests, console } = await openHydrated(context, '/home');
      await page.waitForLoadState('networkidle');
      expect(requests.filter((path) => path.startsWith('/api/posts?'))).toEqual([]);
      expect(requests).not.toContain('/api/user');
      expect(console.filter((line) => /hydrat|did not match|server rendered/i.test(line))).toEqual([]);
      expect(errors).toEqual([]);
      // Hydrated: a card opens its post.
      await page.getByRole('heading', { name: newestFirst[0] }).click();
      await page.getByRole('dialog').waitFor();
      await context.close();
    }
  }, 120_000);

  it('hydrates a Spanish, dark page as it was rendered, then keeps the language chosen', async () => {
    const { context, errors } = await newContext(web, PHONE);
    await context.addCookies([
      { name: 'lang', value: 'es', url: web.url },
      { name: 'theme', value: 'dark', url: web.url },
    ]);
    await storeBeforeLoad(context, { lang: 'es', 'vite-ui-theme': 'dark' });
    const { page, console } = await openHydrated(context, '/welcome');
    await page.getByRole('button', { name: 'Continuar como invitado' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.className)).toContain('dark');
    expect(console.filter((line) => /hydrat|did not match/i.test(line))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('a post or a profile at its own address, rendered on the server', () => {
  it.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])(
    "holds the post's content, which hydrates on %s as a dialog without asking for the post again",
    async (_device, device) => {
      const { html } = await pageHtml(`/post/${photoPost.id}`, 'guest=1');
      const root = rootOf(html);
      expect(root).toContain('role="dialog"');
      // Named by its title in the HTML itself (Radix names it only after a render in the browser).
      const named = root.match(
        /role="dialog"[^>]*aria-labelledby="([^"]+)"|aria-labelledby="([^"]+)"[^>]*role="dialog"/,
      );
      const titleId = named?.[1] ?? named?.[2];
      expect(root).toMatch(new RegExp(`<h2[^>]*id="${titleId}"[^>]*>${newestFirst[0]}<`));
      // In place, not in a hidden part that only an inline script (which the CSP blocks) would move.
      expect(root).not.toMatch(/id="S:\d+"/);
      expect(root).toContain(newestFirst[0]);
      expect(root).toContain(DESCRIPTION);
      expect(root).toContain('$45');
      expect(root).toContain('Sarah');
      expect(root).toMatch(new RegExp(`<img[^>]*${firstPhoto.split('/').pop()}`));

      const { context, errors } = await returningGuestContext(web, device);
      // The thread is read after the live thread has answered (as on a loaded machine): the
      // stream's first count is then checked against the post's, which is not read again for it.
      const streamOpened = new Promise<void>((resolve) => {
        context.on('response', (response) => {
          if (response.url().endsWith(`/api/posts/${photoPost.id}/comments/stream`)) resolve();
        });
      });
      await context.route(new RegExp(`/api/posts/${photoPost.id}/comments(\\?|$)`), async (route) => {
        await streamOpened;
        await route.continue();
      });
      const { page, requests, console } = await openHydrated(context, `/post/${photoPost.id}`);
      await streamOpened;
      await page.waitForLoadState('networkidle');
      // The post is not asked again; its thread is, once hydrated (it is not in the boot data).
      const post = `/api/posts/${photoPost.id}`;
      expect(
        requests.filter((path) => path.startsWith(post) && !path.startsWith(`${post}/comments`)),
      ).toEqual([]);
      expect(console.filter((line) => /hydrat|did not match|server rendered/i.test(line))).toEqual([]);
      // Still a modal: named by the post, the focus in it, and closing it goes to the feed.
      const dialog = page.getByRole('dialog', { name: newestFirst[0] });
      await dialog.waitFor();
      // One dialog, laid out for this screen (two panes on a desktop).
      expect(await page.locator('[role="dialog"] article').getAttribute('data-layout')).toBe(
        device === DESKTOP ? 'two-pane' : 'single',
      );
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).not.toContain('/post/');
      expect(errors).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it("holds a member's name and posts, which hydrate without asking for them again", async () => {
    const { html } = await pageHtml(`/user/${seller.id}`, 'guest=1');
    const root = rootOf(html);
    expect(root).toContain('Sarah Mitchell');
    for (const title of newestFirst.slice(0, 15)) expect(root).toContain(title);
    expect(root.match(/<article[^>]*data-post-id/g)).toHaveLength(15);

    const { context, errors } = await returningGuestContext(web);
    const { page, requests, console } = await openHydrated(context, `/user/${seller.id}`);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((path) => path.startsWith('/api/users/'))).toEqual([]);
    expect(console.filter((line) => /hydrat|did not match|server rendered/i.test(line))).toEqual([]);
    // Hydrated: a card opens its post.
    await page.getByRole('heading', { name: newestFirst[0] }).click();
    await page.getByRole('dialog').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

/** Something made through the API as the member with this cookie (201): its answer. */
async function made(cookie: string, path: string, body: unknown): Promise<{ id: string }> {
  const res = await fetch(`${web.url}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

describe("a group's and an event's page, rendered on the server", () => {
  it('holds the group, its events and its posts, which hydrate without asking for them again', async () => {
    const group = await made(seller.cookie, '/api/groups', {
      name: 'Sanger Heights book swap',
      description: 'Paperbacks on the porch, every Saturday.',
    });
    const event = await made(seller.cookie, '/api/events', {
      title: 'Porch swap morning',
      location: '1900 Sanger Ave',
      startDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      groupId: group.id,
    });
    await web.api.createPost(seller.cookie, {
      ...draft('sale', 'Box of mysteries', 'Twelve paperbacks.'),
      groupId: group.id,
    });

    const { html } = await pageHtml(`/groups/${group.id}`, 'guest=1');
    const root = rootOf(html);
    for (const text of [
      'Sanger Heights book swap',
      'Paperbacks on the porch',
      'Porch swap morning',
      'Box of mysteries',
    ])
      expect(root).toContain(text);
    const eventPage = rootOf((await pageHtml(`/events/${event.id}`, 'guest=1')).html);
    for (const text of ['Porch swap morning', '1900 Sanger Ave', 'Sanger Heights book swap'])
      expect(eventPage).toContain(text);

    const { context, errors } = await returningGuestContext(web);
    const { page, requests, console } = await openHydrated(context, `/groups/${group.id}`);
    await page.waitForLoadState('networkidle');
    expect(
      requests.filter((path) => path.startsWith(`/api/groups/${group.id}`) || path.startsWith('/api/posts')),
    ).toEqual([]);
    expect(requests.filter((path) => path.startsWith('/api/events'))).toEqual([]);
    expect(console.filter((line) => /hydrat|did not match|server rendered/i.test(line))).toEqual([]);
    // Hydrated: the event's link opens it.
    await page.getByRole('link', { name: 'Porch swap morning' }).click();
    await page.getByTestId('event-start').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("renders a private group's name only for an outsider, and its inside for its members", async () => {
    const group = await made(seller.cookie, '/api/groups', {
      name: 'Quiet Street key list',
      description: 'Who holds the spare keys.',
      isPublic: false,
    });
    await web.api.createPost(seller.cookie, {
      ...draft('sale', 'Spare key rota', 'Ours only.'),
      groupId: group.id,
    });
    for (const cookie of ['guest=1', member.cookie]) {
      const root = rootOf((await pageHtml(`/groups/${group.id}`, cookie)).html);
      expect(root).toContain('Quiet Street key list');
      expect(root).not.toContain('spare keys');
      expect(root).not.toContain('Spare key rota');
    }
    const own = await pageHtml(`/groups/${group.id}`, seller.cookie);
    expect(rootOf(own.html)).toContain('Who holds the spare keys.');
    expect(rootOf(own.html)).toContain('Spare key rota');
    expect(own.cacheControl).toContain('no-store');
  }, 60_000);
});

describe("a member's rendered page", () => {
  it('is never kept by the service worker, nor served offline to whoever uses the browser next', async () => {
    const { context, errors } = await signedInContext(web, member.cookie);
    const page = await controlledPage(context, '/home');
    for (const path of ['/home', '/profile', '/messages', '/notifications']) {
      await page.goto(path);
      await hydrated(page);
    }
    // The only page kept is the worker's own copy of the shell: no one's, and not rendered.
    const pages = await page.evaluate(async () => {
      const kept: Array<{ path: string; body: string }> = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          if (response?.headers.get('content-type')?.includes('text/html'))
            kept.push({ path: new URL(request.url).pathname, body: await response.text() });
        }
      }
      return kept;
    });
    expect(pages.map((p) => p.path)).toEqual(['/']);
    expect(pages[0]?.body).not.toContain('Lovelace');
    expect(pages[0]?.body).not.toContain('data-hydrate-root');
    // Signed out, offline: the next person gets the shell, none of the member's page.
    await context.clearCookies();
    await context.setOffline(true);
    const response = await page.goto('/profile', { waitUntil: 'commit' });
    // The app may leave the page at once (a guest on /profile is sent to sign in), which takes the
    // response's body with it: the document then shown is read instead.
    const shown = await response?.text().catch(() => page.content());
    expect(shown).not.toContain('Lovelace');
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
