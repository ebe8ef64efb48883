import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiClient, draft, testPhoto, uploadPhoto } from './api';
import { webStackForFile } from './file-stack';
import {
  cardCategories,
  DESKTOP,
  hydrated,
  openHeld,
  openPage,
  PHONE,
  returningGuestContext,
  settled,
} from './harness';

// Desktop and tablet: the feed as a grid (from 1280 px beside a panel of filters, cards tiling
// without holes), the navigation in the header, aligned widths, the post as two panes showing
// the whole photo, and the photo viewer's keys and zoom.

let photoPostId = '';
let authorId = '';

const web = webStackForFile(async (api: ApiClient) => {
  const member = await api.seedMember('Emily', 'Carter', [
    ...Array.from({ length: 6 }, (_, i) =>
      draft(
        'sale',
        `Garden chair ${i + 1}`,
        i % 2 ? 'Teak, weathered. Pick up any evening after six.' : 'Teak.',
        {
          price: '20',
        },
      ),
    ),
    draft('job', 'Barista, weekend mornings', 'Latte art a plus.', {
      company: 'Dichotomy',
      salary: '$15/hr',
    }),
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
const WIDE = [
  { width: 1280, height: 860 },
  { width: 1920, height: 1080 },
];

/** The feed's cards' boxes, once at least `count` are shown. */
async function cardBoxes(page: Page, count: number) {
  const cards = page.locator('article[data-post-id]');
  await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return cards.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { top: Math.round(r.top), left: Math.round(r.left), height: Math.round(r.height) };
    }),
  );
}

/**
 * The current photo of the open post: its own size, the box it is drawn in, how it fits, and the
 * part of the page its carousel shows (what lies outside is cut).
 */
function shownPhoto(page: Page) {
  return page
    .locator(
      '[role="dialog"] [data-testid="detail-photos"] [aria-roledescription="slide"][aria-hidden="false"] img',
    )
    .evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      const frame = (img.closest('[data-carousel]') as HTMLElement).getBoundingClientRect();
      return {
        natural: { width: img.naturalWidth, height: img.naturalHeight },
        box: { left: box.left, top: box.top, width: box.width, height: box.height },
        frame: { left: frame.left, top: frame.top, right: frame.right, bottom: frame.bottom },
        fit: getComputedStyle(img).objectFit,
        viewport: { width: innerWidth, height: innerHeight },
      };
    });
}

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

  it.each(WIDE)('at %o shows the whole photo of a post, in a frame of its shape', async (viewport) => {
    const { context, page, errors } = await openPage(web, `/?post=${photoPostId}`, { ...guest, viewport });
    // The two panes are the browser's layout (the server's page is laid out for any width).
    await page.locator('[role="dialog"] [data-layout="two-pane"]').waitFor();
    const img = page.locator('[role="dialog"] [data-testid="detail-photos"] img').first();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
        timeout: 10_000,
      })
      .toBe(true);
    await settled(page.getByRole('dialog'));
    const shown = await shownPhoto(page);
    const { natural, box, frame, viewport: screen } = shown;
    // The photo as drawn: scaled to fit (contain) or to fill (cover) its box.
    const scale =
      shown.fit === 'contain'
        ? Math.min(box.width / natural.width, box.height / natural.height)
        : shown.fit === 'cover'
          ? Math.max(box.width / natural.width, box.height / natural.height)
          : Number.NaN;
    const drawn = { width: natural.width * scale, height: natural.height * scale };
    // All of it inside its box, the box inside the carousel and the screen: no edge lost.
    expect(drawn.width).toBeLessThanOrEqual(box.width + 1);
    expect(drawn.height).toBeLessThanOrEqual(box.height + 1);
    expect(box.left).toBeGreaterThanOrEqual(frame.left - 1);
    expect(box.top).toBeGreaterThanOrEqual(frame.top - 1);
    expect(box.left + box.width).toBeLessThanOrEqual(Math.min(frame.right, screen.width) + 1);
    expect(box.top + box.height).toBeLessThanOrEqual(Math.min(frame.bottom, screen.height) + 1);
    // The frame has the photo's shape, so no bars inside it, and the photo is large.
    expect(Math.abs(box.width / box.height - natural.width / natural.height)).toBeLessThan(0.02);
    expect(box.width).toBeGreaterThan(screen.width * 0.4);
    await page.screenshot({ path: `/tmp/desktop-detail-${viewport.width}.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(WIDE)(
    'at %o filters the feed from a side panel, and its cards tile without holes',
    async (viewport) => {
      const { context, page, errors } = await openPage(web, '/?category=sale', { ...guest, viewport });
      const panel = page.getByTestId('filter-panel');
      await panel.waitFor();
      const [panelBox, grid] = [await panel.boundingBox(), await page.getByTestId('feed-grid').boundingBox()];
      // The panel on the left of the grid, both in view.
      expect((panelBox?.x ?? 0) + (panelBox?.width ?? 0)).toBeLessThanOrEqual(grid?.x ?? 0);
      expect(panelBox?.y ?? 1000).toBeLessThan(viewport.height / 2);

      // Rows of cards: each row's cards start at one height and are as tall as each other; every
      // row but the last is full, its columns the first row's.
      const boxes = await cardBoxes(page, 7);
      const byTop = new Map<number, typeof boxes>();
      for (const box of boxes) byTop.set(box.top, [...(byTop.get(box.top) ?? []), box]);
      const rows = [...byTop.values()];
      const columns = rows[0]?.map((b) => b.left) ?? [];
      expect(columns.length).toBeGreaterThanOrEqual(3);
      rows.forEach((row, i) => {
        expect(new Set(row.map((b) => b.height)).size, `row ${i} heights`).toBe(1);
        if (i < rows.length - 1) expect(row.map((b) => b.left)).toEqual(columns);
        else expect(columns.slice(0, row.length)).toEqual(row.map((b) => b.left));
      });
      await page.screenshot({ path: `/tmp/desktop-feed-${viewport.width}.png` });

      // Choosing a category in the panel filters the feed.
      await panel.getByRole('button', { name: 'Jobs' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('job');
      await page.getByText('Barista, weekend mornings').waitFor();
      await expect.poll(() => cardCategories(page)).toEqual(['job']);
      expect(await panel.getByRole('button', { name: 'Jobs' }).getAttribute('aria-pressed')).toBe('true');
      // And a neighbourhood keeps the category.
      await panel.getByRole('combobox', { name: 'Neighbourhood' }).selectOption('downtown');
      await expect.poll(() => new URL(page.url()).searchParams.get('neighborhood')).toBe('downtown');
      expect(new URL(page.url()).searchParams.get('category')).toBe('job');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('lands laid out for a wide screen: the header navigation and the filter column are in place before the app runs', async () => {
    const { context, errors } = await returningGuestContext(web, {
      ...DESKTOP,
      viewport: { width: 1440, height: 900 },
    });
    const { page, release } = await openHeld(context, '/');
    const card = page.locator('article[data-post-id]').first();
    await card.waitFor();
    // The server's page, before any script: CSS alone picks the header's navigation and leaves
    // the filter panel its column (the bottom bar and the chips are for narrower screens).
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    expect(await page.getByTestId('top-nav').isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    const before = await card.boundingBox();

    release();
    await hydrated(page);
    await page.getByTestId('filter-panel').waitFor();
    // Nothing moved when the app took over and the panel's code arrived.
    expect(await card.boundingBox()).toEqual(before);
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
      // As laid out once the app runs: the wide screen's filter panel is the browser's choice.
      await hydrated(page);
      if (path.startsWith('/?')) await page.getByTestId('filter-panel').waitFor();
      const logo = await page.getByRole('link', { name: 'Waco Commons home' }).boundingBox();
      // The feed's filter panel, else the first card: whichever starts the content.
      const card = await page
        .locator('[data-testid="filter-panel"], article[data-post-id]')
        .first()
        .boundingBox();
      expect(Math.abs((logo?.x ?? 0) - (card?.x ?? 0)), path).toBeLessThanOrEqual(1);
    }
    await context.close();
  });

  it.each(WIDE)(
    'at %o shows a post as two panes side by side (photos left, details right)',
    async (viewport) => {
      const { context, page } = await openPage(web, `/?post=${photoPostId}`, { ...guest, viewport });
      const article = page.locator('[role="dialog"] article');
      await expect.poll(() => article.getAttribute('data-layout'), { timeout: 10_000 }).toBe('two-pane');
      await settled(page.getByRole('dialog'));
      const photos = await page.getByTestId('detail-photos').boundingBox();
      const info = await page.getByTestId('detail-info').boundingBox();
      expect((photos?.x ?? 0) + (photos?.width ?? 0)).toBeLessThanOrEqual((info?.x ?? 0) + 1);
      expect(Math.abs((photos?.y ?? 0) - (info?.y ?? 0))).toBeLessThan(120);
      expect(photos?.width ?? 0).toBeGreaterThan(info?.width ?? 0);
      await context.close();
    },
  );

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
  }, 60_000);
});
