import { POSTING_LIMITS } from '@waco/contracts';
import { changeModerator, databasesOf } from '@waco/launcher/ops/moderators';
import { describe, expect, it } from 'vitest';
import { type ApiClient, draft } from './api';
import { webStackForFile } from './file-stack';
import { DESKTOP, signedInContext } from './harness';

// The limits per member in the browser, as `npm start` has them on: a new account over its
// hourly posting limit reads why and when it may post again, and a moderator sees the burst.

type Seeded = Awaited<ReturnType<ApiClient['seedMember']>>;
const limit = (POSTING_LIMITS.newAccount.find((w) => w.per === 'hour') as { max: number }).max;
const KINDS = ['Oak chair', 'Pine desk', 'Elm shelf', 'Ash stool', 'Maple table', 'Cedar chest'];
let sam: Seeded;
let meg: Seeded;

const web = webStackForFile(
  async (api, stack) => {
    sam = await api.seedMember(
      'Sam',
      'Spammer',
      Array.from({ length: limit }, (_, i) =>
        draft('sale', `${KINDS[i % KINDS.length]} ${'x'.repeat(i + 1)}`, `Item ${'y'.repeat(i + 1)}.`, {
          price: '20',
        }),
      ),
    );
    meg = await api.seedMember('Meg', 'Moderator');
    await changeModerator(databasesOf(stack.stack.services), meg.email, true);
  },
  180_000,
  { memberLimits: true },
);

describe('a new account over its posting limit', () => {
  it('reads why and when it can post again; a moderator sees the burst', async () => {
    const { context, errors } = await signedInContext(web, sam.cookie);
    const page = await context.newPage();
    await page.goto('/?mode=post');
    const form = page.getByRole('form', { name: 'Create a post' });
    await form.waitFor();
    await form.getByText('For Sale', { exact: true }).click();
    await form.getByLabel('Title').fill('Cheap watches, best prices');
    await form.getByLabel('Description').fill('Message me for the catalogue.');
    await form.getByLabel('Price ($)').fill('15');
    await form.getByRole('button', { name: 'Publish Post' }).click();
    const toast = page.locator('.toast-root', {
      hasText: `New or unverified accounts can make ${limit} posts an hour. You can post again in`,
    });
    await toast.waitFor({ timeout: 20_000 });
    expect(await toast.textContent()).toMatch(/You can post again in (60 minutes|1 hour)\./);
    // The form stays, with what was typed, for later.
    expect(await form.getByLabel('Title').inputValue()).toBe('Cheap watches, best prices');
    expect(errors.filter((e) => !e.includes('429'))).toEqual([]);
    await context.close();

    const moderator = await signedInContext(web, meg.cookie, DESKTOP);
    const queue = await moderator.context.newPage();
    await queue.goto('/moderation');
    const bursts = queue.getByRole('region', { name: 'Bursts' });
    const burst = bursts.getByTestId('limit-burst').filter({ hasText: 'Sam Spammer' });
    await burst.waitFor({ timeout: 20_000 });
    expect(await burst.textContent()).toContain(`reached the limit of ${limit} posts an hour`);
    expect(await burst.textContent()).toContain('new or unverified account');
    await moderator.context.close();
  });
});
