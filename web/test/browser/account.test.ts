import { waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api';
import { addSession, newContext, startWebStack, type WebStack } from './harness';

// The account flows as a member lives them, reading the real mails the app sent to the embedded
// SMTP server (the stack's mail catcher).

let web: WebStack;
let api: ApiClient;

beforeAll(async () => {
  web = await startWebStack();
  api = new ApiClient(web.url);
}, 180_000);

afterAll(async () => {
  await web?.stop();
});

/** The link of the `count`th mail to `email` whose subject matches. */
async function linkInMail(email: string, subject: RegExp) {
  const catcher = web.stack.mail;
  if (!catcher) throw new Error('the stack runs no mail catcher');
  const mail = await waitFor(
    async () => (await catcher.list(email)).find((m) => subject.test(m.subject)),
    10_000,
    `a mail to ${email} about ${subject}`,
  );
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in ${mail.text}`);
  expect(mail.html).toContain(link.replaceAll('&', '&amp;'));
  return link;
}

const status = (email: string, password: string) =>
  fetch(`${web.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: web.url },
    body: JSON.stringify({ email, password }),
  }).then((res) => res.status);

describe('account flows in the browser', () => {
  it('forgot password: the mailed link sets a new password and signs in', async () => {
    const email = `rosa-${Date.now()}@example.com`;
    await api.signup('Rosa', 'Tester', email);
    const { context, errors } = await newContext(web);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The sign-in form has an Email field too: fill the one of the page the link opened.
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText('If an account uses this email').waitFor();

    const link = await linkInMail(email, /Reset your Waco Commons password/);
    expect(new URL(link).pathname).toBe('/reset-password');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.waitForURL(`${web.url}/`);
    await page.getByRole('button', { name: /Open profile menu for Rosa Tester/ }).waitFor();

    expect(await status(email, 'correct horse battery')).toBe(401);
    expect(await status(email, 'a brand new passphrase')).toBe(200);
    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.getByText('This reset link is invalid or has expired').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('verification: the banner until the mailed link is followed, then a toast and the verified mark', async () => {
    const email = `vera-${Date.now()}@example.com`;
    const member = await api.signup('Vera', 'Tester', email);
    const { context, errors } = await newContext(web);
    await addSession(web, context, member.cookie);
    const page = await context.newPage();
    await page.goto('/home');
    await page.getByText('Please confirm your email address').waitFor();
    await page.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('A new verification link is on its way.').first().waitFor();

    await page.goto(await linkInMail(email, /Confirm your email/));
    await page.getByText('Email verified').first().waitFor();
    expect(await page.getByText('Please confirm your email address').count()).toBe(0);
    await page.goto(`/user/${member.id}`);
    await page.getByText('Verified email').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  // The dialog asks for the password; afterwards signing in fails and the posts leave the feed.
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
    await addSession(web, context, member.cookie);
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

    expect(await status(member.email, member.password)).toBe(401);
    await waitFor(
      async () => !(await api.feed()).posts.some((p) => p.id === postId),
      10_000,
      'the post to leave the feed',
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
