import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { draft } from './api';
import { webStackForFile } from './file-stack';
import {
  hydrated,
  newContext,
  openHeld,
  PHONE,
  returningGuestContext,
  settled,
  signedInContext,
} from './harness';

// (The app's module scripts hold back DOMContentLoaded, so the page is opened at 'commit'.)
// A server-rendered page is on screen before the app's code has run: what the reader types and
// sends then is kept and acted on once the app takes the page over (web/public/theme-init.js
// holds it, web/src/app/early-input.ts replays it), never sent by the browser itself.

let member: { email: string; cookie: string };
let neighbour: { cookie: string };
let swingId = '';
const web = webStackForFile(async (api) => {
  const email = `early-${Date.now()}@example.com`;
  const { cookie } = await api.signup('Early', 'Bird', email);
  member = { email, cookie };
  swingId = (await api.createPost(cookie, draft('sale', 'Porch swing', 'Cedar, hardly used.'))).id;
  neighbour = await api.signup('Next', 'Door', `early-n-${Date.now()}@example.com`);
});

/**
 * `path` opened in a fresh browser context (`opened`) with the app's scripts held until `release`;
 * `closeClean` fails the test on any page error, then closes the context.
 */
async function openHeldIn(opened: { context: BrowserContext; errors: string[] }, path: string) {
  const { page, release } = await openHeld(opened.context, path);
  const closeClean = async () => {
    expect(opened.errors).toEqual([]);
    await opened.context.close();
  };
  return { page, release, context: opened.context, closeClean };
}

/** `openHeldIn` on a member's phone, signed in with their session cookie. */
const openHeldAs = async (cookie: string, path: string) =>
  openHeldIn(await signedInContext(web, cookie, PHONE), path);

describe('before the app has taken the page over', () => {
  it('a form sent is sent by the app once it runs, with what was typed', async () => {
    const { page, release, closeClean } = await openHeldIn(await newContext(web), '/forgot-password');
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    // The browser did not send it itself: same address, nothing typed in it.
    expect(page.url()).toBe(`${web.url}/forgot-password`);
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);

    release();
    await page.getByText('If an account uses this email').waitFor();
    expect(page.url()).toBe(`${web.url}/forgot-password`);
    await closeClean();
  }, 60_000);

  it("keeps the server's page as it hydrates: the same elements, not a second render", async () => {
    const { page, release, closeClean } = await openHeldIn(await returningGuestContext(web), '/home');
    const card = page.locator('article[data-post-id]').first();
    await card.waitFor();
    await card.evaluate((element) => element.setAttribute('data-seen-before-hydration', ''));

    release();
    await hydrated(page);
    expect(await page.locator('article[data-seen-before-hydration]').count()).toBe(1);
    await closeClean();
  }, 60_000);

  it('text typed is what the form sends when it is sent afterwards', async () => {
    const { page, release, closeClean } = await openHeldIn(await newContext(web), '/auth');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill('correct horse battery');

    release();
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: /Open profile menu for Early Bird/ }).waitFor();
    await closeClean();
  }, 60_000);

  it("a choice made (a category, a neighbourhood) is the app's once it runs", async () => {
    const { page, release, context, closeClean } = await openHeldAs(member.cookie, '/?mode=post');
    const form = page.getByRole('form', { name: 'Create a post' });
    await form.waitFor();
    await form.getByText('For Sale', { exact: true }).click();
    await form.getByLabel('Neighbourhood').selectOption('downtown');
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);

    release();
    await hydrated(page);
    // The sale's own field shows: the app knows the category chosen.
    await form.getByLabel('Price ($)').fill('12');
    await form.getByLabel('Title').fill('Porch light');
    await form.getByLabel('Description').fill('Brass, works fine.');
    await form.getByRole('button', { name: 'Publish Post' }).click();
    await page.getByRole('article').filter({ hasText: 'Porch light' }).first().waitFor();
    const mine = await (await context.request.get(`${web.url}/api/users/me/posts`)).json();
    expect(mine.posts.find((p: { title: string }) => p.title === 'Porch light')).toMatchObject({
      category: 'sale',
      neighborhood: 'downtown',
    });
    await closeClean();
  }, 90_000);

  it("a button pressed in a post's sheet acts once the app runs (Send Message opens the thread)", async () => {
    const { page, release, closeClean } = await openHeldAs(neighbour.cookie, `/?post=${swingId}`);
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);

    release();
    await page.waitForURL(/\/messages\?conversation=/);
    await closeClean();
  }, 60_000);

  it("a menu pressed before the app runs and let go after it ran opens (the owner's Manage menu)", async () => {
    const { page, release, closeClean } = await openHeldAs(member.cookie, `/?post=${swingId}`);
    const manage = page.getByRole('dialog').getByRole('button', { name: 'Manage your post' });
    // The sheet slides in on a phone: the press goes where the button is once it has stopped.
    await settled(page.getByRole('dialog'));
    const box = await manage.boundingBox();
    if (!box) throw new Error('the Manage button has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);

    release();
    await hydrated(page);
    // The click comes now, to the app; the menu opens on the press, which was held.
    await page.mouse.up();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    await closeClean();
  }, 60_000);

  it('a tab pressed (Sign Up on the sign-in page) is chosen once the app runs', async () => {
    const { page, release, closeClean } = await openHeldIn(await newContext(web), '/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);

    release();
    await page.getByLabel('First name').waitFor();
    await closeClean();
  }, 60_000);
});
