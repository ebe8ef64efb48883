import { MAX_IMAGE_BYTES, MediaUploaded } from '@waco/contracts';
import { rebuildProjections } from '@waco/platform';
import { testLogger } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../libs/platform/test/wait-for';
import { sweepAbandonedUploads } from '../src/commands/uploads';
import { findUpload } from '../src/db/uploads';
import { uploadsProjection } from '../src/projections/uploads';
import { paddedJpeg, photoJpeg } from './fixtures';
import { keyOf, type Media, newUserId, startMedia } from './harness';

let media: Media;
let jpeg: Buffer;
beforeAll(async () => {
  media = await startMedia();
  jpeg = await photoJpeg({ width: 640, height: 480 });
});
afterAll(async () => {
  await media?.stop();
});

describe('POST /api/objects/upload and POST /api/media/complete (single PUT)', () => {
  it('refuses a guest', async () => {
    const res = await media.call('POST', '/api/objects/upload', { json: {} });
    expect(res.status).toBe(401);
  });

  it('answers a presigned PUT under uploads/{user}/, checks the bytes and publishes MediaUploaded', async () => {
    const userId = newUserId();
    const start = await media.call('POST', '/api/objects/upload', {
      userId,
      json: { contentType: 'image/jpeg' },
    });
    expect(start.status).toBe(200);
    expect(start.body.objectPath).toMatch(new RegExp(`^/objects/uploads/${userId}/[0-9a-f-]{36}\\.jpg$`));
    const url = new URL(start.body.uploadURL);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');

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
      size: jpeg.length,
      width: 640,
      height: 480,
    };
    expect(done.body).toEqual(image);
    await media.running.relay?.flush();
    const event = media.published.find((e) => e.type === MediaUploaded.type && e.actorId === userId);
    expect(event?.data).toEqual(image);

    // Confirming again changes nothing and answers the same.
    const again = await media.call('POST', '/api/media/complete', {
      userId,
      json: { objectPath: start.body.objectPath },
    });
    expect(again.body).toEqual(image);
  });

  it('accepts a body-less request as a JPEG, and refuses a type that is not an image', async () => {
    const userId = newUserId();
    const bare = await media.call('POST', '/api/objects/upload', { userId });
    expect(bare.status).toBe(200);
    expect(bare.body.objectPath).toMatch(/\.jpg$/);
    const gif = await media.call('POST', '/api/objects/upload', {
      userId,
      json: { contentType: 'image/gif' },
    });
    expect(gif.status).toBe(400);
    expect(gif.body.message).toMatch(/JPEG, PNG or WEBP/);
  });

  it('refuses a file named .jpg with a text body, naming the rule, and deletes it', async () => {
    const userId = newUserId();
    const params = await media.call('GET', '/api/media/s3/params?filename=holiday.jpg&type=image%2Fjpeg', {
      userId,
    });
    expect(params.status).toBe(200);
    expect(params.body).toMatchObject({
      method: 'PUT',
      fields: {},
      headers: { 'content-type': 'image/jpeg' },
    });
    const text = Buffer.from('This is not a photo, just some text pretending to be one.\n'.repeat(20));
    expect((await media.put(params.body.url, text, 'image/jpeg')).status).toBe(200);

    const done = await media.call('POST', '/api/media/complete', {
      userId,
      json: { objectPath: params.body.objectPath },
    });
    expect(done.status).toBe(415);
    expect(done.body.message).toMatch(/Rule "type"/);
    expect(await media.store.head(keyOf(params.body.objectPath))).toBeNull();
    expect((await media.call('GET', params.body.objectPath)).status).toBe(404);
    // The refusal sticks: confirming again does not bring the file back.
    const again = await media.call('POST', '/api/media/complete', {
      userId,
      json: { objectPath: params.body.objectPath },
    });
    expect(again.status).toBe(409);
  });

  it('refuses 10485761 bytes, naming the rule, and deletes the file; 10485760 bytes pass', async () => {
    const userId = newUserId();
    const tooLarge = await media.uploadSingle(userId, await paddedJpeg(MAX_IMAGE_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/Rule "size".*10485760 bytes/);
    expect(await media.store.head(keyOf(tooLarge.objectPath))).toBeNull();

    const justRight = await media.uploadSingle(userId, await paddedJpeg(MAX_IMAGE_BYTES));
    expect(justRight.status).toBe(200);
    expect(justRight.body.size).toBe(MAX_IMAGE_BYTES);
  });

  it("says so when nothing was uploaded yet, and refuses to confirm someone else's path", async () => {
    const owner = newUserId();
    const start = await media.call('POST', '/api/objects/upload', { userId: owner, json: {} });
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
    const url = await media.store.presignPut(`uploads/${newUserId()}/expired.jpg`, 'image/jpeg', 1);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const res = await media.put(url, jpeg, 'image/jpeg');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
  });
});

