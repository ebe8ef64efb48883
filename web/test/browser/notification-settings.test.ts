import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { webStackForFile } from './file-stack';
import { DESKTOP, PHONE, screenshots, signedInContext } from './harness';

// Notification settings in the browser, on a phone and a desktop: reached from the notifications
// page, a change saved at once (and kept after a reload), the digest chosen, no serious axe finding.

const web = webStackForFile(undefined, 180_000);

const shot = screenshots('notification-settings', { fullPage: true });

async function settingsOf(cookie: string) {
  const res = await fetch(`${web.url}/api/notifications/settings`, { headers: { cookie } });
  return res.json();
}

async function changeSettings(page: Page, cookie: string, size: string) {
  await page.goto('/notifications');
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await page.waitForURL(/\/settings\/notifications$/);
  await page.getByRole('heading', { name: 'Notification settings', level: 1 }).waitFor();

  // Likes by email: the box of the likes' group.
  const likes = page.getByRole('group', { name: 'Likes and event answers' });
  const email = likes.getByRole('checkbox', { name: 'Email' });
  expect(await email.isChecked()).toBe(false);
  await email.check();
  await page.getByText('Settings saved').first().waitFor();
  await expect.poll(async () => (await settingsOf(cookie)).kinds.likes.email).toBe(true);

  // Follows not at all: both the app and email off (push goes with the app).
  const follows = page.getByRole('group', { name: 'New followers' });
  await follows.getByRole('checkbox', { name: 'In the app' }).uncheck();
  await follows.getByText('Not at all').waitFor();
  await expect
    .poll(async () => (await settingsOf(cookie)).kinds.follows)
    .toEqual({ app: false, push: false, email: false });

  // A weekly digest of Cameron Park.
  await page.getByRole('radio', { name: 'Weekly' }).check();
  await page.getByRole('combobox', { name: 'Your neighbourhood' }).selectOption('cameron_park');
  await expect
    .poll(async () => {
      const settings = await settingsOf(cookie);
      return [settings.digest, settings.digestNeighborhood];
    })
    .toEqual(['weekly', 'cameron_park']);

  // Kept after a reload.
  await page.reload();
  await expect
    .poll(() =>
      page
        .getByRole('group', { name: 'Likes and event answers' })
        .getByRole('checkbox', { name: 'Email' })
        .isChecked(),
    )
    .toBe(true);
  expect(await page.getByRole('radio', { name: 'Weekly' }).isChecked()).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, size);
}

describe('notification settings', () => {
  for (const [device, size, viewport] of [
    ['a phone', '390', PHONE],
    ['a desktop', '1280', DESKTOP],
  ] as const)
    it(`on ${device}: reached from notifications, changed, kept`, async () => {
      const member = await web.api.seedMember('Nora', `Settings${size}`);
      const { context, errors } = await signedInContext(web, member.cookie, viewport);
      await changeSettings(await context.newPage(), member.cookie, size);
      expect(errors).toEqual([]);
      await context.close();
    });
});
