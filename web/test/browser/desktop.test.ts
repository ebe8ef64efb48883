import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiClient, draft, testPhoto, uploadPhoto } from './api';
import { webStackForFile } from './file-stack';
import { DESKTOP, openPage, PHONE } from './harness';

// Desktop and tablet: the feed as a grid, the navigation in the header, aligned
// widths, the post as two panes, and the photo viewer's keys and zoom.

let photoPostId = '';
let authorId = '';

const web = webStackForFile(async (api: ApiClient) => {
  const member = await api.seedMember('Emily', 'Carter', [
    ...Array.from({ length: 6 }, (_, i) =>
      draft('sale', `Garden chair ${i + 1}`, 'Teak, weathered.', { price: '20' }),
    ),
  ]);
  authorId = member.id;
  const paths = [
    await uploadPhoto(api, member.cookie, await testPhoto(1)),
    await uploadPhoto(api, member.cookie, await testPhoto(2)),
  ];
  const post = await api.createPost(
    member.cookie,
    draft('sale', 'Oak dining table', 'Seats six. #furniture', { price: '250', imagePaths: paths }),
  );
  photoPostId = post.id;
});

/**
 * How many columns the first cards make: their distinct left edges on the first row. Four cards
 * tell one to three columns apart (a phone shows the cards of about two screens, five or so).
 */
async function columns(page: Page) {
  const cards = page.locator('article[data-post-id]');
  await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
  const boxes = await cards.evaluateAll((els) =>
    els.slice(0, 4).map((el) => el.getBoundingClientRect().toJSON()),
  );
  const top = boxes[0].top;
  return new Set(
    boxes.filter((b: DOMRect) => Math.abs(b.top - top) < 2).map((b: DOMRect) => Math.round(b.left)),
  ).size;
}

const guest = { ...DESKTOP };

describe('desktop and tablet', () => {
  it.each([
    [{ width: 1440, height: 900 }, 3],
    [{ width: 1280, height: 860 }, 3],
    [{ width: 1024, height: 800 }, 2],
    [{ width: 390, height: 844 }, 1],
  ])('lays the feed out in columns at %o: %i', async (viewport, expected) => {
    const { context, page, errors } = await openPage(web, '/?category=sale', {
      ...(viewport.width < 1024 ? PHONE : guest),
      viewport,
    });
    expect(await columns(page)).toBe(expected);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts the navigation in the header from 1024 px, with header and content edges aligned', async () => {
    const { context, page } = await openPage(web, '/?category=sale', DESKTOP);
    const top = page.getByTestId('top-nav');
    await top.waitFor();
    for (const name of ['Home', 'Messages', 'Post', 'Notifications', 'Profile'])
      expect(await top.getByRole(name === 'Home' ? 'link' : 'button', { name }).isVisible()).toBe(true);
    // Only one navigation, and nothing floats over the cards.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    const like = page.locator('article[data-post-id]').first().getByRole('button', { name: /^Like/ });
    const hit = await like.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(hit).toBe(true);
    for (const path of ['/?category=sale', `/user/${authorId}`]) {
      await page.goto(path);
      await page.locator('article[data-post-id]').first().waitFor();
      const logo = await page.getByRole('link', { name: 'Waco Commons home' }).boundingBox();
      const card = await page.locator('article[data-post-id]').first().boundingBox();
      expect(Math.abs((logo?.x ?? 0) - (card?.x ?? 0)), path).toBeLessThanOrEqual(1);
    }
    await context.close();
  });

  it('shows a post as two panes on desktop (photos left, details right), full screen on a phone', async () => {
    const desk = await openPage(web, `/?post=${photoPostId}`, DESKTOP);
    const article = desk.page.locator('[role="dialog"] article');
    await expect.poll(() => article.getAttribute('data-layout'), { timeout: 10_000 }).toBe('two-pane');
    const photos = await desk.page.getByTestId('detail-photos').boundingBox();
    const info = await desk.page.getByTestId('detail-info').boundingBox();
    expect((photos?.x ?? 0) + (photos?.width ?? 0)).toBeLessThanOrEqual((info?.x ?? 0) + 1);
    expect(photos?.width ?? 0).toBeGreaterThan(info?.width ?? 0);
    expect(Math.abs((photos?.y ?? 0) - (desk.page.viewportSize()?.height ?? 0) / 2)).toBeLessThan(
      (desk.page.viewportSize()?.height ?? 0) / 2,
    );

    // The viewer: arrow keys move between the photos, the wheel and a double click zoom.
    await desk.page.getByTestId('detail-photos').locator('img').first().click();
    const viewer = desk.page.locator('[data-zoom]');
    await viewer.waitFor();
    const carousel = viewer.locator('[data-carousel]');
    await expect
      .poll(() => carousel.evaluate((el) => el === document.activeElement), { timeout: 5_000 })
      .toBe(true);
    await desk.page.keyboard.press('ArrowRight');
    await expect.poll(() => carousel.getAttribute('data-index')).toBe('1');
    await desk.page.keyboard.press('ArrowLeft');
    await expect.poll(() => carousel.getAttribute('data-index')).toBe('0');
    await viewer.hover();
    await desk.page.mouse.wheel(0, -300);
    await expect.poll(async () => Number(await viewer.getAttribute('data-zoom'))).toBeGreaterThan(1.5);
    await viewer.dblclick();
    await expect.poll(() => viewer.getAttribute('data-zoom')).toBe('1.00');
    await viewer.dblclick();
    await expect.poll(() => viewer.getAttribute('data-zoom')).toBe('2.50');
    expect(desk.errors).toEqual([]);
    await desk.context.close();

    const phone = await openPage(web, `/?post=${photoPostId}`, PHONE);
    const dialog = phone.page.getByRole('dialog');
    await expect
      .poll(() => phone.page.locator('[role="dialog"] article').getAttribute('data-layout'), {
        timeout: 10_000,
      })
      .toBe('single');
    // Once its slide-in is over, it covers the whole screen.
    await expect
      .poll(() => dialog.boundingBox(), { timeout: 5_000 })
      .toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await phone.context.close();
  });
});
