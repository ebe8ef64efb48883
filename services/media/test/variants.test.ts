import { VariantsGenerated } from '@waco/contracts';
import { waitFor } from '@waco/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUpload } from '../src/db/uploads';
import { incomingKey } from '../src/domain/keys';
import { hasGpsTag, photoJpeg } from './fixtures';
import { keyOf, type Media, newUserId, startMedia } from './harness';

// The variant worker is a bus subscription: in-process in embedded mode, a durable JetStream
// consumer in distributed mode. Both run it here.
describe.each(['memory', 'nats'] as const)('variants (%s bus)', (bus) => {
  let media: Media;
  beforeAll(async () => {
    media = await startMedia({ bus });
  });
  afterAll(async () => {
    await media?.stop();
  });

  it('are written after an upload: WebP, 480 and 1080 wide, smaller than the original, no GPS', async () => {
    const photo = await photoJpeg({ width: 2000, height: 1500, gps: true });
    const original = await sharp(photo).metadata();
    expect(hasGpsTag(original.exif)).toBe(true); // the fixture does carry GPS tags

    const userId = newUserId();
    const done = await media.uploadSingle(userId, photo);
    expect(done.status).toBe(200);
    const key = keyOf(done.objectPath);
    await waitFor(
      async () => Boolean((await findUpload(media.running.database.db, key))?.variants_at),
      20_000,
      'variants to be recorded',
    );
    const row = await findUpload(media.running.database.db, key);
    expect(row?.variants.map((v) => v.width)).toEqual([480, 1080]);
    expect(media.published.some((e) => e.type === VariantsGenerated.type)).toBe(true);

    for (const width of [480, 1080]) {
      const res = await media.call('GET', `${done.objectPath}?w=${width}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.bytes.length).toBeLessThan(photo.length);
      const meta = await sharp(res.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe((width * 3) / 4);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      // No EXIF or XMP chunk in the WebP container at all, so no GPS directory either.
      expect(res.bytes.includes(Buffer.from('EXIF'))).toBe(false);
      expect(res.bytes.includes(Buffer.from('XMP '))).toBe(false);
    }
    // The nearest variant: 300 gets the 480 one, 2000 the widest.
    expect((await sharp((await media.call('GET', `${done.objectPath}?w=300`)).bytes).metadata()).width).toBe(
      480,
    );
    expect((await sharp((await media.call('GET', `${done.objectPath}?w=2000`)).bytes).metadata()).width).toBe(
      1080,
    );
    // Without ?w the original: upright, the same size, and with no metadata either.
    const original2 = await media.call('GET', done.objectPath);
    expect(original2.status).toBe(200);
    expect(original2.headers.get('content-type')).toBe('image/jpeg');
    const served = await sharp(original2.bytes).metadata();
    expect([served.width, served.height]).toEqual([2000, 1500]);
    expect(served.exif).toBeUndefined();
    expect(served.xmp).toBeUndefined();
    expect(served.iptc).toBeUndefined();
    expect(original2.bytes.includes(Buffer.from('Exif'))).toBe(false);
    expect(original2.bytes.includes(Buffer.from('WacoCam'))).toBe(false);
    // And the uploaded bytes themselves are gone from the store.
    expect(await media.store.head(incomingKey(key))).toBeNull();
  });

  it('serve a photo taken sideways upright at every URL, with no EXIF left', async () => {
    // A 600x400 picture whose EXIF says "rotate 90° clockwise to display" (orientation 6).
    const sideways = await sharp(await photoJpeg({ width: 600, height: 400, gps: true }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(sideways).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsTag(before.exif)).toBe(true);
    const done = await media.uploadSingle(newUserId(), sideways);
    expect(done.body).toMatchObject({ width: 400, height: 600 });
    const key = keyOf(done.objectPath);
    await waitFor(
      async () => Boolean((await findUpload(media.running.database.db, key))?.variants_at),
      20_000,
    );
    for (const path of [done.objectPath, `${done.objectPath}?w=480`, `${done.objectPath}?w=1080`]) {
      const res = await media.call('GET', path);
      expect(res.status).toBe(200);
      const meta = await sharp(res.bytes).metadata();
      expect([meta.width, meta.height]).toEqual([400, 600]);
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(res.bytes.includes(Buffer.from('Exif'))).toBe(false);
    }
  });

  it('are never wider than a small original, and the original stands in until they exist', async () => {
    const photo = await photoJpeg({ width: 600, height: 400 });
    const userId = newUserId();
    const done = await media.uploadSingle(userId, photo);
    const key = keyOf(done.objectPath);
    await waitFor(
      async () => Boolean((await findUpload(media.running.database.db, key))?.variants_at),
      20_000,
    );
    const row = await findUpload(media.running.database.db, key);
    expect(row?.variants.every((v) => v.width <= 600)).toBe(true);
    const res = await media.call('GET', `${done.objectPath}?w=1080`);
    expect(res.headers.get('content-type')).toBe(row?.variants.length ? 'image/webp' : 'image/jpeg');
  });
});
