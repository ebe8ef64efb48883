import type { Post } from '@waco/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiClient, draft } from './api';
import { webStackForFile } from './file-stack';
import { DESKTOP, PHONE, screenshots, signedInContext } from './harness';

// Follows and neighbourhoods in the browser, on a phone and a desktop: following a neighbour from
// their profile, the Following feed, choosing a neighbourhood when posting, and the neighbourhood
// filter (the phone's search, the desktop's panel).

type Seeded = Awaited<ReturnType<ApiClient['seedMember']>>;
let fred: Seeded;
let stan: Seeded;
let fredsLamp: Post;
let stansBike: Post;

const web = webStackForFile(async (api) => {
  fred = await api.seedMember('Fred', 'Follow', [
    draft('sale', 'Brass reading lamp', 'Works well, warm light.', {
      price: '15',
      neighborhood: 'cameron_park',
    }),
  ]);
  stan = await api.seedMember('Stan', 'Stranger', [
    draft('sale', 'Kids bike with training wheels', 'Red, 16 inch.', {
      price: '30',
      neighborhood: 'downtown',
    }),
  ]);
  fredsLamp = fred.posts[0] as Post;
  stansBike = stan.posts[0] as Post;
}, 180_000);

const shot = screenshots('follows');
const titles = (page: Page) => page.locator('article[data-post-id]').getByRole('heading').allTextContents();
const cardOf = (page: Page, post: Post) => page.locator(`article[data-post-id="${post.id}"]`);

/** A new member, signed in on a phone or a desktop, who has just followed Fred from his profile. */
async function newFollowerOfFred(firstName: string, lastName: string, device: typeof PHONE | typeof DESKTOP) {
  const member = await web.api.seedMember(firstName, lastName);
  const { context, errors } = await signedInContext(web, member.cookie, device);
  const page = await context.newPage();
  await page.goto(`/user/${fred.id}`);
  await page.getByTestId('followers-count').getByText('0 followers').waitFor();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
  await page.getByTestId('followers-count').getByText('1 follower').waitFor();
  await shot(page, `profile-${device.viewport.width}`);
  return { member, context, errors, page };
}

describe('on a phone', () => {
  it('follows from a profile, lists the follower, shows the Following feed', async () => {
    const { member: rhea, context, errors, page } = await newFollowerOfFred('Rhea', 'Reader', PHONE);
    // Alerts when he posts: a switch of this follow, off at first.
    const bell = page.getByRole('button', { name: 'Alert me when they post' });
    expect(await bell.getAttribute('aria-pressed')).toBe('false');
    await bell.click();
    await expect.poll(() => bell.getAttribute('aria-pressed')).toBe('true');
    const status = await fetch(`${web.url}/api/users/${fred.id}/follow`, {
      headers: { cookie: rhea.cookie },
    });
    expect(await status.json()).toMatchObject({ following: true, alerts: true, followersCount: 1 });
    // The list of followers names her, and leads to her profile.
    await page.getByTestId('followers-count').click();
    const list = page.getByRole('dialog', { name: 'Followers of Fred Follow' });
    await list.getByRole('link', { name: 'Rhea Reader' }).waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });

    await page.goto('/');
    await cardOf(page, stansBike).waitFor();
    await page.getByRole('button', { name: 'Following', exact: true }).first().click();
    await page.waitForURL(/following=true/);
    await cardOf(page, fredsLamp).waitFor();
    await page.getByText('Posts from people you follow').first().waitFor();
    await expect.poll(() => cardOf(page, stansBike).count()).toBe(0);
    await shot(page, 'feed-390');

    // Unfollowed from the profile, the Following feed is empty.
    await page.goto(`/user/${fred.id}`);
    await page.getByRole('button', { name: 'Following', exact: true }).click();
    await page.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    await page.getByTestId('followers-count').getByText('0 followers').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('chooses a neighbourhood when posting, and filters the feed by one from the search', async () => {
    const nia = await web.api.seedMember('Nia', 'Neighbour');
    const { context, errors } = await signedInContext(web, nia.cookie, PHONE);
    const page = await context.newPage();
    await page.goto('/?mode=post');
    const form = page.getByRole('form', { name: 'Create a post' });
    await form.waitFor();
    // Other stays the default.
    expect(await form.getByLabel('Neighbourhood').inputValue()).toBe('other');
    await form.getByText('For Sale', { exact: true }).click();
    await form.getByLabel('Title').fill('Garden hose reel');
    await form.getByLabel('Description').fill('Fifty feet, no leaks.');
    await form.getByLabel('Price ($)').fill('12');
    await form.getByLabel('Neighbourhood').selectOption('sanger_heights');
    await form.getByRole('button', { name: 'Publish Post' }).click();
    await page.locator('.toast-root', { hasText: 'Post created!' }).waitFor({ timeout: 20_000 });
    const { posts } = await web.api.feed('limit=1');
    expect(posts[0]).toMatchObject({ title: 'Garden hose reel', neighborhood: 'sanger_heights' });

    // A search in a neighbourhood: the words typed, then the place.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const search = page.getByRole('dialog', { name: 'Search' });
    await search.getByLabel('Search posts').fill('lamp');
    await search.getByRole('button', { name: 'Cameron Park' }).click();
    await page.waitForURL(/neighborhood=cameron_park/);
    expect(page.url()).toContain('search=lamp');
    await cardOf(page, fredsLamp).waitFor();
    await expect.poll(async () => (await titles(page)).includes('Garden hose reel')).toBe(false);
    expect(await cardOf(page, stansBike).count()).toBe(0);
    await shot(page, 'neighbourhood-390');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});

describe('on a desktop', () => {
  it('follows from a profile, then the panel shows only people followed, in a neighbourhood', async () => {
    const { context, errors, page } = await newFollowerOfFred('Dora', 'Desk', DESKTOP);
    await page.goto('/');
    const panel = page.getByTestId('filter-panel');
    // A choice of the address: checked once the feed's address says so.
    await panel.getByLabel('Only people I follow').click();
    await page.waitForURL(/following=true/);
    await expect.poll(() => panel.getByLabel('Only people I follow').isChecked()).toBe(true);
    await cardOf(page, fredsLamp).waitFor();
    await expect.poll(() => cardOf(page, stansBike).count()).toBe(0);
    await panel.getByLabel('Neighbourhood').selectOption('downtown');
    await page.waitForURL(/neighborhood=downtown/);
    expect(page.url()).toContain('following=true');
    await page.getByText('No posts', { exact: false }).first().waitFor();
    await panel.getByLabel('Neighbourhood').selectOption('cameron_park');
    await cardOf(page, fredsLamp).waitFor();
    await shot(page, 'feed-1280');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
