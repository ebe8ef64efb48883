import type { CreatePostRequest } from '@waco/contracts';
import { describe, expect, it } from 'vitest';
import { draft } from './api';
import { webStackForFile } from './file-stack';
import { cardCategories, newContext } from './harness';

const BIKE = 'Vintage road bicycle, 56 cm';

const web = webStackForFile(async (api) => {
  const numbered = (count: number, make: (i: number) => CreatePostRequest) =>
    Array.from({ length: count }, (_, k) => make(k + 1));
  // Oldest first: the bicycle ends up on the last page, so only the search can bring it up.
  await api.seedMember('Maria', 'Gonzalez', [
    draft('sale', BIKE, 'Steel frame, new tyres, rides beautifully. Pick up near Baylor.', {
      price: '180',
      neighborhood: 'downtown',
    }),
    ...numbered(5, (i) =>
      draft('event', `Porch concert number ${i}`, 'Bring a chair and a friend.', {
        eventDate: `2030-06-0${i}T18:00:00-05:00`,
        address: 'Cameron Park pavilion',
      }),
    ),
    ...numbered(3, (i) =>
      draft('job', `Barista wanted, shift ${i}`, 'Weekend mornings downtown.', {
        company: 'Brazos Coffee',
        salary: '$15/hr',
      }),
    ),
    ...numbered(40, (i) =>
      draft('sale', `Garage sale item ${i}`, `Item number ${i}, in good shape.`, { price: String(i * 5) }),
    ),
  ]);
});

describe('a guest', () => {
  it('lands, continues as guest, scrolls three pages, filters by a chip, finds a post despite a typo and opens it', async () => {
    const { context, errors } = await newContext(web);
    const page = await context.newPage();
    const feedRequests: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/posts') feedRequests.push(req.url());
    });

    await page.goto('/');
    await expect.poll(() => page.title()).toBe('Welcome | Waco Commons');
    await page.getByText('Discover Waco in a different way...').waitFor();
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await page.waitForURL('**/home');
    expect(await page.evaluate(() => localStorage.getItem('hasVisitedAsGuest'))).toBe('true');

    const cards = page.locator('article[data-post-id]');
    // The first page's cards are in the page as far as a screen below the fold, not further:
    // the count settles (the same twice, 300 ms apart) short of the page's 15.
    const settledCount = async () => {
      const before = await cards.count();
      await page.waitForTimeout(300);
      return (await cards.count()) === before ? before : Number.POSITIVE_INFINITY;
    };
    await expect.poll(settledCount, { timeout: 10_000 }).toBeLessThan(15);
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    // Scrolling on, a screen at a time, shows the rest and then the next pages to the last (four
    // pages: 49 posts), each asked for with the cursor the previous one gave.
    const end = page.getByText("You've reached the end!");
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 800);
          return end.isVisible();
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    await expect.poll(() => cards.count()).toBe(49);
    expect(feedRequests.filter((u) => u.includes('cursor=')).length).toBeGreaterThanOrEqual(3);
    expect(feedRequests.every((u) => new URL(u).searchParams.get('limit') === '15')).toBe(true);
    // The compact chip bar follows the scroll.
    expect(await page.getByTestId('compact-chips').getAttribute('aria-hidden')).toBe('false');

    await page
      .getByRole('group', { name: 'Categories', exact: true })
      .getByRole('button', { name: 'Events' })
      .click();
    await page.waitForURL('**/home?category=event');
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 800);
        return cards.count();
      })
      .toBe(5);
    expect(new Set(await cardCategories(page))).toEqual(new Set(['event']));
    await expect.poll(() => page.title()).toBe('Events | Waco Commons');

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const search = page.getByRole('dialog', { name: 'Search' });
    await search.getByText('Recent Searches').waitFor();
    await search.getByRole('searchbox', { name: 'Search posts' }).fill('vintage bicyle');
    await search.getByRole('searchbox', { name: 'Search posts' }).press('Enter');
    await page.waitForURL(/search=vintage/);
    await expect.poll(() => cards.count()).toBe(1);
    await expect.poll(() => cards.first().getByRole('heading').textContent()).toBe(BIKE);
    // A search resets the chip to All.
    expect(
      await page
        .getByRole('group', { name: 'Categories', exact: true })
        .getByRole('button', { name: 'All' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await expect.poll(() => page.title()).toBe('Search: vintage bicyle | Waco Commons');

    await cards.first().getByRole('button', { name: 'View More' }).click();
    const detail = page.getByRole('dialog', { name: BIKE });
    await detail.getByRole('heading', { name: BIKE }).waitFor();
    expect(new URL(page.url()).searchParams.get('post')).toMatch(/^[0-9a-f-]{36}$/);
    await detail.getByText('$180.00').waitFor();
    await detail.getByText('Contact Seller').waitFor();
    await detail.getByText('No contact information available for this post.').waitFor();
    await expect.poll(() => page.title()).toBe(`${BIKE} | Waco Commons`);
    // The bottom navigation hides while a modal is open.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    // The same address opens the post directly.
    const link = page.url();
    const other = await context.newPage();
    await other.goto(link);
    await other.getByRole('dialog', { name: BIKE }).getByRole('heading', { name: BIKE }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
