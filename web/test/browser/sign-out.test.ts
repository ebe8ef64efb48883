import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { webStackForFile } from './file-stack';
import { signedInContext } from './harness';

// Sign Out is a navigation to GET /api/logout (spec section 7). The gateway accepts it only from
// the app's own pages: a real browser says where a navigation comes from (Sec-Fetch-Site).

let elsewhere: Server;
let elsewhereUrl: string;

const web = webStackForFile(async () => {
  // Another site (another origin) with a link and an image that point at the app's logout.
  elsewhere = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>Elsewhere</title><img src="${web.url}/api/logout" alt="">` +
        `<a href="${web.url}/api/logout">Win a prize</a>`,
    );
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const address = elsewhere.address();
  elsewhereUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
}, 180_000);

afterAll(async () => {
  elsewhere?.close();
});

async function signedInPage(firstName: string) {
  const member = await web.api.signup(
    firstName,
    'Tester',
    `${firstName.toLowerCase()}-${Date.now()}@example.com`,
  );
  const { context, errors } = await signedInContext(web, member.cookie);
  return { member, context, errors, page: await context.newPage() };
}

const status = (cookie: string) =>
  fetch(`${web.url}/api/user`, { headers: { cookie } }).then((res) => res.status);

describe('signing out', () => {
  it("signs out from the profile menu's Sign Out", async () => {
    const { member, context, errors, page } = await signedInPage('Sam');
    await page.goto('/home');
    await page.getByRole('button', { name: /Open profile menu for Sam Tester/ }).click();
    await page.getByRole('link', { name: 'Sign Out' }).click();
    await page.waitForURL(`${web.url}/`);
    expect(await status(member.cookie)).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does not sign out from a link or an image on another site', async () => {
    const { member, context, page } = await signedInPage('Kim');
    await page.goto(elsewhereUrl);
    await page.getByRole('link', { name: 'Win a prize' }).click();
    await page.waitForURL(`${web.url}/api/logout`);
    expect(await page.textContent('body')).toContain('another site');
    expect(await status(member.cookie)).toBe(200);
    await context.close();
  });
});
