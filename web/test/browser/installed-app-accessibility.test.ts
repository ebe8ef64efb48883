import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './api';
import { seriousViolations } from './axe';
import { webStackForFile } from './file-stack';
import { newContext, PHONE, signedInContext } from './harness';
import { controlledPage, newVersionPrompt, playPushSubscription, withDeployableCopy } from './installed-app';

// axe over what the installed app adds: the push switch in the profile menu, in each
// of its states, and the update prompt; no serious or critical violation in either theme.

let member: Awaited<ReturnType<ApiClient['seedMember']>>;

const web = webStackForFile(async (client) => {
  member = await client.seedMember('Ana', 'Axe', []);
}, 180_000);

const setTheme = (context: BrowserContext, theme: 'light' | 'dark') =>
  context.addInitScript((t) => {
    // Not in the blank page axe opens to gather its results: it has no storage.
    if (location.protocol === 'about:') return;
    localStorage.setItem('vite-ui-theme', t);
    localStorage.setItem('hasVisitedAsGuest', 'true');
  }, theme);

async function openProfileMenu(page: Page) {
  await page.getByRole('button', { name: /Open profile menu for Ana Axe/ }).click();
  const toggle = page.getByRole('switch', { name: 'Push notifications' });
  await toggle.waitFor();
  return toggle;
}

const inMenu = '[data-testid="push-toggle"]';

describe.each(['light', 'dark'] as const)('axe, %s theme', (theme) => {
  it('finds nothing in the push switch, off, on ("Off on all my devices") and blocked', async () => {
    const { context, errors } = await signedInContext(web, member.cookie);
    await setTheme(context, theme);
    await playPushSubscription(context, web.url);
    const page = await controlledPage(context);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );
    const toggle = await openProfileMenu(page);
    expect(await seriousViolations(page, inMenu)).toEqual([]);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Off on all my devices' }).waitFor();
    expect(await seriousViolations(page, inMenu)).toEqual([]);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();

    // Blocked in the browser's settings: the switch is disabled, with a line saying why.
    const blocked = await signedInContext(web, member.cookie);
    await setTheme(blocked.context, theme);
    await blocked.context.addInitScript(() =>
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' }),
    );
    const blockedPage = await controlledPage(blocked.context);
    await openProfileMenu(blockedPage);
    await blockedPage.getByText("Notifications are blocked in this browser's settings.").waitFor();
    expect(await seriousViolations(blockedPage, inMenu)).toEqual([]);
    await blocked.context.close();
  }, 60_000);

  it('finds nothing in the update prompt', async () => {
    await withDeployableCopy(web, async (origin, deploy) => {
      const { context, errors } = await newContext(web, { ...PHONE, baseURL: origin });
      await setTheme(context, theme);
      const page = await controlledPage(context, '/home');
      await newVersionPrompt(page, deploy);
      expect(await seriousViolations(page, '[data-testid="update-prompt"]')).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }, 60_000);
});
