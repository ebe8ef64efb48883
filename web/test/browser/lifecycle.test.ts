import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiClient, draft } from './api';
import { webStackForFile } from './file-stack';
import { DESKTOP, PHONE, signedInContext } from './harness';

/** A post's lifecycle in the browser: edit, mark sold, saved searches; live to others. */
type Member = Awaited<ReturnType<ApiClient['seedMember']>>;
let alice: Member;
let bob: Member;
let aCtx: BrowserContext;
let bCtx: BrowserContext;
let a: Page;
let b: Page;
const errors: string[][] = [];
const SHOTS = process.env.WACO_SCREENSHOTS;
/** How long a live change may take to show: no reload happens meanwhile (generous for a busy machine). */
const LIVE_MS = 10_000;

const web = webStackForFile(async (api) => {
  alice = await api.seedMember('Alice', 'Nguyen', [
    draft('sale', 'Oak rocking chair', 'Solid oak, refinished last spring.', { price: '45' }),
    draft('event', 'Porch concert', 'Bring a chair; snacks, too.', {
      eventDate: '2030-06-01T18:30:00-05:00',
      address: '1 Elm St, Waco',
    }),
  ]);
  bob = await api.seedMember('Bob', 'Carter');
  const ac = await signedInContext(web, alice.cookie, DESKTOP);
  const bc = await signedInContext(web, bob.cookie, PHONE);
  [aCtx, bCtx] = [ac.context, bc.context];
  errors.push(ac.errors, bc.errors);
  [a, b] = [await aCtx.newPage(), await bCtx.newPage()];
});

afterAll(async () => {
  await aCtx?.close();
  await bCtx?.close();
});

/** Screenshots at 390 and 1280 px for a person to look at, when WACO_SCREENSHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize(size);
}

const chairId = () => alice.posts[0]?.id ?? '';

describe('a post’s lifecycle', () => {
  it('the owner edits a post from its menu and sees the change, marked Edited', async () => {
    await a.goto(`/?post=${chairId()}`);
    const dialog = a.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Oak rocking chair' }).waitFor();
    await dialog.getByRole('button', { name: 'Manage your post' }).click();
    await a.getByRole('menuitem', { name: 'Edit' }).click();
    const form = a.getByRole('form', { name: 'Edit your post' });
    expect(await form.getByLabel('Title').inputValue()).toBe('Oak rocking chair');
    await form.getByLabel('Title').fill('Oak rocking chair, like new');
    await form.getByLabel('Price ($)').fill('40');
    await shot(a, 'edit-form');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await a.locator('.toast-root', { hasText: 'Post updated' }).waitFor();
    await dialog.getByRole('heading', { name: 'Oak rocking chair, like new' }).waitFor();
    await dialog.getByTestId('edited-mark').waitFor();
    await dialog.getByTestId('price').filter({ hasText: '$40' }).waitFor();
    await shot(a, 'edited-detail');
  }, 60_000);

  it('marked sold: the badge shows in another member’s saved list, with a live notification', async () => {
    const saved = await b.request.post(`/api/posts/${chairId()}/save`);
    expect(saved.status()).toBe(200);
    await b.goto('/profile?tab=saved');
    const card = b.locator(`article[data-post-id="${chairId()}"]`);
    await card.waitFor();
    await b.locator('html[data-live="on"]').waitFor({ timeout: 5000 });

    await a.goto('/profile');
    const own = a.locator(`article[data-post-id="${chairId()}"]`);
    await own.getByRole('button', { name: 'Manage your post' }).click();
    await a.getByRole('menuitem', { name: 'Mark as sold' }).click();
    await a.locator('.toast-root', { hasText: 'Marked as sold' }).waitFor();
    await own.getByTestId('closed-badge').filter({ hasText: 'Sold' }).waitFor();
    // The menu's click stays in the menu: the post did not open behind it.
    expect(await a.getByRole('dialog').count()).toBe(0);
    await shot(a, 'owner-sold');

    await b
      .locator('[data-testid="notifications-badge"]:visible')
      .filter({ hasText: '1' })
      .waitFor({ timeout: LIVE_MS });
    await card.getByTestId('closed-badge').filter({ hasText: 'Sold' }).waitFor({ timeout: LIVE_MS });
    await shot(b, 'saver-sold');
    await b.goto('/notifications');
    await b.locator('[data-notification-id]', { hasText: 'was marked sold' }).waitFor();
  }, 60_000);

  it('a saved search tells its member live of a new matching post', async () => {
    await b.goto('/?search=lamp');
    await b.getByRole('button', { name: 'Save this search' }).click();
    await b.locator('.toast-root', { hasText: 'Search saved' }).waitFor();
    await shot(b, 'search-saved');
    await b.locator('html[data-live="on"]').waitFor({ timeout: 5000 });
    const before = Number(
      (await b
        .locator('[data-testid="notifications-badge"]:visible')
        .innerText()
        .catch(() => '0')) || 0,
    );

    await web.api.createPost(
      alice.cookie,
      draft('sale', 'Brass reading lamp', 'Works fine.', { price: '15' }),
    );
    await b
      .locator('[data-testid="notifications-badge"]:visible')
      .filter({ hasText: String(before + 1) })
      .waitFor({ timeout: LIVE_MS });
    await b.goto('/notifications');
    await b.locator('[data-notification-id]', { hasText: 'New post matching your saved search' }).waitFor();

    // The saved search is listed in the search modal and can be removed there.
    await b.goto('/');
    await b
      .getByRole('button', { name: /search/i })
      .first()
      .click();
    const list = b.getByRole('list', { name: 'Saved searches' });
    await list.getByText('“lamp”').waitFor();
    await shot(b, 'search-modal');
    await list.getByRole('button', { name: /Remove saved search/ }).click();
    await b.locator('.toast-root', { hasText: 'Saved search removed' }).waitFor();
  }, 60_000);

  it('an event offers Add to calendar, and an answer can be withdrawn', async () => {
    const eventId = alice.posts[1]?.id ?? '';
    await b.goto(`/?post=${eventId}`);
    const dialog = b.getByRole('dialog');
    const calendar = dialog.getByRole('link', { name: 'Add to calendar' });
    const ics = await b.request.get((await calendar.getAttribute('href')) ?? '');
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await ics.text()).toContain('SUMMARY:Porch concert\r\n');
    const going = dialog.getByRole('button', { name: /^Going/ });
    await going.click();
    await b.locator('.toast-root', { hasText: 'Event updated' }).waitFor();
    await dialog.locator('button[aria-pressed="true"]', { hasText: 'Going' }).waitFor();
    await shot(b, 'event-response');
    await dialog.getByRole('button', { name: 'Withdraw my response' }).click();
    await b.locator('.toast-root', { hasText: 'Response withdrawn' }).waitFor();
    await dialog.locator('button[aria-pressed="false"]', { hasText: 'Going' }).waitFor();
    expect(await (await b.request.get(`/api/event-attendance?postId=${eventId}`)).json()).toEqual({
      status: null,
    });
  }, 60_000);

  it('neither browser saw a page error', () => {
    expect(errors.flat()).toEqual([]);
  });
});
