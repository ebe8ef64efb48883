import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mediaEvents } from '@waco/contracts';
import { type EmbeddedStore, startEmbeddedStore } from '@waco/launcher/object-store';
import { createLogger } from '@waco/platform';
import { startServiceUnderTest } from '@waco/platform/testing';
import { createMediaService } from '../src/service';
import { ObjectStore, type StorageConfig } from '../src/storage/object-store';

/**
 * The media service on a fresh schema and an in-process bus, against the embedded object store
 * `npm start` runs (s3rver behind its signature-checking front, from the launcher), with a
 * recorder of what it publishes. Presigned URLs are paths on the app's origin; here the store's
 * own origin stands in for the gateway that forwards `/storage/*`.
 */
export async function startMedia(options: { maxImageBytes?: number; bus?: 'memory' | 'nats' } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'media-test-'));
  const embedded: EmbeddedStore = await startEmbeddedStore({
    dataDir,
    maxBodyBytes: Math.max(options.maxImageBytes ?? 0, 10 * 1024 * 1024) + 1024 * 1024,
  });
  const storage: StorageConfig = embedded.storage;
  const media = await startServiceUnderTest(
    createMediaService({ storage, maxImageBytes: options.maxImageBytes, sweepIntervalMs: 0 }),
    { bus: options.bus, publishes: mediaEvents, over: 'http' },
  );
  // The test's own view of the store, to look at what is stored.
  const store = await ObjectStore.open(storage, createLogger({ level: 'silent' }));

  /** A request as the gateway forwards it: `userId` plays the gateway's `x-user-id` header. */
  const call = (
    method: string,
    path: string,
    init: { json?: unknown; userId?: string; headers?: Record<string, string> } = {},
  ) => media.call(method, path, { json: init.json, headers: init.headers, as: init.userId });

  /** PUTs bytes to a presigned URL (a path on the app's origin) as a browser would. */
  const put = (url: string, bytes: Buffer, contentType: string) =>
    fetch(new URL(url, embedded.origin), {
      method: 'PUT',
      body: asBody(bytes),
      headers: { 'content-type': contentType },
    });

  /** Single PUT start to finish: the confirm call's answer. */
  async function uploadSingle(userId: string, bytes: Buffer, contentType = 'image/jpeg') {
    const start = await call('POST', '/api/objects/upload', {
      userId,
      json: { contentType, size: bytes.length },
    });
    if (start.status !== 200) throw new Error(`upload start: ${start.status} ${JSON.stringify(start.body)}`);
    const stored = await put(start.body.uploadURL, bytes, contentType);
    if (!stored.ok) throw new Error(`PUT to the store: ${stored.status}`);
    const done = await call('POST', '/api/media/complete', {
      userId,
      json: { objectPath: start.body.objectPath },
    });
    return Object.assign(done, { objectPath: start.body.objectPath as string });
  }

  return {
    ...media,
    store,
    storage,
    embedded,
    call,
    put,
    uploadSingle,
    async stop() {
      store.close();
      await media.stop();
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Media = Awaited<ReturnType<typeof startMedia>>;

export const newUserId = () => randomUUID();

/** A Buffer as a fetch body (the DOM typings want an ArrayBuffer-backed view). */
export const asBody = (bytes: Buffer) =>
  new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length);

/** The store key of an object path. */
export const keyOf = (objectPath: string) => objectPath.replace(/^\/objects\//, '');
