import { conversationIdOf } from '@waco/contracts';
import { saleRequest } from '@waco/platform/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiClient, testPhoto } from './api';
import { webStackForFile } from './file-stack';
import { screenshots, twoMembers } from './harness';

// Deals between neighbours in the browser: Bob (on a phone) asks whether Ada's bike is still
// available in one tap, offers, Ada (on a desktop) accepts: the post is pending; she marks it sold
// to Bob, and the two rate each other; Ada's profile shows the rating.

type Member = Awaited<ReturnType<ApiClient['signup']>>;
let ada: Member;
let bob: Member;
let postId: string;
const TITLE = 'Red cruiser bike';
const shot = screenshots('deals');

let adaCtx: BrowserContext;
let bobCtx: BrowserContext;
let a: Page;
let b: Page;
let errors: string[][] = [];

const web = webStackForFile(async (api) => {
  ada = await api.signup('Ada', 'Seller', `ada-${Date.now()}@example.com`);
  bob = await api.signup('Bob', 'Buyer', `bob-${Date.now()}@example.com`);
  postId = (await api.createPost(ada.cookie, saleRequest(TITLE, 'Comfortable, one owner.', '60'))).id;
  ({
    contexts: [adaCtx, bobCtx],
    pages: [a, b],
    errors,
  } = await twoMembers(web, ada.cookie, bob.cookie));
});

afterAll(async () => {
  await adaCtx?.close();
  await bobCtx?.close();
});

const deal = (page: Page) => page.getByTestId('deal');

/** Counts the page's loads from now on (a reload, a navigation), so a test can say there were none. */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('load', () => {
    loads.count++;
  });
  return loads;
}
const WAIT = { timeout: 20_000 };

/** Rates `name` in the page's deal (stars and a note); the form gives way to the thanks, once. */
async function rate(page: Page, name: string, stars: number, note: string) {
  const form = deal(page).getByRole('form', { name: `Rate ${name}` });
  await form.waitFor(WAIT);
  await form.getByRole('button', { name: `${stars} stars` }).click();
  await form.getByLabel('A short note').fill(note);
  await form.getByRole('button', { name: 'Send rating' }).click();
  await deal(page).getByText(`You rated ${name}. Thank you!`).waitFor();
  expect(await form.count()).toBe(0);
}

describe('a deal between neighbours', () => {
  it('"Is this still available?" sends that message in one tap and opens the thread', async () => {
    await b.goto(`/post/${postId}`);
    const dialog = b.getByRole('dialog');
    await dialog.getByRole('heading', { name: TITLE }).waitFor();
    await dialog.getByRole('button', { name: 'Is this still available?' }).click();
    await b.waitForURL(/\/messages\?conversation=/);
    await b.getByTestId('message').filter({ hasText: 'Is this still available?' }).waitFor();
    // Ada has it in her inbox, about the post.
    await a.goto('/messages');
    const row = a.locator('[data-conversation-id]', { hasText: 'Bob Buyer' });
    await row.getByText('Is this still available?').waitFor(WAIT);
    // The seller herself is not offered the button on her post.
    await a.goto(`/post/${postId}`);
    await a.getByRole('dialog').getByRole('heading', { name: TITLE }).waitFor();
    expect(await a.getByRole('button', { name: 'Is this still available?' }).count()).toBe(0);
  }, 90_000);

  it('Bob offers, Ada accepts: each sees the other’s step live, and the post is pending', async () => {
    // Ada has the conversation open before Bob offers: his offer must reach her without a reload
    // (the live stream's notification reads the deal again; nothing polls it).
    await a.goto(`/messages?conversation=${encodeURIComponent(conversationIdOf(ada.id, bob.id))}`);
    await deal(a).getByTestId('deal-state').filter({ hasText: 'Available' }).waitFor(WAIT);
    const adaLoads = countLoads(a);
    const bobLoads = countLoads(b);
    await deal(b).waitFor(WAIT);
    await deal(b).getByLabel('Your offer ($)').fill('45');
    await deal(b).getByRole('button', { name: 'Send offer' }).click();
    await deal(b).getByText('You offered $45.00').waitFor();
    await deal(b).getByText('Waiting for an answer').waitFor();

    await deal(a).getByText('Bob Buyer offered $45.00').waitFor(WAIT);
    await deal(a).getByRole('button', { name: 'Accept' }).click();
    await deal(a).getByText('Accepted').waitFor();
    // posts hears of the acceptance and the sale is pending, for both.
    await deal(a).getByTestId('deal-state').filter({ hasText: 'Pending' }).waitFor(WAIT);
    await deal(b).getByText('Accepted').waitFor(WAIT);
    await deal(b).getByTestId('deal-state').filter({ hasText: 'Pending' }).waitFor(WAIT);
    // Neither page was loaded again: both saw the other's step arrive.
    expect([adaLoads.count, bobLoads.count]).toEqual([0, 0]);
    await b.getByTestId('message').first().waitFor();
    await shot(b, 'accepted-390');
    await shot(a, 'accepted-1280');

    const viewer = await b.context().newPage();
    await viewer.goto(`/post/${postId}`);
    await viewer.getByRole('dialog').getByTestId('pending-badge').waitFor();
    await viewer.close();
  }, 90_000);

  it('Ada marks it sold to Bob; both rate once, and Ada’s profile shows the rating', async () => {
    await deal(a).getByRole('button', { name: 'Mark sold to Bob Buyer' }).click();
    await deal(a).getByTestId('deal-state').filter({ hasText: 'Sold' }).waitFor(WAIT);
    await rate(a, 'Bob Buyer', 5, 'Paid in cash, on time.');
    await rate(b, 'Ada Seller', 4, 'Bike as described.');

    await b.goto(`/user/${ada.id}`);
    const standing = b.getByTestId('member-standing');
    await standing.getByText('4.0 from 1 rating').waitFor(WAIT);
    await standing.getByText('Bike as described.').waitFor();
    // Ada answered Bob's first message? No: she never wrote, so no reply time is shown yet.
    expect(await standing.getByTestId('reply-time').count()).toBe(0);
    expect(errors.flat()).toEqual([]);
  }, 90_000);

  it('a photo in the thread reaches the other member, and nobody else', async () => {
    const box = b.getByRole('textbox', { name: 'Message Ada Seller' });
    await b.goto(`/messages?conversation=${encodeURIComponent(conversationIdOf(ada.id, bob.id))}`);
    await box.waitFor();
    await b.getByLabel('Add photos').setInputFiles({
      name: 'bike.jpg',
      mimeType: 'image/jpeg',
      buffer: await testPhoto(20),
    });
    await b.getByRole('list', { name: 'Photos to send' }).locator('img').waitFor(WAIT);
    await box.fill('The scratch on the frame');
    await box.press('Enter');
    const sent = b.getByTestId('message').filter({ hasText: 'The scratch on the frame' });
    await sent.getByTestId('message-photo').waitFor(WAIT);

    await a.goto(`/messages?conversation=${encodeURIComponent(conversationIdOf(ada.id, bob.id))}`);
    const photo = a
      .getByTestId('message')
      .filter({ hasText: 'The scratch on the frame' })
      .getByTestId('message-photo');
    await photo.waitFor(WAIT);
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const src = (await photo.getAttribute('src')) ?? '';
    expect((await a.request.get(src)).status()).toBe(200);
    // A guest, or any other member, gets no such image.
    expect((await fetch(`${web.url}${src}`)).status).toBe(404);
    expect(errors.flat()).toEqual([]);
  }, 90_000);
});
