import { saleRequest } from '@waco/platform/testing';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './api';
import { webStackForFile } from './file-stack';
import { DESKTOP, hydrated, openPage, PHONE, postPages } from './harness';

// A post's thread between two members, each in their own browser: the post's author on a phone,
// a neighbour on a desktop. A comment, a reply and a reply to it arrive live on the other's open
// post, and on a third browser's, a guest's, whom no notification tells (the post's live thread);
// a guest who tries to comment gets the join prompt.

type Member = Awaited<ReturnType<ApiClient['signup']>>;
let alice: Member;
let bob: Member;
let postId: string;
let api: ApiClient;
const TITLE = 'Oak dining table, seats six';

const web = webStackForFile(async (client) => {
  api = client;
  alice = await api.signup('Alice', 'Nguyen', `alice-c-${Date.now()}@example.com`);
  bob = await api.signup('Bob', 'Carter', `bob-c-${Date.now()}@example.com`);
  const table = saleRequest(TITLE, 'Solid oak, a few scratches. Pick up near Cameron Park.', '180');
  postId = (await api.createPost(bob.cookie, table)).id;
});

const pages = postPages(web, () => ({ id: postId, title: TITLE }));
afterAll(() => pages.close());
const open = (member: Member, device: typeof PHONE | typeof DESKTOP) => pages.open(member.cookie, device);
const commentItem = (page: Page, text: string) =>
  page.getByRole('dialog').locator('li[data-comment-id]', { hasText: text });

async function reply(page: Page, to: string, text: string) {
  const item = commentItem(page, to);
  await item.getByRole('button', { name: 'Reply', exact: true }).click();
  await item.getByRole('textbox').fill(text);
  const sent = page.waitForResponse(
    (r) => r.url().endsWith(`/api/posts/${postId}/comments`) && r.request().method() === 'POST',
  );
  await item.locator('form').getByRole('button', { name: 'Reply' }).click();
  expect((await sent).status()).toBe(201);
}

describe('comments between two browsers', () => {
  it('asks a guest to join to comment on this post', async () => {
    const { context, page } = await openPage(web, `/post/${postId}`, PHONE);
    pages.keep(context);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: TITLE }).waitFor();
    // A click before the app has taken the server's page over would reach a button without its handler.
    await hydrated(page);
    await dialog.getByRole('button', { name: 'Write a comment…' }).click();
    await page.getByRole('dialog', { name: 'Join Waco Commons to comment on this post' }).waitFor();
  }, 60_000);

  it("a comment, a reply and a reply to it arrive live on the phone, the desktop and a guest's browser", async () => {
    const phone = await open(bob, PHONE);
    const desktop = await open(alice, DESKTOP);
    const { context, page: guest, errors: guestErrors } = await openPage(web, `/post/${postId}`, DESKTOP);
    pages.keep(context);
    await guest.getByRole('dialog').getByRole('heading', { name: TITLE }).waitFor();
    // Every live stream is open before anything is written: the members' own, and each open
    // post's thread (the guest has only that one).
    await phone.locator('html[data-live="on"]').waitFor({ timeout: 10_000 });
    await desktop.locator('html[data-live="on"]').waitFor({ timeout: 10_000 });
    for (const page of [phone, desktop, guest])
      await page.locator('[data-testid="comments"][data-live="on"]').waitFor({ timeout: 10_000 });

    const box = desktop.getByRole('dialog').getByRole('textbox', { name: 'Write a comment' });
    await box.fill('Is it still available? Could I see it Saturday?');
    await desktop.getByRole('dialog').getByRole('button', { name: 'Comment', exact: true }).click();
    await commentItem(desktop, 'Is it still available?').waitFor();

    // The post's author and the guest see it without a reload (well before the 30 s fallback).
    await commentItem(phone, 'Is it still available?').waitFor({ timeout: 10_000 });
    await commentItem(guest, 'Is it still available?').waitFor({ timeout: 10_000 });
    await reply(phone, 'Is it still available?', 'Yes! Saturday morning works.');
    const bobsReply = commentItem(phone, 'Saturday morning works');
    await bobsReply.getByText('Author').waitFor();
    expect(await bobsReply.getAttribute('data-depth')).toBe('2');

    await commentItem(desktop, 'Saturday morning works').waitFor({ timeout: 10_000 });
    await reply(desktop, 'Saturday morning works', 'Great, see you at 10.');
    await commentItem(phone, 'see you at 10').waitFor({ timeout: 10_000 });
    expect(await commentItem(phone, 'see you at 10').getAttribute('data-depth')).toBe('3');
    await expect.poll(() => phone.getByTestId('thread-count').textContent()).toBe('3');
    await commentItem(guest, 'see you at 10').waitFor({ timeout: 10_000 });
    await expect.poll(() => guest.getByTestId('thread-count').textContent()).toBe('3');

    // The thread in view on both, for the record.
    for (const [page, name] of [
      [phone, 'phone'],
      [desktop, 'desktop'],
    ] as const) {
      await page.getByTestId('comments').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/comments-thread-${name}.png` });
    }
    expect(pages.errors.flat()).toEqual([]);
    expect(guestErrors).toEqual([]);
  }, 180_000);

  it('tells a guest reading a post that its owner deleted it, without a reload', async () => {
    const lamp = await api.createPost(
      bob.cookie,
      saleRequest('Brass floor lamp', 'Works, warm light.', '25'),
    );
    const { context, page, errors } = await openPage(web, `/post/${lamp.id}`, DESKTOP);
    pages.keep(context);
    await hydrated(page);
    await page.locator('[data-testid="comments"][data-live="on"]').waitFor({ timeout: 10_000 });
    await api.request(bob.cookie, 'DELETE', `/api/posts/${lamp.id}`);
    await page.getByRole('dialog').getByText('This post is no longer here').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Brass floor lamp' }).count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);
});
