import { describe, expect, it } from 'vitest';
import { draft } from './api';
import { webStackForFile } from './file-stack';
import { openPage } from './harness';

const TITLE = 'Oak rocking chair';

const web = webStackForFile(async (api) => {
  await api.seedMember('James', 'Whitfield', [
    draft('event', 'Food truck Friday', 'Tacos!', { eventDate: '2030-05-01T18:00:00Z' }),
    draft('sale', TITLE, 'Solid oak, creaks just right.', { price: '60' }),
  ]);
});

describe('a guest who likes a post', () => {
  it('gets the prompt, signs up, comes back to where they were, and likes it', async () => {
    const { context, errors, page } = await openPage(web, '/');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await page
      .getByRole('group', { name: 'Categories', exact: true })
      .getByRole('button', { name: 'For Sale' })
      .click();
    await page.waitForURL('**/home?category=sale');
    const card = page.locator('article[data-post-id]', { hasText: TITLE });
    await card.getByRole('button', { name: 'Like' }).click();

    const prompt = page.getByRole('dialog', { name: 'Join Waco Commons to like this post' });
    await prompt.waitFor();
    await prompt.getByText('Continue browsing as guest').waitFor();
    await prompt.getByRole('button', { name: 'Sign Up Free' }).click();
    await page.waitForURL('**/auth?tab=signup');
    expect(await page.evaluate(() => localStorage.getItem('returnUrl'))).toBe('/home?category=sale');
    await expect.poll(() => page.title()).toBe('Join | Waco Commons');

    // The form's own messages first.
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Please enter a valid email',
      'Password must be at least 8 characters',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(`ada-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('analytical engine');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.locator('.toast-root', { hasText: 'Account created!' }).waitFor();
    // The page reloads (after 1000 ms) at the address stored before signing up.
    await page.waitForURL('**/home?category=sale', { timeout: 10_000 });
    await page.getByRole('button', { name: /Open profile menu for Ada Lovelace/ }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('returnUrl'))).toBeNull();

    const like = page
      .locator('article[data-post-id]', { hasText: TITLE })
      .getByRole('button', { name: 'Like' });
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => like.textContent(), { timeout: 10_000 }).toBe('1');
    const postId = await page
      .locator('article[data-post-id]', { hasText: TITLE })
      .getAttribute('data-post-id');
    const status = await page.request.get(`/api/posts/${postId}/status`);
    expect(await status.json()).toEqual({ isLiked: true, isSaved: false });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
