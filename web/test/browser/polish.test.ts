import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiClient, draft, testPhoto } from './api';
import { webStackForFile } from './file-stack';
import { DESKTOP, newContext, openPage, PHONE, signedInContext } from './harness';

// Bugs people saw in the app, each as a person meets it in the browser.

let seller: Awaited<ReturnType<ApiClient['seedMember']>>;
const LONG_MESSAGE = `Hello! ${'Is the bicycle still available for pick-up this weekend near Baylor? '.repeat(4)}`;

const web = webStackForFile(async (api) => {
  seller = await api.seedMember('Maria', 'Gonzalez', [
    draft('sale', 'Vintage road bicycle', 'Steel frame, new tyres. #bikes', {
      price: '180',
      neighborhood: 'sanger_heights',
    }),
  ]);
});

/** A member's call through the gateway, as the app makes it. */
async function call(cookie: string, method: string, path: string, body: unknown) {
  const res = await fetch(`${web.url}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', origin: web.url },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const toast = (page: Page, title: string) => page.locator('.toast-root', { hasText: title });

async function postForm(page: Page) {
  await page.goto('/?mode=post');
  await page.getByTestId('photo-uploader').locator('.uppy-Dashboard-AddFiles').waitFor();
  return page.locator('.uppy-Dashboard-input').first();
}

describe('bugs people saw in the app', () => {
  it.each([320, 390])(
    '1: at %i px the card header holds a one-line badge and the whole neighbourhood',
    async (width) => {
      const { context, page, errors } = await openPage(web, '/?search=bicycle', {
        ...PHONE,
        viewport: { width, height: 800 },
      });
      const card = page.locator('article[data-post-id]').first();
      await card.waitFor();
      const badge = card.locator('[data-category="sale"]');
      expect((await badge.boundingBox())?.height).toBeLessThanOrEqual(26);
      expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const place = card.getByTestId('neighborhood');
      expect(await place.textContent()).toBe('Sanger Heights');
      expect(await place.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const [placeBox, cardBox] = [await place.boundingBox(), await card.boundingBox()];
      expect((placeBox?.x ?? 0) + (placeBox?.width ?? 0)).toBeLessThanOrEqual(
        (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
      );
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('2, 3, 9: six photos keep five, a renamed text is refused in the browser, the server’s reason is shown, one camera in the themed panel', async () => {
    const member = await web.api.signup('Hank', 'Dawson', `hank-${Date.now()}@example.com`);
    const { context, errors } = await signedInContext(web, member.cookie);
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'dark'));
    const input = await postForm(page);

    // 9: one way to take a picture on a phone, and the panel in the app's dark card colour.
    const buttons = await page.locator('.uppy-Dashboard-AddFiles').innerText();
    expect(buttons.includes('Take Picture') !== buttons.includes('Camera')).toBe(true);
    expect(
      await page.locator('.uppy-Dashboard-inner').evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(17, 26, 46)');

    // 2: six at once: the first five are kept, and a toast says so.
    const photo = await testPhoto(3, 200, 150);
    await input.setInputFiles(
      Array.from({ length: 6 }, (_, i) => ({ name: `p${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: photo })),
    );
    await expect.poll(() => page.locator('.uppy-Dashboard-Item').count()).toBe(5);
    await toast(page, 'You can only upload 5 files').getByText('The first 5 are kept; 1 left out.').waitFor();
    expect(await toast(page, 'You can only upload 5 files').isVisible()).toBe(true);

    // 3: a text file named .jpg never reaches the server.
    const fresh = await postForm(page);
    await fresh.setInputFiles([
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text, not a photo') },
    ]);
    await toast(page, 'Not a photo').getByText('"notes.jpg" is not a JPG, PNG or WEBP image.').waitFor();
    await expect.poll(() => page.locator('.uppy-Dashboard-Item').count()).toBe(0);

    // 3: a file that starts like a JPEG but is not one: the server refuses it, and says why.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    await fresh.setInputFiles([{ name: 'broken.jpg', mimeType: 'image/jpeg', buffer: broken }]);
    await expect.poll(() => page.locator('.uppy-Dashboard-Item').count()).toBe(1);
    const form = page.getByRole('form', { name: 'Create a post' });
    await form.getByText('For Sale', { exact: true }).click();
    await form.getByLabel('Title').fill('Broken photo');
    await form.getByLabel('Description').fill('This photo is not a photo.');
    await form.getByRole('button', { name: 'Publish Post' }).click();
    await toast(page, 'Upload failed')
      .getByText(/cannot be read as one/)
      .waitFor({ timeout: 20_000 });
    expect(await page.locator('.toast-root', { hasText: 'Failed to create post' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('4: on desktop a conversation row fits its panel, its preview ending in an ellipsis', async () => {
    const buyer = await web.api.signup('Sam', 'Reyes', `sam-${Date.now()}@example.com`);
    await call(buyer.cookie, 'POST', '/api/conversations', { recipientId: seller.id });
    await call(buyer.cookie, 'POST', '/api/messages', { recipientId: seller.id, content: LONG_MESSAGE });
    const { context, errors } = await signedInContext(web, buyer.cookie, DESKTOP);
    const page = await context.newPage();
    await page.goto('/messages');
    const list = page.getByTestId('conversation-list');
    const row = list.locator('button').first();
    await row.waitFor();
    const [rowBox, listBox] = [await row.boundingBox(), await list.boundingBox()];
    expect((rowBox?.x ?? 0) + (rowBox?.width ?? 0)).toBeLessThanOrEqual(
      (listBox?.x ?? 0) + (listBox?.width ?? 0) + 0.5,
    );
    const preview = row.getByText(LONG_MESSAGE.slice(0, 30));
    expect(await preview.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
    expect(await preview.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await row.locator('time').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('8: guest pages never ask /api/user and log no error; pages without the feed fetch no posts', async () => {
    const { context } = await newContext(web);
    const page = await context.newPage();
    const asked: string[] = [];
    const logged: string[] = [];
    page.on('request', (req) => asked.push(new URL(req.url()).pathname + new URL(req.url()).search));
    page.on('console', (msg) => {
      // `/nowhere` answers 404 (its page says so): the browser logs that status, not an error of ours.
      const notFoundPage = msg.location().url.endsWith('/nowhere') && msg.text().includes('404');
      if (msg.type() === 'error' && !notFoundPage) logged.push(msg.text());
    });
    for (const path of ['/', '/auth', `/user/${seller.id}`, '/nowhere']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(asked.filter((p) => p === '/api/user')).toEqual([]);
    expect(asked.filter((p) => p.startsWith('/api/posts?'))).toEqual([]);
    // A returning guest's feed comes with the page, also once the service worker passes the
    // page on (first-view.test.ts checks the page itself): no request for it.
    await page.evaluate(() => localStorage.setItem('hasVisitedAsGuest', 'true'));
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto('/home');
    await page.locator('article[data-post-id]').first().waitFor();
    expect(asked.filter((p) => p === '/api/user')).toEqual([]);
    expect(asked.filter((p) => p.startsWith('/api/posts?'))).toEqual([]);
    expect(logged).toEqual([]);
    await context.close();
  });
});
