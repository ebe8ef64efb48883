import { saleRequest } from '@waco/platform/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiClient, testPhoto } from './api';
import { webStackForFile } from './file-stack';
import { openPage, twoMembers } from './harness';

type Member = Awaited<ReturnType<ApiClient['signup']>>;
let alice: Member;
let bob: Member;
let bobPostId: string;
const BOB_POST = 'Vintage bike, barely ridden';
const ALICE_POST = 'Free moving boxes';

let aCtx: BrowserContext;
let bCtx: BrowserContext;
let a: Page;
let b: Page;
let errors: string[][] = [];

const web = webStackForFile(async (api) => {
  alice = await api.signup('Alice', 'Nguyen', `alice-${Date.now()}@example.com`);
  bob = await api.signup('Bob', 'Carter', `bob-${Date.now()}@example.com`);
  bobPostId = (await api.createPost(bob.cookie, saleRequest(BOB_POST, 'Blue, 21 speeds, new tyres.', '120')))
    .id;
  await api.createPost(alice.cookie, {
    category: 'sale',
    title: ALICE_POST,
    description: 'About 30 of them.',
  });
  ({
    contexts: [aCtx, bCtx],
    pages: [a, b],
    errors,
  } = await twoMembers(web, alice.cookie, bob.cookie));
});

afterAll(async () => {
  await aCtx?.close();
  await bCtx?.close();
});

