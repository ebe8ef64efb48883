import { afterAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './api';
import { seriousViolations } from './axe';
import { webStackForFile } from './file-stack';
import { DESKTOP, PHONE, postPages } from './harness';

// A mention chosen from the `@` suggestions in a comment, its link to the person's profile, and a
// tag's page reached from a `#tag` in the post: on a phone (a tap chooses) and on a desktop (the
// keyboard chooses), each by a member of their own.

type Member = Awaited<ReturnType<ApiClient['signup']>>;
let olive: Member;
let ulysses: Member;
let writers: Record<'phone' | 'desktop', Member>;
let postId: string;
const TITLE = 'Walnut bookshelf, five shelves';
const WRITER_NAMES = { phone: 'Pia', desktop: 'Dev' } as const;
const TAG = `walnutshelf${Date.now().toString(36)}`;

const web = webStackForFile(async (api) => {
  const stamp = Date.now();
  olive = await api.signup('Olive', 'Ortega', `olive-m-${stamp}@example.com`);
  ulysses = await api.signup('Ulysses', 'Quist', `ulysses-m-${stamp}@example.com`);
  writers = {
    phone: await api.signup(WRITER_NAMES.phone, 'Phone', `pia-m-${stamp}@example.com`),
    desktop: await api.signup(WRITER_NAMES.desktop, 'Desk', `dev-m-${stamp}@example.com`),
  };
  const post = await api.createPost(olive.cookie, {
    category: 'sale',
    title: TITLE,
    description: `Solid walnut, easy to carry. #${TAG}`,
    price: '90',
  });
  postId = post.id;
});

const pages = postPages(web, () => ({ id: postId, title: TITLE }));
afterAll(() => pages.close());

describe('mentions and tags in the browser', () => {
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`on a ${device}: @ suggests, the mention links to the profile and tells them, #tag opens its page`, async () => {
      const page = await pages.open(writers[device].cookie, viewport);
      const dialog = page.getByRole('dialog');
      const box = dialog.getByRole('textbox', { name: 'Write a comment' });
      await box.click();
      await box.pressSequentially('Ulysses has one, ask @Uly');
      const list = page.getByRole('listbox', { name: 'People to mention' });
      const option = list.getByRole('option', { name: 'Ulysses Quist' });
      await option.waitFor();
      // The box names the highlighted suggestion; Escape closes the list, not the post.
      expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
      // The open list meets axe's rules (roles, names, contrast) where it stands.
      expect(await seriousViolations(page, '[data-testid="comments"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'hidden' });
      await dialog.getByRole('heading', { name: TITLE }).waitFor();
      await box.pressSequentially('s');
      await option.waitFor();
      if (device === 'phone') await option.tap();
      else await page.keyboard.press('Enter');
      await expect.poll(() => box.inputValue()).toBe('Ulysses has one, ask @Ulysses Quist ');
      await box.pressSequentially(`(from the ${device})`);
      const sent = page.waitForResponse(
        (r) => r.url().endsWith(`/api/posts/${postId}/comments`) && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Comment', exact: true }).click();
      expect((await sent).status()).toBe(201);

      const comment = dialog.locator('li[data-comment-id]', { hasText: `from the ${device}` });
      const mention = comment.getByRole('link', { name: '@Ulysses Quist' });
      await mention.waitFor();
      expect(await mention.getAttribute('href')).toBe(`/user/${ulysses.id}`);

      // Ulysses hears of it, once.
      await expect
        .poll(async () => {
          const res = await fetch(`${web.url}/api/notifications`, { headers: { cookie: ulysses.cookie } });
          const list = ((await res.json()) as { notifications: { type: string; title: string }[] })
            .notifications;
          return list.filter((n) => n.type === 'post_mention' && n.title.startsWith(WRITER_NAMES[device]))
            .length;
        })
        .toBe(1);

      await page.screenshot({ path: `/tmp/mention-thread-${device}.png` });
      await mention.click();
      await page.getByRole('heading', { name: 'Ulysses Quist' }).waitFor();

      // Back on the post, its #tag leads to the tag's page, which lists the post.
      await page.goto(`/post/${postId}`);
      await page
        .getByRole('dialog')
        .getByRole('link', { name: `#${TAG}` })
        .click();
      await page.getByRole('heading', { name: `#${TAG}` }).waitFor();
      await page.getByText('1 post', { exact: true }).waitFor();
      await page.getByRole('heading', { name: TITLE }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/tag-page-${device}.png` });
      // Opened at its own address (rendered by the gateway, then hydrated), in another spelling.
      const direct = await page.goto(`/tags/${TAG.toUpperCase()}`);
      expect(direct?.status()).toBe(200);
      await page.getByRole('heading', { name: `#${TAG}` }).waitFor();
      await page.getByRole('heading', { name: TITLE }).waitFor();
      expect(pages.errors.flat()).toEqual([]);
    }, 180_000);
  }
});
