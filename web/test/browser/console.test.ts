import { SERVICE_NAMES } from '@waco/contracts/routes';
import { changeAdmin, databasesOf } from '@waco/launcher/ops/moderators';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './api';
import { webStackForFile } from './file-stack';
import { DESKTOP, expectNotFoundPage, hydrated, PHONE, screenshots, signedInContext } from './harness';

// The operator's console at /admin, as an administrator uses it on a phone and a desktop: the
// site's figures and every service ready, a member made a moderator and back, and the audit list
// saying who did it; anyone else gets the page that does not exist.

type Seeded = Awaited<ReturnType<ApiClient['seedMember']>>;
let ada: Seeded;
let ned: Seeded;
const web = webStackForFile(async (api, stack) => {
  ada = await api.seedMember('Ada', 'Operator');
  ned = await api.seedMember('Ned', 'Neighbour');
  await changeAdmin(databasesOf(stack.stack.services), ada.email, true);
}, 180_000);

const shot = screenshots('console', { fullPage: true });

describe("the operator's console", () => {
  it('is the page that does not exist for a member without the role', async () => {
    await expectNotFoundPage(web, ned.cookie, '/admin');
  });

  it.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])(
    'shows an administrator the figures and services on %s, and changes a role with a record of it',
    async (device, options) => {
      const { context, errors } = await signedInContext(web, ada.cookie, options);
      const page = await context.newPage();
      await page.goto('/');
      await hydrated(page);
      // Reached from the profile menu.
      await page
        .getByRole('button', { name: /profile menu|Ada/i })
        .first()
        .click();
      await page.getByRole('button', { name: 'Operator console' }).click();
      await page.getByRole('heading', { name: 'Operator console' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin');

      // Two members joined today; every service answers ready.
      const figures = page.getByRole('region', { name: 'New per day' });
      await expect.poll(() => figures.locator('tbody tr').last().textContent()).toMatch(/^In all\s*2/);
      const services = page.getByRole('region', { name: 'Services' });
      await expect
        .poll(() => services.getByText('Ready', { exact: true }).count())
        .toBe(SERVICE_NAMES.length);
      await page.getByRole('region', { name: 'Dead letters' }).getByText('No dead letters').waitFor();

      // Ned made a moderator from a search, then removed.
      const roles = page.getByRole('region', { name: 'Roles' });
      await roles.getByPlaceholder('A member’s name').fill('Ne');
      await roles.getByRole('button', { name: 'Make a moderator' }).click();
      const moderators = roles.getByRole('list', { name: 'Moderators' });
      await moderators.getByText('Ned Neighbour').waitFor();
      if (device === 'a desktop') await shot(page, 'desktop');
      else await shot(page, 'phone');
      await moderators.getByRole('button', { name: 'Remove' }).click();
      await moderators.waitFor({ state: 'detached' });

      // The moderators' audit list records both, by Ada.
      const { rows } = await web.stack.services.moderation.database.pool.query(
        'SELECT action FROM audit WHERE moderator_id = $1 AND target_id = $2 ORDER BY at',
        [ada.id, ned.id],
      );
      expect(rows.map((row: { action: string }) => row.action).slice(-2)).toEqual([
        'grant_moderator',
        'revoke_moderator',
      ]);
      expect(errors).toEqual([]);
      await context.close();
    },
    90_000,
  );
});
