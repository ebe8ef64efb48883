import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { draft } from './api';
import { webStackForFile } from './file-stack';
import { cardCategories, hydrated, returningGuestContext } from './harness';

// (Routed on the context: the app's service worker makes the requests it answers from the network.)
// When the gateway refuses a read because the stack is busy (503 with Retry-After: its admission,
// docs/operations.md "Overload"), the app asks again with backoff, and says so when it gives up.

const web = webStackForFile(async (api) => {
  await api.seedMember('Rosa', 'Parks', [
    draft('job', 'Line cook wanted', 'Evenings on Elm Avenue.', {
      company: 'Elm Street Diner',
      salary: '$16/hr',
    }),
    draft('event', 'Quilting circle', 'Bring fabric scraps.', {
      eventDate: '2030-03-04T18:00:00-06:00',
      address: 'Waco-McLennan County Library',
    }),
  ]);
});

const busy = (route: Route) =>
  route.fulfill({
    status: 503,
    headers: { 'retry-after': '1', 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'The server is busy right now. Please try again in a moment.' }),
  });

/** Presses the category chip named `name` in the feed's chip bar. */
async function pressCategory(page: import('playwright-core').Page, name: string) {
  await page.getByRole('group', { name: 'Categories', exact: true }).getByRole('button', { name }).click();
}

describe('a busy server', () => {
  it('a refused read is asked again, and the posts show once it is served', async () => {
    const { context, errors } = await returningGuestContext(web);
    const page = await context.newPage();
    await page.goto('/home');
    await hydrated(page);
    let refused = 0;
    await context.route(/\/api\/posts\?.*category=job/, async (route) => {
      if (refused < 2) {
        refused++;
        return busy(route);
      }
      return route.continue();
    });
    await pressCategory(page, 'Jobs');
    await page.waitForURL('**/home?category=job');
    await expect.poll(() => cardCategories(page)).toEqual(['job']);
    expect(refused).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('says the server is busy when it gives up asking', async () => {
    const { context } = await returningGuestContext(web);
    const page = await context.newPage();
    await page.goto('/home');
    await hydrated(page);
    let asked = 0;
    await context.route(/\/api\/posts\?.*category=event/, (route) => {
      asked++;
      return busy(route);
    });
    await pressCategory(page, 'Events');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch posts' });
    await alert.waitFor({ timeout: 30_000 });
    await alert.getByText('The server is busy right now. Please try again in a moment.').waitFor();
    // The first try and three more.
    expect(asked).toBe(4);
    await context.close();
  }, 60_000);
});
