import { describe, expect, it } from 'vitest';
import { ApiClient, draft } from './api';
import { webStackForFile } from './file-stack';
import { addSession, newContext, openPage } from './harness';

const web = webStackForFile(async (api) => {
  await api.seedMember('Sarah', 'Mitchell', [
    draft('job', 'Dog walker, weekday lunchtimes', 'Two friendly labs.', { salary: '$20 a walk' }),
  ]);
});

describe('the shell', () => {
  it('keeps the chosen theme across a reload (light by default)', async () => {
    const { context, errors, page } = await openPage(web, '/');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await page.locator('article[data-post-id]').first().waitFor();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    // The class and the stored choice follow the click in the app's effect, not within it.
    await expect.poll(isDark).toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await isDark()).toBe(true);
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('light');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    expect(await isDark()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows the 404 page for an unknown path', async () => {
    const { context, response: res, page } = await openPage(web, '/no/such/place');
    // The gateway knows the app's pages (APP_ROUTES): any other address is a 404 for crawlers too.
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Page Not Found | Waco Commons');
    await page.getByRole('link', { name: 'Back to Feed' }).waitFor();
    await context.close();
  }, 60_000);

  it('sends a signed-out visit to messages, notifications or profile to /api/login, and a member away from /auth', async () => {
    const { context } = await newContext(web);
    const page = await context.newPage();
    for (const path of ['/messages', '/notifications', '/profile']) {
      await page.goto(path);
      // /api/login is the identity service's navigation, which lands on the auth page.
      await page.waitForURL('**/auth');
      await page.getByRole('tab', { name: 'Login' }).waitFor();
    }
    const api = new ApiClient(web.url);
    const member = await api.signup('Tom', 'Baker', `tom-${Date.now()}@example.com`);
    await addSession(web, context, member.cookie);
    await page.goto('/auth?tab=signup');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/messages?conversation=abc');
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/messages');
    await context.close();
  }, 60_000);
});
