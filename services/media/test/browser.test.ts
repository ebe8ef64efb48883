import { CHROMIUM_ARGS, requireChromium } from '@waco/platform/testing';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanImage } from '../src/domain/clean-image';
import { bundleUploaderPage, startPageServer } from './browser/page-server';
import { paddedJpeg } from './fixtures';
import { keyOf, type Media, newUserId, startMedia } from './harness';

const MiB = 1024 * 1024;

// The browser proves transport and byte equality for both upload paths. A 12 MB file is over
// the 10 MB rule, which the server applies after the bytes are in (uploads.test.ts proves the
// refusal); here the rule is raised to 16 MiB so the 12 MB multipart upload is kept and compared.
const MAX_FOR_THIS_TEST = 16 * MiB;

let media: Media;
let page: Awaited<ReturnType<typeof startPageServer>>;
let browser: Browser;
const userId = newUserId();
const fixtures: Record<string, Buffer> = {};

beforeAll(async () => {
  const executablePath = requireChromium();
  fixtures['photo-1mb.jpg'] = await paddedJpeg(1 * MiB);
  fixtures['photo-12mb.jpg'] = await paddedJpeg(12 * MiB);
  const script = await bundleUploaderPage();
  media = await startMedia({ maxImageBytes: MAX_FOR_THIS_TEST });
  // The page's server plays the gateway: /api/* to media, /storage/* to the store, one origin.
  page = await startPageServer({
    mediaUrl: media.url,
    storageUrl: media.embedded.origin,
    userId,
    script,
    fixtures,
  });
  browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
  });
});

afterAll(async () => {
  await browser?.close();
  await page?.stop();
  await media?.stop();
});

async function uploadInBrowser(fixture: string, multipart: boolean) {
  const tab = await browser.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (err) => errors.push(err.message));
  try {
    await tab.goto(page.origin);
    await tab.waitForFunction(() => 'upload' in window);
    const result = await tab.evaluate(
      (args) => (window as unknown as { upload(a: unknown): Promise<unknown> }).upload(args),
      { fixture, name: fixture, type: 'image/jpeg', multipart },
    );
    expect(errors).toEqual([]);
    // biome-ignore lint/suspicious/noExplicitAny: the page's answer, read field by field
    return result as any;
  } finally {
    await tab.close();
  }
}

describe('the real uploader (@uppy/core + @uppy/aws-s3 in Chromium)', () => {
  it('sends a 1 MB JPEG by single PUT; the stored bytes equal the sent ones', async () => {
    const result = await uploadInBrowser('photo-1mb.jpg', false);
    expect(result.failed).toEqual([]);
    expect(result.uploadURL).not.toContain('X-Amz-Signature');
    expect(result.confirmed).toMatchObject({ status: 200, ownerId: userId, contentType: 'image/jpeg' });
    // What is kept is the sent image encoded again without metadata: byte for byte what the
    // same encoding of the fixture gives, so every byte arrived.
    const stored = await media.store.getBuffer(keyOf(result.objectPath), 20 * MiB);
    const expected = await cleanImage(fixtures['photo-1mb.jpg'] as Buffer, 'image/jpeg');
    expect(stored?.bytes.equals(expected?.bytes as Buffer)).toBe(true);
  });

  it('sends a 12 MB file by multipart (forced); the stored bytes equal the sent ones', async () => {
    const result = await uploadInBrowser('photo-12mb.jpg', true);
    expect(result.failed).toEqual([]);
    expect(result.objectPath).toMatch(new RegExp(`^/objects/uploads/${userId}/`));
    expect(result.confirmed).toMatchObject({ location: result.objectPath });
    const stored = await media.store.getBuffer(keyOf(result.objectPath), 20 * MiB);
    const expected = await cleanImage(fixtures['photo-12mb.jpg'] as Buffer, 'image/jpeg');
    expect(stored?.bytes.equals(expected?.bytes as Buffer)).toBe(true);
  });
});
