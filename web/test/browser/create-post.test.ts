import { GPS_EXIF } from '@waco/media/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { draft, testPhoto } from './api';
import { webStackForFile } from './file-stack';
import { signedInContext } from './harness';

const web = webStackForFile(async (api) => {
  await api.seedMember('Priya', 'Patel', [
    draft('sale', 'Crib and changing table', 'White set.', { price: '130' }),
  ]);
});

describe('a member', () => {
  it('creates a post with two photos and sees it at the top of the feed', async () => {
    const member = await web.api.signup('Hank', 'Dawson', `hank-${Date.now()}@example.com`);
    const { context, errors } = await signedInContext(web, member.cookie);
    const page = await context.newPage();
    await page.goto('/?mode=post');
    const form = page.getByRole('form', { name: 'Create a post' });
    await form.waitFor();

    // The category comes first.
    await form.getByRole('button', { name: 'Publish Post' }).click();
    await page
      .locator('.toast-root', { hasText: 'Category required' })
      .getByText('Please select a category for your post')
      .waitFor();

    await form.getByText('For Sale', { exact: true }).click();
    await form.getByLabel('Title').fill('Pair of kayak paddles');
    await form
      .getByLabel('Description')
      .fill('Two carbon paddles, light and stiff. Barely used on the Brazos.');
    await form.getByLabel('Price ($)').fill('45');
    // The first photo carries where it was taken, as a phone writes it.
    const photos = [await withGps(await testPhoto(1)), await testPhoto(2)];
    await page.getByTestId('photo-uploader').locator('.uppy-Dashboard-AddFiles').waitFor();
    await page
      .locator('.uppy-Dashboard-input')
      .first()
      .setInputFiles([
        { name: 'paddles-1.jpg', mimeType: 'image/jpeg', buffer: photos[0] as Buffer },
        { name: 'paddles-2.jpg', mimeType: 'image/jpeg', buffer: photos[1] as Buffer },
      ]);
    await expect.poll(() => page.locator('.uppy-Dashboard-Item').count()).toBe(2);
    // One action, one button: Publish uploads them; the uploader offers no upload of its own.
    await expect(
      page.getByTestId('photo-uploader').locator('.uppy-Dashboard-Item').first().isVisible(),
    ).resolves.toBe(true);
    expect(await page.getByRole('button', { name: /^Upload/ }).count()).toBe(0);
    await form.getByRole('button', { name: 'Publish Post' }).click();
    await page.locator('.toast-root', { hasText: 'Post created!' }).waitFor({ timeout: 20_000 });

    // Back to browsing, the new post on top with both photos.
    await page.waitForURL((url) => !url.search.includes('mode=post'));
    const first = page.locator('article[data-post-id]').first();
    await expect
      .poll(() => first.getByRole('heading').textContent(), { timeout: 10_000 })
      .toBe('Pair of kayak paddles');
    await first.getByText('$45.00').waitFor();
    expect(await first.getByTestId('carousel-counter').textContent()).toBe('1/2');
    const image = first.locator('img').first();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await image.getAttribute('src')).toMatch(/^\/objects\/uploads\/.+\?w=480$/);

    const { posts } = await web.api.feed('limit=1');
    expect(posts[0]?.title).toBe('Pair of kayak paddles');
    expect(posts[0]?.imagePaths).toHaveLength(2);
    expect(posts[0]?.neighborhood).toBe('other');
    expect(posts[0]?.userId).toBe(member.id);
    // No URL the app serves for the photos carries EXIF (so no GPS): original and variants.
    // Once the variants are made (the answers become immutable), every URL is checked.
    for (const path of posts[0]?.imagePaths ?? []) {
      await expect
        .poll(async () => (await fetch(`${web.url}${path}?w=1080`)).headers.get('cache-control'), {
          timeout: 20_000,
        })
        .toMatch(/immutable/);
    }
    for (const path of posts[0]?.imagePaths ?? []) {
      for (const url of [path, `${path}?w=480`, `${path}?w=1080`]) {
        const res = await fetch(`${web.url}${url}`);
        expect(res.status).toBe(200);
        const bytes = Buffer.from(await res.arrayBuffer());
        expect((await sharp(bytes).metadata()).exif).toBeUndefined();
        expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
        expect(bytes.includes(Buffer.from('WacoCam'))).toBe(false);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

/** The photo with a camera model and GPS coordinates in its EXIF. */
async function withGps(photo: Buffer) {
  const { width, height, data } = await sharp(photo)
    .raw()
    .toBuffer({ resolveWithObject: true })
    .then(({ info, data }) => ({ ...info, data }));
  const tagged = await sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg()
    .withExif(GPS_EXIF)
    .toBuffer();
  expect((await sharp(tagged).metadata()).exif?.includes(Buffer.from('WacoCam'))).toBe(true);
  return tagged;
}
