import { describe, expect, it } from 'vitest';
import type { ApiClient } from './api';
import { webStackForFile } from './file-stack';
import { DESKTOP, signedInContext, watchPage } from './harness';

// The API's reference at /api/docs, as an integrator uses it: rendered by Swagger UI from this
// origin under the app's Content-Security-Policy (a refused script or style is a console error),
// and "try it" calling the API with the browser's own session.

let member: Awaited<ReturnType<ApiClient['seedMember']>>;
const web = webStackForFile(async (api) => {
  member = await api.seedMember('Ida', 'Integrator');
});

describe('the API reference', () => {
  it('renders every group of the API, and "try it" answers as the signed-in member', async () => {
    const { context, errors } = await signedInContext(web, member.cookie, DESKTOP);
    const page = await context.newPage();
    const { console } = watchPage(page);
    await page.goto('/api/docs');
    const currentUser = page.locator('.opblock', { has: page.locator('[data-path="/api/user"]') }).filter({
      has: page.locator('.opblock-summary-method', { hasText: 'GET' }),
    });
    await currentUser.first().waitFor();
    // Every group is in the reference Swagger UI holds (it draws a list this long as it is
    // scrolled to, so the page itself shows the first groups only).
    const groups = await page.evaluate('window.ui.specSelectors.taggedOperations().keySeq().toJS()');
    expect(groups).toEqual(expect.arrayContaining(['identity', 'posts', 'groups', 'directory', 'messaging']));
    expect(await page.locator('.opblock-tag').first().textContent()).toMatch(/^identity/);

    await currentUser.first().locator('.opblock-summary').click();
    await currentUser.first().getByRole('button', { name: 'Try it out' }).click();
    await currentUser.first().getByRole('button', { name: 'Execute' }).click();
    const answer = currentUser.first().locator('.live-responses-table tbody .response-col_status').first();
    await expect.poll(() => answer.textContent()).toMatch(/200/);
    expect(
      await currentUser.first().locator('.live-responses-table .highlight-code').first().textContent(),
    ).toContain(member.email);
    expect(console.filter((line) => /Content Security Policy|Refused/i.test(line))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