describe('live updates between two members', () => {
  it("A likes B's post and B's open notifications page shows it without a reload", async () => {
    await b.goto('/notifications');
    await b.getByRole('heading', { name: 'Notifications' }).waitFor();
    await b.getByText("You're all caught up").waitFor();
    // The stream is open before the like happens.
    await b.locator('html[data-live="on"]').waitFor({ timeout: 5000 });

    await a.goto(`/?post=${bobPostId}`);
    const dialog = a.getByRole('dialog');
    await dialog.getByRole('heading', { name: BOB_POST }).waitFor();
    const like = dialog.getByRole('button', { name: /^Like/ });
    const liked = a.waitForResponse((r) => r.url().endsWith(`/api/posts/${bobPostId}/like`));
    await like.click();
    await liked;
    // Live, not on a reload or a poll; how fast is bench/events.ts's to measure, not a test's
    // (a busy CI machine once took over a second).
    await b.locator('[data-notification-id][data-unread]').first().waitFor({ timeout: 5000 });
    await b
      .locator('[data-testid="notifications-badge"]:visible')
      .filter({ hasText: '1' })
      .waitFor({ timeout: 5000 });
    await expect.poll(() => b.title()).toMatch(/^\(1\) Notifications/);
  }, 60_000);

  it("A messages B about B's sale post; B sees it live and answers with Enter; A sees the answer live", async () => {
    await b.goto('/messages');
    await b.getByText('No conversations yet', { exact: false }).waitFor();

    const dialog = a.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await a.waitForURL(/\/messages\?conversation=/);
    // Before the first message, the header already says which post it will be about.
    const postLink = a.locator('section[aria-label="Conversation"]').getByRole('link', { name: BOB_POST });
    await postLink.waitFor();
    const box = a.getByRole('textbox', { name: 'Message Bob Carter' });
    await box.fill('Hi Bob, is the bike still available?');
    await box.press('Enter');
    await a.getByTestId('message').filter({ hasText: 'is the bike still available?' }).waitFor();
    expect(await box.inputValue()).toBe('');
    // The conversation is about the post it was started from: the thread's header
    // and both members' list rows show its title, linking to it.
    expect(await postLink.getAttribute('href')).toBe(`/post/${bobPostId}`);
    const aboutInList = a.getByTestId('conversation-list').getByRole('link', { name: BOB_POST });
    await aboutInList.waitFor({ timeout: 3000 });
    expect(await aboutInList.getAttribute('href')).toBe(`/post/${bobPostId}`);

    // B's list shows the conversation without a reload.
    const item = b.locator('[data-conversation-id]', { hasText: 'Alice Nguyen' });
    await item.waitFor({ timeout: 3000 });
    await item.getByText('is the bike still available?').waitFor();
    const bobsAbout = b.getByTestId('conversation-list').getByRole('link', { name: BOB_POST });
    expect(await bobsAbout.getAttribute('href')).toBe(`/post/${bobPostId}`);
    await item.click();
    await b.getByTestId('message').filter({ hasText: 'is the bike still available?' }).waitFor();

    const reply = b.getByRole('textbox', { name: 'Message Alice Nguyen' });
    await reply.fill('Yes it is!');
    await reply.press('Enter');
    await b.getByTestId('message').filter({ hasText: 'Yes it is!' }).waitFor();
    await a.getByTestId('message').filter({ hasText: 'Yes it is!' }).waitFor({ timeout: 3000 });
    // A reads it there and then: the thread is marked read.
    await expect
      .poll(async () => {
        const res = await a.request.get('/api/messages');
        const list = (await res.json()) as { unreadCount: number }[];
        return list[0]?.unreadCount;
      })
      .toBe(0);
    // The header's post link opens the post.
    await postLink.click();
    await a.waitForURL(`**/post/${bobPostId}`);
    await a.getByRole('heading', { name: BOB_POST }).first().waitFor();
  }, 60_000);

  it('Shift+Enter adds a line; whitespace alone sends nothing', async () => {
    const reply = b.getByRole('textbox', { name: 'Message Alice Nguyen' });
    await reply.fill('   ');
    await reply.press('Enter');
    await reply.fill('');
    await reply.type('First line');
    await reply.press('Shift+Enter');
    await reply.type('Second line');
    expect(await reply.inputValue()).toBe('First line\nSecond line');
    expect(await b.getByTestId('message').count()).toBe(2);
    await reply.press('Enter');
    const sent = b.getByTestId('message').filter({ hasText: 'Second line' });
    await sent.waitFor();
    expect(await sent.innerText()).toContain('First line\nSecond line');
    expect(await b.getByTestId('message').count()).toBe(3);
    // The composer grows, and stops at 120 px.
    for (let i = 0; i < 8; i++) await reply.press('Shift+Enter');
    expect(await reply.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(120);
    await reply.fill('');
  }, 30_000);

  it('B marks the notification read and the count drops', async () => {
    await b.goto('/notifications');
    const unread = b.locator('[data-notification-id][data-unread]', { hasText: /like/i });
    await unread.first().waitFor();
    const before = Number(await b.locator('[data-testid="notifications-badge"]:visible').innerText());
    expect(before).toBeGreaterThanOrEqual(1);
    await unread.first().click();
    await b.waitForURL(`**/?post=${bobPostId}`);
    await b.getByRole('dialog').getByRole('heading', { name: BOB_POST }).waitFor();
    await b.goBack();
    await b.getByRole('heading', { name: 'Notifications' }).waitFor();
    const after = before - 1;
    if (after === 0)
      await b.locator('[data-testid="notifications-badge"]:visible').waitFor({ state: 'detached' });
    else
      await b
        .locator('[data-testid="notifications-badge"]:visible')
        .filter({ hasText: String(after) })
        .waitFor();
    const res = await b.request.get('/api/notifications');
    expect(((await res.json()) as { unreadCount: number }).unreadCount).toBe(after);
  }, 30_000);

  it("A edits the profile and the new name shows on A's posts in B's feed", async () => {
    await a.goto('/profile');
    await a.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = a.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('First name').fill('Alicia');
    await dialog.getByLabel('Bio').fill('Moving across town.');
    // Change Photo uploads the avatar through the media service.
    await dialog.getByTestId('avatar-input').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await testPhoto(7, 400, 400),
    });
    await a.locator('.toast-root', { hasText: 'Image uploaded' }).waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await a.locator('.toast-root', { hasText: 'Profile Updated' }).waitFor();
    await a.getByRole('heading', { name: 'Alicia Nguyen' }).waitFor();
    const me = (await (await a.request.get('/api/user')).json()) as { profileImageUrl: string | null };
    expect(me.profileImageUrl).toMatch(/^\/objects\//);
    const avatar = await a.request.get(`${me.profileImageUrl}?w=480`);
    expect(avatar.status()).toBe(200);

    await expect
      .poll(
        async () => {
          await b.goto('/');
          const card = b.locator('article[data-post-id]', { hasText: ALICE_POST });
          await card.waitFor();
          return (await card.innerText()).includes('Alicia Nguyen');
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
  }, 60_000);

  it('shows a notification that came after the page read its list but before its live stream opened', async () => {
    // The stream is held back (a slow network) while the page reads its list and a like lands.
    const page = await bCtx.newPage();
    let openStream = () => {};
    const held = new Promise<void>((resolve) => (openStream = resolve));
    await page.route('**/api/stream', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto('/notifications');
      // The list is read (whatever it holds).
      await page
        .locator('[data-notification-id]')
        .first()
        .or(page.getByText("You're all caught up"))
        .waitFor();
      const listed = await page.locator('[data-notification-id]').count();
      // A like of another post of B's: a row of its own (likes of one post are grouped).
      const lamp = await web.api.createPost(bob.cookie, {
        category: 'sale',
        title: 'Brass desk lamp',
        description: 'Works.',
      });
      const carol = await web.api.signup('Carol', 'Diaz', `carol-${Date.now()}@example.com`);
      expect(await web.api.likePost(carol.cookie, lamp.id)).toBe(true);
      // Its notification is stored before the stream opens.
      await expect
        .poll(async () => (await page.request.get('/api/notifications')).json(), { timeout: 5000 })
        .toMatchObject({
          notifications: expect.arrayContaining([expect.objectContaining({ relatedId: lamp.id })]),
        });
      // Only now does the stream open: it replays nothing (no Last-Event-ID), but its counts say
      // one more is unread than the list shows, and the list is read again.
      openStream();
      await expect
        .poll(() => page.locator('[data-notification-id]').count(), { timeout: 5000 })
        .toBe(listed + 1);
      await page
        .locator('[data-notification-id][data-unread]', { hasText: 'Brass desk lamp' })
        .first()
        .waitFor();
    } finally {
      await page.close();
    }
  }, 60_000);

  it('neither browser saw a page error', () => {
    expect(errors.flat()).toEqual([]);
  });
});

describe('guests and unknown people', () => {
  it('a guest opening /messages is sent to sign in and comes back after signing up', async () => {
    const { context, errors: pageErrors, page } = await openPage(web, '/messages');
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(`grace-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('compiler pioneer');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/messages', { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 60_000);

  it('a public profile of an unknown id shows "User Not Found"', async () => {
    const { context, page } = await openPage(web, '/user/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'User Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Feed' }).waitFor();
    await context.close();
  }, 30_000);
});
