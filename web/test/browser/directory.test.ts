import { describe, expect, it } from 'vitest';
import { webStackForFile } from './file-stack';
import { DESKTOP, PHONE, screenshots, signedInContext } from './harness';

// The business directory in the browser, on a phone and a desktop: a member adds a business,
// two neighbours review it and its page shows the exact average; the directory finds it by
// category and sorts it by rating.

const web = webStackForFile();
const shot = screenshots('directory', { fullPage: true });

async function member(first: string, last: string, device: typeof PHONE | typeof DESKTOP) {
  const seeded = await web.api.seedMember(first, last);
  const { context, errors } = await signedInContext(web, seeded.cookie, device);
  return { ...seeded, context, errors, page: await context.newPage() };
}

async function journey(device: typeof PHONE | typeof DESKTOP, size: string) {
  const ada = await member('Ada', `Adder${size}`, device);
  const ben = await member('Ben', `Reviewer${size}`, device);
  const cy = await member('Cy', `Reviewer${size}`, device);
  const name = `Brazos Fence & Gate ${size}`;

  // Ada adds the business from the directory.
  await ada.page.goto('/businesses');
  await ada.page.getByRole('heading', { name: 'Local businesses', level: 1 }).waitFor();
  await ada.page.getByRole('button', { name: 'Add a business' }).click();
  const form = ada.page.getByRole('form', { name: 'Add a business' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Category').selectOption('home_repair');
  await form.getByLabel('Description').fill('Cedar fences, gates and repairs.');
  await form.getByLabel('Phone').fill('(254) 555-0100');
  await form.getByLabel('Neighbourhood').selectOption('sanger_heights');
  await form.getByRole('button', { name: 'Add business' }).click();
  await ada.page.waitForURL(/\/businesses\/[0-9a-f-]{36}$/);
  const path = new URL(ada.page.url()).pathname;
  await ada.page.getByRole('heading', { name, level: 1 }).waitFor();

  // Two neighbours review it: 5 and 4 stars.
  for (const [who, stars] of [
    [ben, 5],
    [cy, 4],
  ] as const) {
    await who.page.goto(path);
    const review = who.page.getByRole('form', { name: 'Your review' });
    // The star itself is pressed (its radio, named for screen readers, is out of sight).
    await review.locator('label', { hasText: `${stars} stars` }).click();
    expect(await review.getByRole('radio', { name: `${stars} stars` }).isChecked()).toBe(true);
    await review.getByLabel('Comment').fill(`Solid work, ${stars} stars.`);
    await review.getByRole('button', { name: 'Post review' }).click();
    await who.page.getByRole('heading', { name: 'Your review' }).waitFor();
  }
  await ada.page.reload();
  await ada.page.getByTestId('average-rating').getByText('4.50').waitFor();
  await ada.page.getByText('2 reviews').first().waitFor();
  await ada.page.getByText('Solid work, 4 stars.').waitFor();
  await shot(ada.page, `business-${size}`);

  // The directory finds it under its category, with its average.
  await ada.page.goto('/businesses');
  await ada.page.getByLabel('Category').selectOption('home_repair');
  const card = ada.page.locator('[data-business-id]').filter({ hasText: name });
  await card.getByText('4.50').waitFor();
  await shot(ada.page, `directory-${size}`);

  for (const who of [ada, ben, cy]) {
    expect(who.errors).toEqual([]);
    await who.context.close();
  }
}

describe('the business directory', () => {
  it('adds a business, reviews it and shows the average, on a phone', () => journey(PHONE, 'phone'), 120_000);
  it(
    'adds a business, reviews it and shows the average, on a desktop',
    () => journey(DESKTOP, 'desktop'),
    120_000,
  );
});