describe('the uploader endpoints (multipart)', () => {
  async function startMultipart(userId: string) {
    const res = await media.call('POST', '/api/media/s3/multipart', {
      userId,
      json: { filename: 'big.jpg', type: 'image/jpeg', metadata: { name: 'big.jpg' } },
    });
    expect(res.status).toBe(200);
    return res.body as { uploadId: string; key: string };
  }

  it('uploads in parts and completes with {location}; the stored bytes are the sent ones', async () => {
    const userId = newUserId();
    const { uploadId, key } = await startMultipart(userId);
    expect(key).toMatch(new RegExp(`^uploads/${userId}/[0-9a-f-]{36}\\.jpg$`));
    const bytes = await paddedJpeg(6 * 1024 * 1024);
    const chunks = [bytes.subarray(0, 5 * 1024 * 1024), bytes.subarray(5 * 1024 * 1024)];
    const parts = [];
    for (const [i, chunk] of chunks.entries()) {
      const q = `?key=${encodeURIComponent(key)}`;
      const signed = await media.call('GET', `/api/media/s3/multipart/${uploadId}/${i + 1}${q}`, { userId });
      expect(signed.status).toBe(200);
      const res = await fetch(signed.body.url, { method: 'PUT', body: chunk });
      expect(res.status).toBe(200);
      parts.push({ PartNumber: i + 1, ETag: res.headers.get('etag') as string });
    }
    const done = await media.call(
      'POST',
      `/api/media/s3/multipart/${uploadId}/complete?key=${encodeURIComponent(key)}`,
      { userId, json: { parts } },
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ location: `/objects/${key}`, key, size: bytes.length, width: 64 });
    const stored = await media.store.getBuffer(key, 20 * 1024 * 1024);
    expect(stored?.bytes.equals(bytes)).toBe(true);
  });

  it('refuses a 12 MB file at completion under the 10 MB rule, and deletes it', async () => {
    const userId = newUserId();
    const { uploadId, key } = await startMultipart(userId);
    const bytes = await paddedJpeg(12 * 1024 * 1024);
    const part = 5 * 1024 * 1024;
    const parts = [];
    for (let i = 0; i * part < bytes.length; i++) {
      const q = `?key=${encodeURIComponent(key)}`;
      const signed = await media.call('GET', `/api/media/s3/multipart/${uploadId}/${i + 1}${q}`, { userId });
      const res = await fetch(signed.body.url, {
        method: 'PUT',
        body: bytes.subarray(i * part, (i + 1) * part),
      });
      parts.push({ PartNumber: i + 1, ETag: res.headers.get('etag') as string });
    }
    const done = await media.call(
      'POST',
      `/api/media/s3/multipart/${uploadId}/complete?key=${encodeURIComponent(key)}`,
      { userId, json: { parts } },
    );
    expect(done.status).toBe(413);
    expect(done.body.message).toMatch(/Rule "size"/);
    expect(await media.store.head(key)).toBeNull();
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

  it('refuses part numbers an image within the size rule cannot need', async () => {
    const userId = newUserId();
    const { uploadId, key } = await startMultipart(userId);
    const res = await media.call(
      'GET',
      `/api/media/s3/multipart/${uploadId}/4?key=${encodeURIComponent(key)}`,
      {
        userId,
      },
    );
    expect(res.status).toBe(413);
  });
});

describe('GET /objects/{path}', () => {
  it('streams with immutable caching and an ETag, answers 304 to a matching If-None-Match', async () => {
    const userId = newUserId();
    const { objectPath } = await media.uploadSingle(userId, jpeg);
    const res = await media.call('GET', objectPath);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(jpeg)).toBe(true);
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
    const start = await media.call('POST', '/api/objects/upload', { userId, json: {} });
    await media.put(start.body.uploadURL, jpeg, 'image/jpeg');
    expect((await media.call('GET', start.body.objectPath)).status).toBe(404);
  });

  it('refuses to serve bytes written over a checked image through its still-valid URL', async () => {
    const userId = newUserId();
    const start = await media.call('POST', '/api/objects/upload', { userId, json: {} });
    await media.put(start.body.uploadURL, jpeg, 'image/jpeg');
    await media.call('POST', '/api/media/complete', { userId, json: { objectPath: start.body.objectPath } });
    await media.put(start.body.uploadURL, Buffer.from('<script>alert(1)</script>'), 'image/jpeg');
    expect((await media.call('GET', start.body.objectPath)).status).toBe(404);
  });

  it('answers 400 for a width that is not a number', async () => {
    const res = await media.call('GET', `/objects/uploads/${newUserId()}/x.jpg?w=wide`);
    expect(res.status).toBe(400);
  });
});

describe('unfinished uploads', () => {
  it('are abandoned by the sweep once their URLs have expired, and their bytes deleted', async () => {
    const userId = newUserId();
    const start = await media.call('POST', '/api/objects/upload', { userId, json: {} });
    await media.put(start.body.uploadURL, jpeg, 'image/jpeg');
    const key = keyOf(start.body.objectPath);
    const deps = {
      db: media.running.database.db,
      schema: media.running.database.schema,
      store: media.store,
      logger: testLogger,
      maxImageBytes: MAX_IMAGE_BYTES,
    };
    // An hour from now, the upload is stale.
    await sweepAbandonedUploads(deps, 60 * 60 * 1000, new Date(Date.now() + 61 * 60 * 1000));
    expect((await findUpload(deps.db, key))?.status).toBe('abandoned');
    expect(await media.store.head(key)).toBeNull();
    const late = await media.call('POST', '/api/media/complete', {
      userId,
      json: { objectPath: start.body.objectPath },
    });
    expect(late.status).toBe(409);
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
