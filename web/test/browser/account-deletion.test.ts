import { waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from './api';
import { newContext, startWebStack, type WebStack } from './harness';

// Deleting an account from Settings (issue 17): the dialog asks for the password; afterwards
// signing in fails and the member's posts are gone from the feed.

let web: WebStack;
let api: ApiClient;

beforeAll(async () => {
  web = await startWebStack();
  api = new ApiClient(web.url);
}, 180_000);

afterAll(async () => {
  await web?.stop();
});

const loginStatus = (email: string, password: string) =>
  fetch(`${web.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: web.url },
    body: JSON.stringify({ email, password }),
  }).then((res) => res.status);

it('delete account: the password confirms it, then sign-in fails and the posts leave the feed', async () => {
  const member = await api.seedMember('Della', 'Departing', [
    {
      category: 'sale',
      title: `Walnut bookcase ${Date.now()}`,
      description: 'Five shelves',
      neighborhood: 'cameron_park',
      price: '60',
    },
  ]);
  const postId = member.posts[0]?.id;
  expect((await api.feed()).posts.map((p) => p.id)).toContain(postId);

  const { context, errors } = await newContext(web);
  const [name, value] = member.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: web.url }]);
  const page = await context.newPage();
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Export my data' }).waitFor();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByText('Password is incorrect').waitFor();
  await dialog.getByLabel('Password').fill(member.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await page.waitForURL(`${web.url}/`);

  expect(await loginStatus(member.email, member.password)).toBe(401);
  await waitFor(
    async () => !(await api.feed()).posts.some((p) => p.id === postId),
    10_000,
    'the post to leave the feed',
  );
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);
