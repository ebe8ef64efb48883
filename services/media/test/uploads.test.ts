import { randomUUID } from 'node:crypto';
import { MAX_IMAGE_BYTES, MediaUploaded } from '@waco/contracts';
import { rebuildProjections } from '@waco/platform';
import { testLogger, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaDeps } from '../src/commands/deps';
import { startSingleUpload } from '../src/commands/start-upload';
import { sweepAbandonedUploads } from '../src/commands/sweep-abandoned-uploads';
import { findUpload } from '../src/db/uploads';
import { cleanImage } from '../src/domain/clean-image';
import { incomingKey } from '../src/domain/keys';
import { uploadsProjection } from '../src/projections/uploads';
import { paddedJpeg, photoJpeg } from './fixtures';
import { asBody, keyOf, type Media, newUserId, startMedia } from './harness';

let media: Media;
let jpeg: Buffer;
/** What the app serves for `jpeg`: the same image encoded again without metadata. */
let served: Buffer;
beforeAll(async () => {
  media = await startMedia();
  jpeg = await photoJpeg({ width: 640, height: 480 });
  served = (await cleanImage(jpeg, 'image/jpeg'))?.bytes as Buffer;
});
afterAll(async () => {
  await media?.stop();
});

describe('POST /api/objects/upload and POST /api/media/complete (single PUT)', () => {
  it('refuses a guest', async () => {
    const res = await media.call('POST', '/api/objects/upload', { json: { size: 100 } });
    expect(res.status).toBe(401);
  });

  it('answers a presigned PUT under uploads/{user}/, checks the bytes and publishes MediaUploaded', async () => {
    const userId = newUserId();
    const start = await media.call('POST', '/api/objects/upload', {
      userId,
      json: { contentType: 'image/jpeg', size: jpeg.length },
    });
    expect(start.status).toBe(200);
    expect(start.body.objectPath).toMatch(new RegExp(`^/objects/uploads/${userId}/[0-9a-f-]{36}\\.jpg$`));
    // A path on the app's origin (the gateway forwards /storage/* to the embedded store).
    expect(start.body.uploadURL).toMatch(/^\/storage\/waco-media\/incoming\/uploads\//);
    const url = new URL(start.body.uploadURL, 'http://app');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');

    expect((await media.put(start.body.uploadURL, jpeg, 'image/jpeg')).status).toBe(200);
    const done = await media.call('POST', '/api/media/complete', {
      userId,
      json: { objectPath: start.body.objectPath },
    });
    expect(done.status).toBe(200);
    const image = {
      objectPath: start.body.objectPath,
      ownerId: userId,
      contentType: 'image/jpeg',
      size: served.length,
      width: 640,
      height: 480,
    };
    expect(done.body).toEqual(image);
    const published = () =>
      media.published.find((e) => e.type === MediaUploaded.type && e.actorId === userId);
    await waitFor(async () => {
      await media.running.relay?.flush();
      return Boolean(published());
    }, 10_000);
    expect(published()?.data).toEqual(image);

    // Confirming again changes nothing and answers the same.
    const again = await media.call('POST', '/api/media/complete', {
      userId,
      json: { objectPath: start.body.objectPath },
    });
    expect(again.body).toEqual(image);
  });

  it('needs the size (the URL is signed for it), takes a JPEG by default, refuses other types', async () => {
    const userId = newUserId();
    const bare = await media.call('POST', '/api/objects/upload', { userId });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toMatch(/size/);
    const sizeOnly = await media.call('POST', '/api/objects/upload', { userId, json: { size: 1000 } });
    expect(sizeOnly.status).toBe(200);
    expect(sizeOnly.body.objectPath).toMatch(/\.jpg$/);
    const gif = await media.call('POST', '/api/objects/upload', {
      userId,
      json: { contentType: 'image/gif', size: 1000 },
    });
    expect(gif.status).toBe(400);
    expect(gif.body.message).toMatch(/JPEG, PNG or WEBP/);
  });

  it('refuses a file named .jpg with a text body, naming the rule, and deletes it', async () => {
    const userId = newUserId();
    const text = Buffer.from('This is not a photo, just some text pretending to be one.\n'.repeat(20));
    const params = await media.call(
      'GET',
      `/api/media/s3/params?filename=holiday.jpg&type=image%2Fjpeg&metadata%5Bsize%5D=${text.length}`,
      { userId },
    );
    expect(params.status).toBe(200);
    expect(params.body).toMatchObject({
      method: 'PUT',
      fields: {},
      headers: { 'content-type': 'image/jpeg' },
    });
    expect((await media.put(params.body.url, text, 'image/jpeg')).status).toBe(200);

    const done = await media.call('POST', '/api/media/complete', {
      userId,
      json: { objectPath: params.body.objectPath },
    });
    expect(done.status).toBe(415);
    expect(done.body.message).toMatch(/Rule "type"/);
    expect(await media.store.head(keyOf(params.body.objectPath))).toBeNull();
    expect(await media.store.head(incomingKey(keyOf(params.body.objectPath)))).toBeNull();
    expect((await media.call('GET', params.body.objectPath)).status).toBe(404);
    // The refusal sticks: confirming again does not bring the file back.
    const again = await media.call('POST', '/api/media/complete', {
      userId,
      json: { objectPath: params.body.objectPath },
    });
    expect(again.status).toBe(409);
  });

  it('refuses 10485761 bytes before any is sent, naming the rule; 10485760 bytes pass', async () => {
    const userId = newUserId();
    const tooLarge = await media.call('POST', '/api/objects/upload', {
      userId,
      json: { contentType: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/Rule "size".*10485760 bytes/);

    const padded = await paddedJpeg(MAX_IMAGE_BYTES);
    const justRight = await media.uploadSingle(userId, padded);
    expect(justRight.status).toBe(200);
    // What is kept and served is the image alone, encoded again: the padding is gone.
    expect(justRight.body.size).toBe((await cleanImage(padded, 'image/jpeg'))?.bytes.length);
  });

  it('has the store itself refuse a body of another size than the one signed (100 MB too)', async () => {
    const userId = newUserId();
    const start = await media.call('POST', '/api/objects/upload', {
      userId,
      json: { contentType: 'image/jpeg', size: jpeg.length },
    });
    const larger = Buffer.concat([jpeg, Buffer.alloc(1)]);
    expect((await media.put(start.body.uploadURL, larger, 'image/jpeg')).status).toBe(403);
    const huge = Buffer.alloc(100 * 1024 * 1024);
    expect((await media.put(start.body.uploadURL, huge, 'image/jpeg')).status).toBe(403);
    expect(await media.store.head(incomingKey(keyOf(start.body.objectPath)))).toBeNull();
    // The signed size is accepted.
    expect((await media.put(start.body.uploadURL, jpeg, 'image/jpeg')).status).toBe(200);
  });

  it("says so when nothing was uploaded yet, and refuses to confirm someone else's path", async () => {
    const owner = newUserId();
    const start = await media.call('POST', '/api/objects/upload', { userId: owner, json: { size: 100 } });
    const early = await media.call('POST', '/api/media/complete', {
      userId: owner,
      json: { objectPath: start.body.objectPath },
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/Nothing has been uploaded/);

    const other = await media.call('POST', '/api/media/complete', {
      userId: newUserId(),
      json: { objectPath: start.body.objectPath },
    });
    expect(other.status).toBe(403);
  });

  it('has the store refuse an expired presigned URL', async () => {
    const url = await media.store.presignPut(
      `uploads/${newUserId()}/expired.jpg`,
      'image/jpeg',
      jpeg.length,
      1,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const res = await media.put(url, jpeg, 'image/jpeg');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
  });
});

describe('the uploader endpoints (multipart)', () => {
  /** As the uploader creates one: every meta field, the size among them (a number, in JSON). */
  async function startMultipart(userId: string, size = 1024) {
    const res = await media.call('POST', '/api/media/s3/multipart', {
      userId,
      json: {
        filename: 'big.jpg',
        type: 'image/jpeg',
        metadata: { name: 'big.jpg', type: 'image/jpeg', size },
      },
    });
    expect(res.status).toBe(200);
    return res.body as { uploadId: string; key: string };
  }

  it('uploads in parts and completes with {location}; the stored bytes are the sent ones', async () => {
    const userId = newUserId();
    const bytes = await paddedJpeg(6 * 1024 * 1024);
    const { uploadId, key } = await startMultipart(userId, bytes.length);
    expect(key).toMatch(new RegExp(`^uploads/${userId}/[0-9a-f-]{36}\\.jpg$`));
    const chunks = [bytes.subarray(0, 5 * 1024 * 1024), bytes.subarray(5 * 1024 * 1024)];
    const parts = [];
    for (const [i, chunk] of chunks.entries()) {
      const q = `?key=${encodeURIComponent(key)}`;
      const signed = await media.call('GET', `/api/media/s3/multipart/${uploadId}/${i + 1}${q}`, { userId });
      expect(signed.status).toBe(200);
      const res = await fetch(new URL(signed.body.url, media.embedded.origin), {
        method: 'PUT',
        body: asBody(chunk),
      });
      expect(res.status).toBe(200);
      parts.push({ PartNumber: i + 1, ETag: res.headers.get('etag') as string });
    }
    const done = await media.call(
      'POST',
      `/api/media/s3/multipart/${uploadId}/complete?key=${encodeURIComponent(key)}`,
      { userId, json: { parts } },
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ location: `/objects/${key}`, key, width: 64 });
    const stored = await media.store.getBuffer(key, 20 * 1024 * 1024);
    expect(stored?.bytes.equals((await cleanImage(bytes, 'image/jpeg'))?.bytes as Buffer)).toBe(true);
  });

  it('answers a completion with parts that were never uploaded with a 400, and keeps serving', async () => {
    // The exact sequence that used to end the whole embedded process (s3rver crashed).
    const userId = newUserId();
    const { uploadId, key } = await startMultipart(userId, 'part one'.length);
    const done = await media.call(
      'POST',
      `/api/media/s3/multipart/${uploadId}/complete?key=${encodeURIComponent(key)}`,
      { userId, json: { parts: [{ PartNumber: 1, ETag: '"x"' }] } },
    );
    expect(done.status).toBe(400);
    expect(done.body.message).toMatch(/InvalidPart|parts/);
    // A part that exists but with another ETag is refused the same way.
    const q = `?key=${encodeURIComponent(key)}`;
    const signed = await media.call('GET', `/api/media/s3/multipart/${uploadId}/1${q}`, { userId });
    const res = await fetch(new URL(signed.body.url, media.embedded.origin), {
      method: 'PUT',
      body: asBody(Buffer.from('part one')),
    });
    expect(res.status).toBe(200);
    const wrong = await media.call('POST', `/api/media/s3/multipart/${uploadId}/complete${q}`, {
      userId,
      json: { parts: [{ PartNumber: 1, ETag: '"0123456789abcdef0123456789abcdef"' }] },
    });
    expect(wrong.status).toBe(400);
    // Everything still answers: the service, and the store behind it.
    const after = await media.uploadSingle(userId, jpeg);
    expect(after.status).toBe(200);
  });

  it('refuses a missing size (400) and one over the 10 MB rule (413) before opening anything', async () => {
    const userId = newUserId();
    const missing = await media.call('POST', '/api/media/s3/multipart', {
      userId,
      json: { filename: 'big.jpg', type: 'image/jpeg', metadata: { name: 'big.jpg' } },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/metadata\.size is required/);
    const over = await media.call('POST', '/api/media/s3/multipart', {
      userId,
      json: { filename: 'big.jpg', type: 'image/jpeg', metadata: { size: MAX_IMAGE_BYTES + 1 } },
    });
    expect(over.status).toBe(413);
    expect(over.body.message).toMatch(/Rule "size"/);
    const atTheRule = await media.call('POST', '/api/media/s3/multipart', {
      userId,
      json: { filename: 'big.jpg', type: 'image/jpeg', metadata: { size: String(MAX_IMAGE_BYTES) } },
    });
    expect(atTheRule.status).toBe(200);
  });

  it('signs each part for its exact length: the store refuses a part of any other (403)', async () => {
    const userId = newUserId();
    const bytes = await paddedJpeg(6 * 1024 * 1024);
    const part = 5 * 1024 * 1024;
    const { uploadId, key } = await startMultipart(userId, bytes.length);
    const q = `?key=${encodeURIComponent(key)}`;
    const put = (url: string, body: Buffer) =>
      fetch(new URL(url, media.embedded.origin), { method: 'PUT', body: asBody(body) });
    const first = (await media.call('GET', `/api/media/s3/multipart/${uploadId}/1${q}`, { userId })).body.url;
    const last = (await media.call('GET', `/api/media/s3/multipart/${uploadId}/2${q}`, { userId })).body.url;

    // A gigabyte-sized part is out of reach: one byte more or less than signed is refused.
    const longer = await put(first, bytes.subarray(0, part + 1));
    expect(longer.status).toBe(403);
    expect(await longer.text()).toContain('SignatureDoesNotMatch');
    expect((await put(first, bytes.subarray(0, part - 1))).status).toBe(403);
    expect((await put(last, bytes.subarray(0, part))).status).toBe(403);

    const parts = [];
    for (const [n, url, chunk] of [
      [1, first, bytes.subarray(0, part)],
      [2, last, bytes.subarray(part)],
    ] as const) {
      const res = await put(url, chunk);
      expect(res.status).toBe(200);
      parts.push({ PartNumber: n, ETag: res.headers.get('etag') as string });
    }
    const done = await media.call('POST', `/api/media/s3/multipart/${uploadId}/complete${q}`, {
      userId,
      json: { parts },
    });
    expect(done.status).toBe(200);
    expect(done.body.size).toBeGreaterThan(0);
  });

  it("refuses another user's uploadId and key", async () => {
    const owner = newUserId();
    const intruder = newUserId();
    const { uploadId, key } = await startMultipart(owner);
    const q = `?key=${encodeURIComponent(key)}`;
    const sign = await media.call('GET', `/api/media/s3/multipart/${uploadId}/1${q}`, { userId: intruder });
    expect(sign.status).toBe(403);
    expect(sign.body.message).toMatch(/another user/);
    const complete = await media.call('POST', `/api/media/s3/multipart/${uploadId}/complete${q}`, {
      userId: intruder,
      json: { parts: [{ PartNumber: 1, ETag: '"x"' }] },
    });
    expect(complete.status).toBe(403);
    expect(
      (await media.call('DELETE', `/api/media/s3/multipart/${uploadId}${q}`, { userId: intruder })).status,
    ).toBe(403);
    expect(
      (await media.call('GET', `/api/media/s3/multipart/${uploadId}${q}`, { userId: intruder })).status,
    ).toBe(403);

    // The intruder's own key with the owner's uploadId is refused too.
    const own = await startMultipart(intruder);
    const mixed = await media.call(
      'GET',
      `/api/media/s3/multipart/${uploadId}/1?key=${encodeURIComponent(own.key)}`,
      { userId: intruder },
    );
    expect(mixed.status).toBe(403);
    expect(mixed.body.message).toMatch(/uploadId/);
  });

  it('refuses a key with ../', async () => {
    const userId = newUserId();
    const victim = await startMultipart(newUserId());
    const sneaky = `uploads/${userId}/../${victim.key.split('/').slice(1).join('/')}`;
    const res = await media.call(
      'GET',
      `/api/media/s3/multipart/${victim.uploadId}/1?key=${encodeURIComponent(sneaky)}`,
      { userId },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/\.\./);
    const served = await media.call('GET', `/objects/uploads/${userId}/..%2F..%2Fsecret.jpg`);
    expect(served.status).toBe(404);
  });

  it('answers ListParts and Abort with a clear 501 on s3rver, and s3/sts with a clear 404', async () => {
    const userId = newUserId();
    const { uploadId, key } = await startMultipart(userId);
    const q = `?key=${encodeURIComponent(key)}`;
    const list = await media.call('GET', `/api/media/s3/multipart/${uploadId}${q}`, { userId });
    expect(list.status).toBe(501);
    expect(list.body.message).toMatch(/ListParts.*s3rver/);
    const abort = await media.call('DELETE', `/api/media/s3/multipart/${uploadId}${q}`, { userId });
    expect(abort.status).toBe(501);
    expect(abort.body.message).toMatch(/AbortMultipartUpload.*s3rver/);
    const sts = await media.call('GET', '/api/media/s3/sts', { userId });
    expect(sts.status).toBe(404);
    expect(sts.body.message).toMatch(/long-lived keys/);
  });

  it('refuses a part number beyond the parts of the declared size', async () => {
    const userId = newUserId();
    const { uploadId, key } = await startMultipart(userId, 6 * 1024 * 1024);
    const q = `?key=${encodeURIComponent(key)}`;
    expect((await media.call('GET', `/api/media/s3/multipart/${uploadId}/2${q}`, { userId })).status).toBe(
      200,
    );
    const res = await media.call('GET', `/api/media/s3/multipart/${uploadId}/3${q}`, { userId });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/has 2 parts; there is no part 3/);
  });
});

describe('GET /objects/{path}', () => {
  it('streams with immutable caching and an ETag, answers 304 to a matching If-None-Match', async () => {
    const userId = newUserId();
    const { objectPath } = await media.uploadSingle(userId, jpeg);
    const res = await media.call('GET', objectPath);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(served)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag') as string;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await media.call('GET', objectPath, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('answers 404 for an unknown object, and for one not yet checked', async () => {
    const userId = newUserId();
    expect(
      (await media.call('GET', `/objects/uploads/${userId}/00000000-0000-4000-8000-000000000000.jpg`)).status,
    ).toBe(404);
    const start = await media.call('POST', '/api/objects/upload', { userId, json: { size: jpeg.length } });
    await media.put(start.body.uploadURL, jpeg, 'image/jpeg');
    expect((await media.call('GET', start.body.objectPath)).status).toBe(404);
    // The uploaded bytes live under a private prefix that /objects/* never serves.
    const raw = incomingKey(keyOf(start.body.objectPath));
    expect(await media.store.head(raw)).not.toBeNull();
    expect((await media.call('GET', `/objects/${raw}`)).status).toBe(404);
  });

  it('keeps serving the checked image when its still-valid URL is used again', async () => {
    const userId = newUserId();
    const start = await media.call('POST', '/api/objects/upload', { userId, json: { size: jpeg.length } });
    expect((await media.put(start.body.uploadURL, jpeg, 'image/jpeg')).status).toBe(200);
    const done = await media.call('POST', '/api/media/complete', {
      userId,
      json: { objectPath: start.body.objectPath },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const script = Buffer.from('<script>alert(1)</script>');
    expect((await media.put(start.body.uploadURL, script, 'image/jpeg')).status).toBe(403);
    const sameSize = Buffer.concat([script, Buffer.alloc(jpeg.length - script.length, 32)]);
    expect((await media.put(start.body.uploadURL, sameSize, 'image/jpeg')).status).toBe(200);
    const res = await media.call('GET', start.body.objectPath);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(served)).toBe(true);
  });

  it('answers 400 for a width that is not a number', async () => {
    const res = await media.call('GET', `/objects/uploads/${newUserId()}/x.jpg?w=wide`);
    expect(res.status).toBe(400);
  });
});

/** What the upload commands need, on the running service's database and store. */
function uploadDeps(): MediaDeps {
  const { db, schema } = media.running.database;
  return {
    db,
    events: { db, schema, projections: [uploadsProjection] },
    store: media.store,
    logger: testLogger,
    now: () => new Date(),
    maxImageBytes: MAX_IMAGE_BYTES,
  };
}

describe('unfinished uploads', () => {
  it('are abandoned by the sweep once their URLs have expired, and their bytes deleted', async () => {
    const userId = newUserId();
    const start = await media.call('POST', '/api/objects/upload', { userId, json: { size: jpeg.length } });
    await media.put(start.body.uploadURL, jpeg, 'image/jpeg');
    const key = keyOf(start.body.objectPath);
    const deps = uploadDeps();
    // An hour from now, the upload is stale.
    await sweepAbandonedUploads(deps, 60 * 60 * 1000, new Date(Date.now() + 61 * 60 * 1000));
    expect((await findUpload(deps.db, key))?.status).toBe('abandoned');
    expect(await media.store.head(incomingKey(key))).toBeNull();
    const late = await media.call('POST', '/api/media/complete', {
      userId,
      json: { objectPath: start.body.objectPath },
    });
    expect(late.status).toBe(409);
  });
});

describe('the sweep of abandoned uploads, at volume', () => {
  it('abandons every stale upload and deletes every leftover object in one run, in batches', async () => {
    const deps = uploadDeps();
    const userId = newUserId();
    // More pending uploads than one batch (500), more leftover objects than one DeleteObjects (1000).
    for (let i = 0; i < 620; i++) await startSingleUpload(deps, userId, 'image/jpeg', 100);
    const leftovers = Array.from({ length: 1_150 }, () =>
      incomingKey(`uploads/${userId}/${randomUUID()}.jpg`),
    );
    for (let i = 0; i < leftovers.length; i += 25) {
      await Promise.all(
        leftovers.slice(i, i + 25).map((k) => media.store.put(k, Buffer.from('x'), 'image/jpeg')),
      );
    }
    const result = await sweepAbandonedUploads(deps, 60 * 60 * 1000, new Date(Date.now() + 61 * 60 * 1000));
    expect(result.abandoned).toBeGreaterThanOrEqual(620);
    expect(result.deleted).toBeGreaterThanOrEqual(1_150);
    const pending = await deps.db
      .selectFrom('uploads')
      .select('key')
      .where('owner_id', '=', userId)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
    const left: string[] = [];
    for await (const keys of media.store.listOlderThan(
      incomingKey(`uploads/${userId}/`),
      new Date(Date.now() + 3_600_000),
    )) {
      left.push(...keys);
    }
    expect(left).toEqual([]);
  }, 120_000);
});

describe('when the object store fails', () => {
  it('answers 503 naming the object store, and the service keeps answering', async () => {
    const alone = await startMedia();
    try {
      const userId = newUserId();
      const start = await alone.call('POST', '/api/objects/upload', { userId, json: { size: jpeg.length } });
      expect((await alone.put(start.body.uploadURL, jpeg, 'image/jpeg')).status).toBe(200);
      await alone.embedded.stop();
      const done = await alone.call('POST', '/api/media/complete', {
        userId,
        json: { objectPath: start.body.objectPath },
      });
      expect(done.status).toBe(503);
      expect(done.body.message).toMatch(/object store is unavailable/);
      const served = await alone.call(
        'GET',
        `/objects/uploads/${userId}/00000000-0000-4000-8000-000000000000.jpg`,
      );
      expect(served.status).toBe(404);
      expect((await alone.call('GET', '/healthz')).status).toBe(200);
    } finally {
      await alone.stop().catch(() => {});
    }
  });
});

describe('the uploads table', () => {
  it('is a projection: rebuilding it from the events gives the same rows', async () => {
    const db = media.running.database.db;
    // Let the variant worker finish first, so that nothing moves while the table is compared.
    await waitFor(async () => {
      await media.running.relay?.flush();
      const busy = await db
        .selectFrom('uploads')
        .select('key')
        .where('status', '=', 'ready')
        .where('variants_at', 'is', null)
        .execute();
      return busy.length === 0;
    }, 20_000);
    const before = await db.selectFrom('uploads').selectAll().orderBy('key').execute();
    expect(before.length).toBeGreaterThan(0);
    await rebuildProjections(media.running.database, [uploadsProjection]);
    const after = await db.selectFrom('uploads').selectAll().orderBy('key').execute();
    expect(after).toEqual(before);
    const one = before[0];
    expect(one && (await findUpload(db, one.key))).toEqual(one);
  });
});
