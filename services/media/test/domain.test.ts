import { MAX_IMAGE_BYTES, objectPathFromUploadUrl } from '@waco/contracts';
import { RuleBroken } from '@waco/platform';
import { deciderSpecification } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../src/domain/file-type';
import { checkKeyAccess, keyFromObjectPath, newUploadKey } from '../src/domain/keys';
import { partCount, partLength, partSize } from '../src/domain/parts';
import { uploadDecider } from '../src/domain/upload';
import { checkUploadedFile } from '../src/domain/upload-rules';
import { chooseServedObject, plannedVariantWidths, variantKey, worthKeeping } from '../src/domain/variants';
import { etagMatches } from '../src/serving/image-server';

const user = '0b7c3c52-4a43-4c4e-9f57-3d5b1c1f2a10';
const uuid = '5f0e6a3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

describe('sniffImageType: the type from the bytes', () => {
  it('knows JPEG, PNG and WEBP by their magic numbers', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImageType(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBP')))).toBe('image/webp');
  });
  it('refuses text, other RIFF files, GIF and too few bytes', () => {
    expect(sniffImageType(new TextEncoder().encode('hello.jpg'))).toBeNull();
    expect(sniffImageType(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WAVE')))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeNull();
  });
});

describe('keys', () => {
  it('are made by the server from the user and the declared type, never from a filename', () => {
    expect(newUploadKey(user, 'image/png', uuid)).toBe(`uploads/${user}/${uuid}.png`);
    expect(newUploadKey(user, 'image/jpeg')).toMatch(new RegExp(`^uploads/${user}/[0-9a-f-]{36}\\.jpg$`));
    expect(() => newUploadKey('../x', 'image/jpeg')).toThrow();
  });
  it("refuses '..' first, then anything not shaped like a key, then another user's key", () => {
    expect(checkKeyAccess(`uploads/${user}/../other/${uuid}.jpg`, user)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(checkKeyAccess(`uploads/${user}/${uuid}.jpg`, user)).toEqual({ ok: true });
    expect(checkKeyAccess(`uploads/${user}/${uuid}.gif`, user)).toMatchObject({ ok: false, status: 400 });
    expect(checkKeyAccess(`variants/${user}/${uuid}.jpg`, user)).toMatchObject({ ok: false, status: 400 });
    expect(checkKeyAccess(`uploads/${uuid}/${uuid}.jpg`, user)).toMatchObject({ ok: false, status: 403 });
  });
  it('map to and from object paths and upload URLs', () => {
    const key = `uploads/${user}/${uuid}.webp`;
    expect(keyFromObjectPath(`/objects/${key}`)).toBe(key);
    expect(keyFromObjectPath('/objects/etc/passwd')).toBeNull();
    expect(objectPathFromUploadUrl(`http://127.0.0.1:9000/waco-media/${key}`)).toBe(`/objects/${key}`);
    expect(objectPathFromUploadUrl(`https://waco-media.s3.amazonaws.com/${key}?X-Amz-Date=1`)).toBe(
      `/objects/${key}`,
    );
    expect(objectPathFromUploadUrl('https://example.com/whatever.jpg')).toBeNull();
  });
});

describe('the upload rules', () => {
  const jpegHead = bytes(0xff, 0xd8, 0xff, 0xe0);
  it('allow at most 10485760 bytes', () => {
    expect(checkUploadedFile({ size: MAX_IMAGE_BYTES, head: jpegHead })).toEqual({
      ok: true,
      contentType: 'image/jpeg',
    });
    expect(checkUploadedFile({ size: MAX_IMAGE_BYTES + 1, head: jpegHead })).toMatchObject({
      ok: false,
      rule: 'size',
      status: 413,
    });
  });
  it('judge the type by the bytes', () => {
    expect(checkUploadedFile({ size: 10, head: new TextEncoder().encode('plain text') })).toMatchObject({
      ok: false,
      rule: 'type',
      status: 415,
    });
  });
});

describe('multipart parts, cut as the uploader cuts them', () => {
  const MiB = 1024 * 1024;
  it('are 5 MiB each, the last one the remainder', () => {
    expect(partSize(MAX_IMAGE_BYTES)).toBe(5 * MiB);
    expect(partCount(MAX_IMAGE_BYTES)).toBe(2);
    expect(partCount(12 * MiB)).toBe(3);
    expect([1, 2, 3].map((n) => partLength(12 * MiB, n))).toEqual([5 * MiB, 5 * MiB, 2 * MiB]);
    expect([1, 2].map((n) => partLength(6 * MiB + 7, n))).toEqual([5 * MiB, MiB + 7]);
  });
  it('are one part of the whole file up to 5 MiB', () => {
    expect(partCount(1)).toBe(1);
    expect(partLength(1, 1)).toBe(1);
    expect(partCount(5 * MiB)).toBe(1);
    expect(partLength(5 * MiB, 1)).toBe(5 * MiB);
    expect(partCount(5 * MiB + 1)).toBe(2);
    expect(partLength(5 * MiB + 1, 2)).toBe(1);
  });
  it('have no part beyond the count, nor before the first', () => {
    expect(partLength(MAX_IMAGE_BYTES, 3)).toBeNull();
    expect(partLength(6 * MiB, 0)).toBeNull();
    expect(partLength(6 * MiB, 1.5)).toBeNull();
  });
  it('grow past 5 MiB when 10000 parts would not hold the file', () => {
    const huge = 100_000 * MiB;
    expect(partSize(huge)).toBe(Math.ceil(huge / 10_000));
    expect(partCount(huge)).toBe(10_000);
  });
  it('add up to the file, whatever its size', () => {
    for (const size of [1, 5 * MiB - 1, 5 * MiB, 10 * MiB, MAX_IMAGE_BYTES - 3, 16 * MiB + 11]) {
      let total = 0;
      for (let n = 1; n <= partCount(size); n++) total += partLength(size, n) as number;
      expect(total).toBe(size);
    }
  });
});

describe('variants', () => {
  const original = { key: `uploads/${user}/${uuid}.jpg`, etag: '"o"', contentType: 'image/jpeg' as const };
  const v480 = { width: 480, height: 360, key: variantKey(original.key, 480), size: 10, etag: '"a"' };
  const v1080 = { width: 1080, height: 810, key: variantKey(original.key, 1080), size: 20, etag: '"b"' };

  it('are named after the original', () => {
    expect(v480.key).toBe(`uploads/${user}/${uuid}.w480.webp`);
  });
  it('are never wider than the original, without duplicates', () => {
    expect(plannedVariantWidths(4000)).toEqual([
      { nominal: 480, width: 480 },
      { nominal: 1080, width: 1080 },
    ]);
    expect(plannedVariantWidths(600)).toEqual([
      { nominal: 480, width: 480 },
      { nominal: 1080, width: 600 },
    ]);
    expect(plannedVariantWidths(300)).toEqual([{ nominal: 480, width: 300 }]);
  });
  it('are kept only when smaller than the original', () => {
    expect(worthKeeping(99, 100)).toBe(true);
    expect(worthKeeping(100, 100)).toBe(false);
  });
  it('?w= serves the nearest variant, the original until they exist', () => {
    const done = (list: (typeof v480)[]) => ({ list, done: true });
    const making = (list: (typeof v480)[]) => ({ list, done: false });
    expect(chooseServedObject(original, done([v480, v1080]), undefined)).toMatchObject({
      key: original.key,
      standIn: false,
    });
    expect(chooseServedObject(original, making([]), 480)).toMatchObject({ key: original.key, standIn: true });
    expect(chooseServedObject(original, done([]), 480)).toMatchObject({ key: original.key, standIn: false });
    expect(chooseServedObject(original, done([v1080, v480]), 480)).toMatchObject({
      key: v480.key,
      contentType: 'image/webp',
    });
    expect(chooseServedObject(original, done([v480, v1080]), 600)).toMatchObject({ key: v1080.key });
    expect(chooseServedObject(original, done([v480, v1080]), 4000)).toMatchObject({ key: v1080.key });
    // The 480 one is there before the 1080 one: it serves at once; 1080 waits on the original.
    expect(chooseServedObject(original, making([v480]), 480)).toMatchObject({
      key: v480.key,
      standIn: false,
    });
    expect(chooseServedObject(original, making([v480]), 1080)).toMatchObject({
      key: original.key,
      standIn: true,
    });
  });
});

describe('etagMatches', () => {
  it('reads lists, weak tags and *', () => {
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
    expect(etagMatches(undefined, '"b"')).toBe(false);
  });
});

describe('an upload, given/when/then', () => {
  const spec = deciderSpecification(uploadDecider);
  const key = `uploads/${user}/${uuid}.jpg`;
  const started = { type: 'UploadStarted', data: {} };
  const checked = { type: 'UploadChecked', data: {} };
  const image = {
    objectPath: `/objects/${key}`,
    ownerId: user,
    contentType: 'image/jpeg' as const,
    size: 1234,
    width: 640,
    height: 480,
  };
  const publish = { type: 'publish', key, etag: '"abc"', image } as const;
  const reject = { type: 'reject', key, ownerId: user, rule: 'type', message: 'Rule "type"' } as const;
  const abandon = { type: 'abandon', key, ownerId: user, reason: 'expired' } as const;

  it('starts once', () => {
    const start = {
      type: 'start',
      key,
      ownerId: user,
      declaredType: 'image/jpeg',
      multipartUploadId: null,
      declaredSize: 1234,
    } as const;
    spec
      .given([])
      .when(start)
      .then([
        {
          type: 'UploadStarted',
          schemaVersion: 1,
          data: {
            key,
            ownerId: user,
            declaredType: 'image/jpeg',
            multipartUploadId: null,
            declaredSize: 1234,
          },
        },
      ]);
    spec.given([started]).when(start).thenThrows(RuleBroken, 'already exists');
  });

  it('publishes a pending upload as UploadChecked then MediaUploaded', () => {
    spec
      .given([started])
      .when(publish)
      .then((events) => {
        expect(events.map((e) => e.type)).toEqual(['UploadChecked', 'MediaUploaded']);
        expect(events[0]?.data).toEqual({
          key,
          etag: '"abc"',
          contentType: 'image/jpeg',
          size: 1234,
          width: 640,
          height: 480,
        });
        expect(events[1]?.data).toEqual(image);
      });
  });

  it('records nothing when another request published, refused or abandoned it first', () => {
    for (const finished of [
      checked,
      { type: 'UploadRejected', data: {} },
      { type: 'UploadAbandoned', data: {} },
    ]) {
      spec.given([started, finished]).when(publish).thenNothingHappens();
      spec.given([started, finished]).when(reject).thenNothingHappens();
      spec.given([started, finished]).when(abandon).thenNothingHappens();
    }
  });

  it('refuses or abandons a pending upload', () => {
    spec
      .given([started])
      .when(reject)
      .then(([event]) => expect(event?.type).toBe('UploadRejected'));
    spec
      .given([started])
      .when(abandon)
      .then(([event]) => expect(event?.data).toEqual({ key, ownerId: user, reason: 'expired' }));
  });

  it('records variants of a published upload until they are done', () => {
    const step = { type: 'record-variants' as const, key, variants: [], tried: [480], done: false };
    spec.given([started]).when(step).thenNothingHappens();
    spec
      .given([started, checked])
      .when(step)
      .then(([event]) => expect(event?.data).toEqual({ key, variants: [], tried: [480], done: false }));
    spec
      .given([started, checked, { type: 'VariantsGenerated', data: { done: true } }])
      .when(step)
      .thenNothingHappens();
  });
});
