import type { Post } from '@waco/contracts';
import { changeModerator, databasesOf } from '@waco/launcher/ops/moderators';
import { waitFor } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { type ApiClient, draft } from './api';
import { webStackForFile } from './file-stack';
import { DESKTOP, PHONE, screenshots, signedInContext } from './harness';

// Badges, the verified mark and reporting a comment in the browser, at phone and desktop size:
// a seller verified by a moderator, with the badge their first post earned, on their profile and
// beside their name in a thread; a neighbour reports another's comment from the thread.

type Seeded = Awaited<ReturnType<ApiClient['seedMember']>>;
let otto: Seeded;
let ana: Seeded;
let rita: Seeded;
let meg: Seeded;
let post: Post;
const TITLE = 'Walnut bookshelf, five shelves';

const web = webStackForFile(async (api, stack) => {
  otto = await api.seedMember('Otto', 'Seller', [draft('sale', TITLE, 'Solid walnut, pick up downtown.')]);
  ana = await api.seedMember('Ana', 'Buyer');
  rita = await api.seedMember('Rita', 'Neighbour');
  meg = await api.seedMember('Meg', 'Moderator');
  post = otto.posts[0] as Post;
  await changeModerator(databasesOf(stack.stack.services), meg.email, true);
  const call = (cookie: string, method: string, path: string, body: unknown) =>
    fetch(`${stack.url}${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect(
    (await call(meg.cookie, 'PUT', `/api/moderation/users/${otto.id}/verified`, { verified: true })).status,
  ).toBe(200);
  const asked = await call(ana.cookie, 'POST', `/api/posts/${post.id}/comments`, {
    content: 'Is it still there?',
  });
  const parentId = ((await asked.json()) as { id: string }).id;
  await call(otto.cookie, 'POST', `/api/posts/${post.id}/comments`, {
    content: 'Yes, come by today',
    parentId,
  });
  // The marks reach the thread from identity's and moderation's events.
  await waitFor(async () => {
    const res = await fetch(`${stack.url}/api/posts/${post.id}/comments`);
    const reply = (
      (await res.json()) as {
        comments: { userId: string; user: { isVerified: boolean; badges: string[] } }[];
      }
    ).comments.find((c) => c.userId === otto.id);
    return reply?.user.isVerified === true && reply.user.badges.includes('first_post');
  });
  await waitFor(async () => {
    const res = await fetch(`${stack.url}/api/users/${otto.id}`);
    const profile = (await res.json()) as { isVerified: boolean; badges: unknown[] };
    return profile.isVerified && profile.badges.length > 0;
  });
}, 180_000);

const shot = screenshots('badges');

describe('badges and the verified mark', () => {
  for (const [size, device] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`shows them on a profile and beside the name in a thread, and a neighbour reports a comment (${size})`, async () => {
      const { context, errors } = await signedInContext(web, rita.cookie, device);
      const page = await context.newPage();
      await page.goto(`/user/${otto.id}`);
      const heading = page.getByRole('heading', { name: 'Otto Seller' });
      await heading.getByRole('img', { name: 'Verified neighbour' }).waitFor();
      const badges = page.getByRole('list', { name: 'Badges' });
      await badges.getByText('First post').waitFor();
      await page.getByText('Waco Community Member').waitFor();
      await shot(page, `profile-${size}`);

      await page.goto(`/post/${post.id}`);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: TITLE }).waitFor();
      const reply = dialog.locator('li[data-comment-id]', { hasText: 'Yes, come by today' });
      await reply.getByRole('img', { name: 'Verified neighbour' }).waitFor();
      await reply.getByRole('img', { name: 'First post' }).waitFor();
      // The card's author line carries the mark too.
      await dialog.getByRole('img', { name: 'Verified neighbour' }).first().waitFor();
      await shot(page, `thread-${size}`);

      const question = dialog.locator('li[data-comment-id]', { hasText: 'Is it still there?' }).first();
      await question.getByRole('button', { name: 'Report', exact: true }).first().click();
      const report = page.getByRole('dialog', { name: 'Report this comment' });
      await report.getByLabel('Spam').check();
      await report.getByRole('button', { name: 'Send report' }).click();
      await page.getByText('Thanks for reporting', { exact: true }).waitFor();
      const mine = await fetch(`${web.url}/api/reports/mine`, { headers: { cookie: rita.cookie } });
      expect((await mine.json()).reports).toMatchObject([
        { targetType: 'comment', reason: 'spam', status: 'open' },
      ]);
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);
  }

  it('shows moderators the reported comment with its thread, and verifies its writer in one click', async () => {
    const { context, errors } = await signedInContext(web, meg.cookie, DESKTOP);
    const page = await context.newPage();
    await page.goto('/moderation');
    const card = page.getByTestId('moderation-case').filter({ hasText: 'Reported comment' });
    await card.getByText('Is it still there?').waitFor();
    await card.getByRole('link', { name: 'Open the thread' }).waitFor();
    await card.getByRole('button', { name: 'Hide comment' }).waitFor();
    await card.getByRole('button', { name: 'Verify Ana Buyer' }).click();
    await page.getByText('Verified mark given', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Take away the verified mark of Ana Buyer' }).waitFor();
    await shot(page, 'moderation-1280');
    const profile = await fetch(`${web.url}/api/users/${ana.id}`);
    expect(((await profile.json()) as { isVerified: boolean }).isVerified).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('offers no Report on one’s own comment', async () => {
    const { context } = await signedInContext(web, ana.cookie, PHONE);
    const page = await context.newPage();
    await page.goto(`/post/${post.id}`);
    const own = page
      .getByRole('dialog')
      .locator('li[data-comment-id]', { hasText: 'Is it still there?' })
      .first();
    await own.getByRole('button', { name: 'Edit' }).waitFor();
    await expect(own.getByRole('button', { name: 'Report', exact: true }).count()).resolves.toBe(0);
    await context.close();
  }, 90_000);
});
