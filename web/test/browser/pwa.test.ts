import { readPageTags } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { type ApiClient, draft } from './api';
import { webStackForFile } from './file-stack';
import { newContext, PHONE, signedInContext } from './harness';
import { controlledPage, newVersionPrompt, playPushSubscription, withDeployableCopy } from './installed-app';

// The app as an installed one: its manifest and icons, its service worker (push, updates, and
// reading offline), and a shared post's own address, in Chromium against the whole stack.

let member: Awaited<ReturnType<ApiClient['seedMember']>>;
const TITLE = 'Offline reading lamp';

const web = webStackForFile(async (client) => {
  member = await client.seedMember('Paula', 'Pwa', [
    draft('sale', TITLE, 'A brass lamp, reads well even without a network.', { price: '35' }),
  ]);
}, 180_000);

const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

describe('installing the app', () => {
  it('links a manifest with PNG icons of 192 and 512 px, maskable ones too', async () => {
    const { context, errors } = await newContext(web);
    const page = await context.newPage();
    await page.goto('/home');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(href as string);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({ name: 'Waco Commons', start_url: '/', display: 'standalone' });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const image = await page.request.get(icon.src);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await image.body()).join('x'), icon.src).toBe(icon.sizes);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs its service worker, which keeps the shell and stores no private answer', async () => {
    const { context, errors } = await signedInContext(web, member.cookie);
    const page = await controlledPage(context);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${web.url}/sw.js`);
    await page.getByText(TITLE).first().waitFor();
    // Signed in, the member's own answers (/api/user, the feed with their cookie) went by.
    const stored = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname + new URL(request.url).search);
      }
      return urls;
    });
    expect(stored).toContain('/');
    expect(stored.some((url) => url.startsWith('/assets/'))).toBe(true);
    const fromApi = stored.filter((url) => url.startsWith('/api/'));
    expect(fromApi.length).toBeGreaterThan(0);
    expect(fromApi.every((url) => url.startsWith('/api/posts?'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a shared post link', () => {
  it('opens the post at /post/{id}, whose HTML carries its preview tags', async () => {
    const post = member.posts[0];
    if (!post) throw new Error('no post seeded');
    // A crawler: a plain request, no script run.
    const html = await (await fetch(`${web.url}/post/${post.id}`)).text();
    expect(readPageTags(html).meta['og:title']).toBe(TITLE);
    expect(readPageTags(html).meta['og:description']).toBe(
      '$35.00 · A brass lamp, reads well even without a network.',
    );
    // A person: the app opens the post there.
    const { context, errors } = await newContext(web);
    const page = await context.newPage();
    await page.goto(`/post/${post.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: TITLE }).waitFor();
    expect(page.url()).toBe(`${web.url}/post/${post.id}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('push notifications', { timeout: 60_000 }, () => {
  it('shows a push delivered to the service worker as a notification', async () => {
    const { context, errors } = await signedInContext(web, member.cookie);
    await context.grantPermissions(['notifications'], { origin: web.url });
    const page = await controlledPage(context);
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${web.url}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    const message = {
      title: 'Ada Lovelace liked your post',
      body: `“${TITLE}”`,
      url: `/post/${member.posts[0]?.id}`,
      tag: 'like:lamp',
    };
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: web.url,
        registrationId,
        data: JSON.stringify(message),
      });
    const worker = context.serviceWorkers()[0];
    if (!worker) throw new Error('no service worker');
    worker.on('console', (m) => {
      if (m.type() === 'error') errors.push(`service worker: ${m.text()}`);
    });
    await deliver();
    // Asked of the worker itself: what it showed.
    const shown = () =>
      worker.evaluate(async () =>
        (
          await (
            self as unknown as { registration: ServiceWorkerRegistration }
          ).registration.getNotifications()
        ).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data,
        })),
      );
    // DevTools hands a push to a busy browser without saying whether the worker got it (a CI run
    // once saw nothing in 20 s): it is handed again, which the same tag makes one notification.
    await expect
      .poll(
        async () => {
          if ((await shown()).length > 0) return 1;
          await deliver();
          return 0;
        },
        {
          timeout: 30_000,
          interval: 2_000,
        },
      )
      .toBe(1);
    expect(await shown()).toHaveLength(1);
    expect((await shown())[0]).toEqual({
      title: message.title,
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the push switch', () => {
  it('turns push on for this device from the profile menu, and off again', async () => {
    const { context, errors } = await signedInContext(web, member.cookie);
    await playPushSubscription(context, web.url);
    const page = await controlledPage(context);
    await page.getByRole('button', { name: /Open profile menu for Paula Pwa/ }).click();
    const toggle = page.getByRole('switch', { name: 'Push notifications' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions'));
    await toggle.click();
    expect((await subscribed).status()).toBe(200);
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

    const unsubscribed = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions'));
    await toggle.click();
    const off = await unsubscribed;
    expect(off.request().method()).toBe('DELETE');
    expect(await off.json()).toEqual({ removed: 1 });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the push switch where the browser cannot push', () => {
  const IPHONE_SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  it.each([
    ['a browser without the Push API', undefined, "This browser can't receive push notifications."],
    ['Safari on an iPhone, outside the Home Screen app', IPHONE_SAFARI, 'Add to Home Screen'],
  ])('is shown disabled, saying why, in %s', async (_, userAgent, why) => {
    const { context, errors } = await signedInContext(web, member.cookie, {
      ...PHONE,
      ...(userAgent ? { userAgent } : {}),
    });
    // What such a browser lacks: the Push API (Safari gives it to Home Screen apps only).
    await context.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const page = await context.newPage();
    await page.goto('/home');
    await page.getByRole('button', { name: /Open profile menu for Paula Pwa/ }).click();
    const toggle = page.getByRole('switch', { name: 'Push notifications' });
    await toggle.waitFor();
    expect(await toggle.isDisabled()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    const reason = page.locator(`#${await toggle.getAttribute('aria-describedby')}`);
    expect(await reason.textContent()).toContain(why);
    expect(await reason.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a new version', () => {
  it('is offered with Reload, which switches to it', async () => {
    // A gateway of its own over a copy of the build, whose sw.js the test changes: a deploy.
    await withDeployableCopy(web, async (origin, deploy) => {
      const { context, errors } = await newContext(web, { ...PHONE, baseURL: origin });
      const page = await controlledPage(context, '/landing');
      const prompt = await newVersionPrompt(page, deploy);
      expect(await prompt.textContent()).toContain('A new version of Waco Commons is ready.');
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await expect
        .poll(() => page.evaluate(() => caches.keys()), { timeout: 10_000 })
        .toContain('waco-shell-next-deploy');
      expect(await page.getByTestId('update-prompt').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }, 60_000);
});

describe('offline', { timeout: 60_000 }, () => {
  it('reads the kept feed with an offline notice, opens a kept post, and says a post not kept needs the network', async () => {
    const { context } = await newContext(web);
    const page = await controlledPage(context, '/?category=sale');
    await page.getByText(TITLE).first().waitFor();
    // The network is gone: for the page, and (the server stops) for the worker as well.
    await context.setOffline(true);
    const closing = web.stack.gateway.close();
    // Not waiting for the browser's idle keep-alive connections: they are the network going away.
    web.stack.gateway.server.closeAllConnections();
    await closing;
    // The shell's own files (the icon, the head script's Intl worker) come from the kept copy.
    const failed: string[] = [];
    page.on('requestfailed', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/api/')) failed.push(url.pathname);
    });
    const worker = page.waitForEvent('worker');
    await page.reload();
    await page.getByTestId('offline-notice').waitFor();
    expect(await page.getByTestId('offline-notice').textContent()).toContain('You are offline');
    await page.getByText(TITLE).first().waitFor();
    expect(new URL((await worker).url()).pathname).toBe('/warm-intl.js');
    expect(failed).toEqual([]);

    // A kept post opens, its code kept at install, its text from the kept feed.
    await page
      .getByRole('article')
      .filter({ hasText: TITLE })
      .getByRole('button', { name: 'View More' })
      .click();
    const detail = page.getByRole('dialog', { name: TITLE });
    await detail.getByText('A brass lamp, reads well', { exact: false }).waitFor();
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'detached' });

    // A post this device never kept says so, with the way back to the feed.
    await page.goto('/post/0190a8f0-0000-7000-8000-0000000000ff');
    const missing = page.getByRole('dialog', { name: "You're offline" });
    await missing.getByText("This post isn't kept on this device", { exact: false }).waitFor();
    expect(await page.getByText('A new version is available').count()).toBe(0);
    await missing.getByRole('button', { name: 'Back to Feed' }).click();
    await missing.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
