import { BLOCKED_MESSAGING, type Post } from '@waco/contracts';
import { changeModerator, databasesOf } from '@waco/launcher/ops/moderators';
import { waitFor } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { type ApiClient, draft } from './api';
import { webStackForFile } from './file-stack';
import { DESKTOP, expectNotFoundPage, hydrated, PHONE, screenshots, signedInContext } from './harness';

// Trust and safety in the browser: reporting a post, blocking a member (who then
// cannot message), the Blocked people list, and the moderators' queue, at phone and desktop size.

type Seeded = Awaited<ReturnType<ApiClient['seedMember']>>;
let otto: Seeded;
let rita: Seeded;
let meg: Seeded;
let scam: Post;

const web = webStackForFile(async (api, stack) => {
  otto = await api.seedMember('Otto', 'Seller', [
    draft('sale', 'Cheap phones, wire first', 'Only Western Union.'),
  ]);
  rita = await api.seedMember('Rita', 'Neighbour', [
    draft('sale', 'Oak chair', 'Solid oak, pick up downtown.'),
  ]);
  meg = await api.seedMember('Meg', 'Moderator');
  scam = otto.posts[0] as Post;
  await changeModerator(databasesOf(stack.stack.services), meg.email, true);
}, 180_000);

const shot = screenshots('moderation');

describe('reporting', () => {
  it('reports a post from its menu with a reason', async () => {
    const { context, errors } = await signedInContext(web, rita.cookie, PHONE);
    const page = await context.newPage();
    await page.goto(`/?post=${scam.id}`);
    // The menu is the app's: a tap before it runs is replayed, which this test is not about.
    await hydrated(page);
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Report post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByLabel('Scam or fraud').check();
    await dialog.getByLabel(/Anything moderators should know/).fill('Asks for a wire transfer');
    await shot(page, 'report-390');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Thanks for reporting', { exact: true }).waitFor();
    const mine = await fetch(`${web.url}/api/reports/mine`, { headers: { cookie: rita.cookie } });
    expect((await mine.json()).reports).toMatchObject([
      { targetId: scam.id, reason: 'scam', status: 'open' },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});

describe('blocking', () => {
  it('blocks from a profile after a confirmation saying what it does; the blocked member cannot message; Blocked people unblocks', async () => {
    // Otto has Rita's chair open before she blocks him: once posts hears of the block, her posts
    // are hidden from him, and the way left to reach her is the post he already has open.
    const blocked = await signedInContext(web, otto.cookie, PHONE);
    const his = await blocked.context.newPage();
    await his.goto(`/?post=${rita.posts[0]?.id}`);
    await hydrated(his);
    const send = his.getByRole('button', { name: 'Send Message' });
    await send.waitFor();

    const { context, errors } = await signedInContext(web, rita.cookie, PHONE);
    const page = await context.newPage();
    await page.goto(`/user/${otto.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Block Otto Seller' }).click();
    // One tap blocks no one: a dialog says what blocking does and asks first.
    const confirm = page.getByRole('dialog', { name: 'Block Otto Seller?' });
    await confirm.waitFor();
    await expect(
      confirm.getByText('neither of you can message the other', { exact: false }).isVisible(),
    ).resolves.toBe(true);
    await expect(
      confirm.getByText('unblock them anytime from Blocked people', { exact: false }).isVisible(),
    ).resolves.toBe(true);
    await shot(page, 'block-confirm-390');
    const blocks = async () =>
      (await (await fetch(`${web.url}/api/user/blocks`, { headers: { cookie: rita.cookie } })).json()).blocks;
    expect(await blocks()).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await blocks()).toEqual([]);
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Block Otto Seller' }).click();
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByText('Otto Seller is blocked', { exact: true }).waitFor();
    expect(await blocks()).toMatchObject([{ user: { id: otto.id } }]);
    // Messaging learns of the block from the bus, within its delivery time (docs/architecture.md):
    // on a loaded machine that is longer than Otto takes to open the post.
    const messaging = web.stack.services.messaging.database.pool;
    await waitFor(
      async () =>
        (
          await messaging.query(
            'SELECT 1 FROM moderation_blocks WHERE blocker_id = $1 AND blocked_id = $2 AND blocked',
            [rita.id, otto.id],
          )
        ).rowCount === 1,
      30_000,
      "messaging's copy of the block",
    );

    // Otto, blocked, tries to message Rita about her chair: refused, with the reason.
    await send.click();
    await his.getByText(BLOCKED_MESSAGING, { exact: false }).first().waitFor();
    expect(his.url()).not.toContain('/messages');
    await blocked.context.close();

    // Rita's Blocked people list, from the profile menu, and unblocking there.
    await page.goto('/home');
    await page.getByRole('button', { name: /Open profile menu for Rita Neighbour/ }).click();
    await page.getByRole('button', { name: 'Blocked people' }).click();
    const list = page.getByRole('list', { name: 'Blocked people' });
    await list.getByText('Otto Seller').waitFor();
    await shot(page, 'blocked-390');
    await list.getByRole('button', { name: 'Unblock' }).click();
    await page.getByText('You have not blocked anyone.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('the moderation queue', () => {
  it('is a 404 page for members who are not moderators', async () => {
    await expectNotFoundPage(web, rita.cookie, '/moderation');
  }, 90_000);

  it('shows moderators the reported post as members see it, and hides it in one click', async () => {
    for (const [size, options] of [
      ['1280', DESKTOP],
      ['390', PHONE],
    ] as const) {
      const { context, errors } = await signedInContext(web, meg.cookie, options);
      const page = await context.newPage();
      await page.goto('/moderation');
      const open = page.getByRole('list', { name: 'Open reports' });
      await open.getByText('Cheap phones, wire first').waitFor();
      await expect(open.getByText('Scam or fraud (1)').isVisible()).resolves.toBe(true);
      await shot(page, `queue-${size}`);
      if (size === '390') {
        await page.getByLabel('Note').fill('No wire-transfer sales');
        await open.getByRole('button', { name: 'Hide post' }).click();
        await page.getByText('No open reports.', { exact: false }).waitFor();
      }
      expect(errors).toEqual([]);
      await context.close();
    }
    // Hidden for members, still there for its owner with the moderators' note.
    const hidden = async () => (await fetch(`${web.url}/api/posts/${scam.id}`)).status === 404;
    await waitFor(hidden, 10_000, 'the post to be hidden');
    const owner = await signedInContext(web, otto.cookie, PHONE);
    const page = await owner.context.newPage();
    await page.goto(`/?post=${scam.id}`);
    const detail = page.getByRole('dialog');
    await detail.getByText('Hidden by moderators').waitFor();
    await detail.getByText('No wire-transfer sales', { exact: false }).waitFor();
    await shot(page, 'hidden-owner-390');
    await owner.context.close();
  }, 90_000);
});
