import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListObjectsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { SERVICE_NAMES } from '@waco/contracts/routes';
import { buildGateway, type Upstreams } from '@waco/gateway';
import { ObjectStore } from '@waco/media/object-store';
import { createLogger, type HttpApp, InProcessBus } from '@waco/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedStore, startEmbeddedStore } from '../src/object-store/embedded-store';

const logger = createLogger({ level: 'silent' });
const MAX_BODY = 64 * 1024;
let dataDir: string;
let embedded: EmbeddedStore;
let store: ObjectStore;
let gateway: HttpApp;
/** The app's origin: the gateway, which forwards /storage/* to the store. */
let app: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'store-test-'));
  embedded = await startEmbeddedStore({ dataDir, maxBodyBytes: MAX_BODY });
  store = await ObjectStore.open(embedded.storage, logger);
  const nowhere = 'http://127.0.0.1:9';
  gateway = await buildGateway({
    upstreams: Object.fromEntries(SERVICE_NAMES.map((name) => [name, nowhere])) as Upstreams,
    bus: new InProcessBus(logger),
    logger,
    appOrigins: ['http://127.0.0.1'],
    webDist: '/nonexistent',
    storageUpstream: embedded.origin,
  });
  app = await gateway.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  store?.close();
  await gateway?.close();
  await embedded?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const bucketPath = () => `/storage/${embedded.bucket}`;
const photo = Buffer.from('pretend these are the bytes of a photo');

describe('the embedded object store', () => {
  it('refuses every unsigned request, on its own port and through the app (403)', async () => {
    await store.put('uploads/u/existing.jpg', photo, 'image/jpeg');
    for (const base of [embedded.origin, app]) {
      const object = `${base}${bucketPath()}/uploads/u/existing.jpg`;
      const answers = [
        await fetch(object, {
          method: 'PUT',
          body: 'overwritten',
          headers: { 'content-type': 'image/jpeg' },
        }),
        await fetch(object),
        await fetch(`${base}${bucketPath()}?list-type=2`),
        await fetch(`${base}${bucketPath()}`),
        await fetch(object, { method: 'DELETE' }),
      ];
      for (const res of answers) {
        expect(res.status).toBe(403);
        expect(await res.text()).toContain('AccessDenied');
      }
    }
    expect((await store.getBuffer('uploads/u/existing.jpg', 1024))?.bytes.equals(photo)).toBe(true);
  });

  it('refuses requests signed with any other key, e.g. s3rver’s well-known one', async () => {
    const stranger = new S3Client({
      endpoint: embedded.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await expect(stranger.send(new ListObjectsCommand({ Bucket: embedded.bucket }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    const forged = new S3Client({
      endpoint: embedded.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: embedded.storage.accessKey, secretAccessKey: 'guessed' },
    });
    await expect(
      forged.send(new GetObjectCommand({ Bucket: embedded.bucket, Key: 'uploads/u/existing.jpg' })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    stranger.destroy();
    forged.destroy();
  });

  it('accepts a presigned PUT through the app origin, and only as signed', async () => {
    const key = 'incoming/uploads/u/presigned.jpg';
    const url = new URL(await store.presignPut(key, 'image/jpeg', photo.length, 60, app));
    expect(url.origin).toBe(app);
    const put = (target: URL | string, body: Buffer, type = 'image/jpeg') =>
      fetch(target, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': type } });

    // Tampered: another signature, another key, another type, another size.
    const badSignature = new URL(url);
    badSignature.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await put(badSignature, photo)).status).toBe(403);
    const otherKey = new URL(url.href.replace('presigned.jpg', 'elsewhere.jpg'));
    expect((await put(otherKey, photo)).status).toBe(403);
    expect((await put(url, photo, 'text/html')).status).toBe(403);
    const longer = await put(url, Buffer.concat([photo, Buffer.from('more')]));
    expect(longer.status).toBe(403);
    expect(await longer.text()).toContain('SignatureDoesNotMatch');
    expect(await store.head(key)).toBeNull();

    expect((await put(url, photo)).status).toBe(200);
    expect((await store.getBuffer(key, 1024))?.bytes.equals(photo)).toBe(true);
  });

  it('refuses a write over its size cap before reading it, even one signed for that size', async () => {
    const created = await store.createMultipart('incoming/uploads/u/parts.jpg', 'image/jpeg');
    const url = await store.presignPart('incoming/uploads/u/parts.jpg', created, 1, MAX_BODY + 1, 60, app);
    const res = await fetch(url, { method: 'PUT', body: new Uint8Array(MAX_BODY + 1) });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain('EntityTooLarge');
  });

  it('answers a multipart completion with parts never uploaded with InvalidPart, and keeps running', async () => {
    const client = new S3Client({
      endpoint: embedded.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: embedded.storage.accessKey, secretAccessKey: embedded.storage.secretKey },
    });
    const Key = 'incoming/uploads/u/never.jpg';
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: embedded.bucket, Key }),
    );
    await expect(
      client.send(
        new CompleteMultipartUploadCommand({
          Bucket: embedded.bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"x"' }] },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidPart', $metadata: { httpStatusCode: 400 } });
    await expect(
      client.send(
        new CompleteMultipartUploadCommand({
          Bucket: embedded.bucket,
          Key,
          UploadId: 'not-an-upload',
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"x"' }] },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NoSuchUpload' });
    expect(await store.head('uploads/u/existing.jpg')).not.toBeNull();
    client.destroy();
  });
});
