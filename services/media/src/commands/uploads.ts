import {
  type ImageContentType,
  MediaUploaded,
  UPLOAD,
  UploadAbandoned,
  UploadChecked,
  type UploadedImage,
  UploadRejected,
  type UploadRule,
  UploadStarted,
} from '@waco/contracts';
import {
  appendToStream,
  ConcurrencyError,
  conflict,
  type ExpectedVersion,
  forbidden,
  HttpError,
  type Logger,
  type NewEvent,
  newEvent,
  notFound,
} from '@waco/platform';
import type { Kysely } from 'kysely';
import type { MediaDatabase, UploadRow } from '../db/schema';
import { findUpload } from '../db/uploads';
import { cleanImage } from '../domain/clean-image';
import { checkKeyAccess, INCOMING_PREFIX, incomingKey, newUploadKey, objectPathForKey } from '../domain/keys';
import {
  checkSize,
  checkUploadedFile,
  maxPartNumber,
  type Refusal,
  unreadableImage,
} from '../domain/upload-rules';
import { applyUploadEvent, uploadStream } from '../projections/uploads';
import {
  type ObjectStore,
  ObjectTooLargeError,
  type StoredPart,
  StoreUnavailableError,
} from '../storage/object-store';

export interface UploadDeps {
  db: Kysely<MediaDatabase>;
  schema: string;
  store: ObjectStore;
  logger: Logger;
  /** The size rule; MAX_IMAGE_BYTES unless a test or an operator says otherwise. */
  maxImageBytes: number;
}

/** 501: the store cannot do this; the message says which store and what to do instead. */
export const notImplementedByStore = (what: string, instead: string) =>
  new HttpError(
    501,
    `${what} is not supported by this object store (s3rver, the embedded store, lacks it). ${instead}`,
  );

/** Appends events to an upload's stream and applies them to the uploads table, in one commit. */
async function record(
  deps: UploadDeps,
  key: string,
  expected: ExpectedVersion,
  events: NewEvent[],
  actorId: string,
) {
  await deps.db.transaction().execute(async (trx) => {
    const appended = await appendToStream(
      trx as unknown as Kysely<unknown>,
      deps.schema,
      uploadStream(key),
      expected,
      events,
      {
        actorId,
      },
    );
    for (const event of appended) await applyUploadEvent(trx, event);
  });
}

/**
 * Starts a single presigned-PUT upload: the URL to PUT to and the path the image will have. The
 * URL is signed for the file's exact size, so the store refuses any other body; a size over the
 * rule is refused here, before any byte is sent.
 */
export async function startSingleUpload(
  deps: UploadDeps,
  userId: string,
  contentType: ImageContentType,
  size: number,
  /** The app's origin, for upload URLs on it (embedded store); see `ObjectStore.forBrowsers`. */
  origin?: string,
) {
  const tooLarge = checkSize(size, deps.maxImageBytes);
  if (tooLarge) throw new HttpError(tooLarge.status, tooLarge.message, 'size');
  const key = newUploadKey(userId, contentType);
  const uploadURL = await deps.store.presignPut(
    incomingKey(key),
    contentType,
    size,
    UPLOAD.presignedPutSeconds,
    origin,
  );
  await record(
    deps,
    key,
    0,
    [newEvent(UploadStarted, { key, ownerId: userId, declaredType: contentType, multipartUploadId: null })],
    userId,
  );
  return { key, uploadURL, objectPath: objectPathForKey(key) };
}

/** Opens a multipart upload in the store and records it against its owner. */
export async function startMultipartUpload(deps: UploadDeps, userId: string, contentType: ImageContentType) {
  const key = newUploadKey(userId, contentType);
  const uploadId = await deps.store.createMultipart(incomingKey(key), contentType);
  await record(
    deps,
    key,
    0,
    [
      newEvent(UploadStarted, {
        key,
        ownerId: userId,
        declaredType: contentType,
        multipartUploadId: uploadId,
      }),
    ],
    userId,
  );
  return { uploadId, key };
}

/**
 * The upload this user may act on: the key must be theirs and, for multipart calls, the upload
 * id must be the one recorded against that key when the user created it.
 */
export async function ownedUpload(
  deps: UploadDeps,
  userId: string,
  key: string,
  uploadId: string | null,
): Promise<UploadRow> {
  const access = checkKeyAccess(key, userId);
  if (!access.ok) throw new HttpError(access.status, access.message, 'key');
  const row = await findUpload(deps.db, key);
  if (!row) throw notFound('No upload with this key');
  if (row.owner_id !== userId) throw forbidden('This upload belongs to another user');
  if (uploadId !== null && row.multipart_upload_id !== uploadId) {
    throw forbidden('This uploadId is not the one recorded for this key');
  }
  if (uploadId === null && row.multipart_upload_id !== null) {
    throw conflict('This is a multipart upload: complete it through s3/multipart/{uploadId}/complete');
  }
  return row;
}

const requirePending = (row: UploadRow) => {
  if (row.status === 'abandoned') throw conflict('This upload was abandoned; start a new one');
  if (row.status === 'rejected') throw conflict(row.rejection ?? 'This upload was refused');
};

export async function signPart(deps: UploadDeps, row: UploadRow, partNumber: number, origin?: string) {
  requirePending(row);
  if (row.status === 'ready') throw conflict('This upload is already complete');
  const highest = maxPartNumber(deps.maxImageBytes);
  if (partNumber > highest) {
    throw new HttpError(
      413,
      `An image of at most ${deps.maxImageBytes} bytes needs no more than ${highest} parts`,
    );
  }
  const url = await deps.store.presignPart(
    incomingKey(row.key),
    row.multipart_upload_id as string,
    partNumber,
    UPLOAD.presignedPutSeconds,
    origin,
  );
  return { url, expires: UPLOAD.presignedPutSeconds };
}

export async function listParts(deps: UploadDeps, row: UploadRow): Promise<StoredPart[]> {
  if (!deps.store.capabilities.listParts) {
    throw notImplementedByStore(
      'Listing uploaded parts (ListParts)',
      'Start the upload again instead of resuming it.',
    );
  }
  requirePending(row);
  if (row.status === 'ready') throw conflict('This upload is already complete');
  return deps.store.listParts(incomingKey(row.key), row.multipart_upload_id as string);
}

export async function abortUpload(deps: UploadDeps, row: UploadRow, userId: string) {
  if (!deps.store.capabilities.abortMultipart) {
    throw notImplementedByStore(
      'Aborting a multipart upload (AbortMultipartUpload)',
      'The parts stay in the store until it is reset; the upload can simply be left unfinished.',
    );
  }
  if (row.status !== 'pending') throw conflict(`This upload is already ${row.status}`);
  await deps.store.abortMultipart(incomingKey(row.key), row.multipart_upload_id as string);
  await recordIgnoringRace(
    deps,
    row,
    [newEvent(UploadAbandoned, { key: row.key, ownerId: row.owner_id, reason: 'aborted' })],
    userId,
  );
}

export async function completeMultipart(
  deps: UploadDeps,
  row: UploadRow,
  parts: { PartNumber: number; ETag: string }[],
): Promise<UploadedImage> {
  requirePending(row);
  if (row.status === 'ready') return uploadedImage(row);
  try {
    await deps.store.completeMultipart(incomingKey(row.key), row.multipart_upload_id as string, parts);
  } catch (err) {
    if (err instanceof StoreUnavailableError) throw err;
    const e = err as { code?: string; message: string };
    // A retried completion finds the upload gone: it was assembled (or finished) already, which
    // checkAndPublish finds out. Any other refusal (unknown part, wrong ETag) is the client's.
    if (e.code !== 'NoSuchUpload') {
      throw new HttpError(400, `The store refused to assemble the parts: ${e.message}`, 'parts');
    }
  }
  return checkAndPublish(deps, row);
}

/** Finishes a single presigned-PUT upload: the bytes must be in the store by now. */
export async function confirmSingleUpload(deps: UploadDeps, row: UploadRow): Promise<UploadedImage> {
  requirePending(row);
  if (row.status === 'ready') return uploadedImage(row);
  return checkAndPublish(deps, row);
}

/**
 * Checks the uploaded bytes (under the private `incoming/` key) against the rules: size, type from
 * magic numbers, readable image. A file that breaks one is deleted and the caller gets a 4xx
 * naming the rule. One that passes is stored again, upright and with every piece of metadata
 * removed, under its public key; that rendition is pinned by its ETag, published as
 * `MediaUploaded`, and the uploaded bytes are deleted.
 */
async function checkAndPublish(deps: UploadDeps, row: UploadRow): Promise<UploadedImage> {
  const raw = incomingKey(row.key);
  const head = await deps.store.head(raw);
  if (!head) {
    // A concurrent or earlier call may have finished it (and deleted the uploaded bytes).
    const now = await findUpload(deps.db, row.key);
    if (now?.status === 'ready') return uploadedImage(now);
    throw conflict('Nothing has been uploaded to this path yet: PUT the file to its upload URL first');
  }
  const tooLarge = checkSize(head.size, deps.maxImageBytes);
  if (tooLarge) return reject(deps, row, tooLarge);

  const object = await deps.store.getBuffer(raw, deps.maxImageBytes).catch((err) => {
    if (err instanceof ObjectTooLargeError) return 'too large' as const;
    throw err;
  });
  if (object === 'too large') return reject(deps, row, checkSize(Infinity, deps.maxImageBytes) as Refusal);
  if (!object)
    throw conflict('Nothing has been uploaded to this path yet: PUT the file to its upload URL first');
  const verdict = checkUploadedFile({ size: object.bytes.length, head: object.bytes }, deps.maxImageBytes);
  if (!verdict.ok) return reject(deps, row, verdict);
  const clean = await cleanImage(object.bytes, verdict.contentType);
  if (!clean) return reject(deps, row, unreadableImage);
  const etag = await deps.store.put(row.key, clean.bytes, verdict.contentType);

  const image: UploadedImage = {
    objectPath: objectPathForKey(row.key),
    ownerId: row.owner_id,
    contentType: verdict.contentType,
    size: clean.bytes.length,
    width: clean.width,
    height: clean.height,
  };
  const raced = await recordIgnoringRace(
    deps,
    row,
    [
      newEvent(UploadChecked, {
        key: row.key,
        etag,
        contentType: image.contentType,
        size: image.size,
        width: image.width,
        height: image.height,
      }),
      newEvent(MediaUploaded, image),
    ],
    row.owner_id,
  );
  if (raced) {
    // Another call finished this upload first; answer with what it recorded.
    const now = await findUpload(deps.db, row.key);
    if (now?.status === 'ready') return uploadedImage(now);
    throw conflict(now?.rejection ?? 'This upload was finished by another request');
  }
  // The uploaded bytes are never served; the sweep removes them should this fail.
  await deps.store
    .delete(raw)
    .catch((err) => deps.logger.warn({ err, key: raw }, 'could not delete uploaded bytes'));
  return image;
}

async function reject(
  deps: UploadDeps,
  row: UploadRow,
  verdict: { rule: UploadRule; status: number; message: string },
): Promise<never> {
  await deps.store.delete(incomingKey(row.key));
  await recordIgnoringRace(
    deps,
    row,
    [
      newEvent(UploadRejected, {
        key: row.key,
        ownerId: row.owner_id,
        rule: verdict.rule,
        message: verdict.message,
      }),
    ],
    row.owner_id,
  );
  deps.logger.info({ key: row.key, rule: verdict.rule }, 'upload refused');
  throw new HttpError(verdict.status, verdict.message, 'file');
}

/** Records events at the row's version; true when another writer got there first. */
async function recordIgnoringRace(deps: UploadDeps, row: UploadRow, events: NewEvent[], actorId: string) {
  try {
    await record(deps, row.key, row.version, events, actorId);
    return false;
  } catch (err) {
    if (err instanceof ConcurrencyError) return true;
    throw err;
  }
}

export function uploadedImage(row: UploadRow): UploadedImage {
  return {
    objectPath: objectPathForKey(row.key),
    ownerId: row.owner_id,
    contentType: row.content_type as ImageContentType,
    size: row.size as number,
    width: row.width as number,
    height: row.height as number,
  };
}

const SWEEP_BATCH = 500;

/**
 * Cleans up after uploads started more than `olderThanMs` ago and never finished (their URLs
 * have expired), however many there are: every stale pending upload is recorded as abandoned,
 * batch after batch until none is left, then every uploaded-but-unchecked object under
 * `incoming/` that old is deleted, 1000 to a request (DeleteObjects), and stale multipart uploads
 * are aborted where the store can list them. The uploaded bytes of finished uploads are deleted
 * at completion; any left behind (a crash in between, a second PUT to a still-valid URL) go too.
 */
export async function sweepAbandonedUploads(deps: UploadDeps, olderThanMs: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - olderThanMs);
  let abandoned = 0;
  const seen = new Set<string>();
  for (;;) {
    const stale = await deps.db
      .selectFrom('uploads')
      .selectAll()
      .where('status', '=', 'pending')
      .where('created_at', '<', cutoff)
      .orderBy('created_at')
      .limit(SWEEP_BATCH)
      .execute();
    for (const row of stale) {
      await recordIgnoringRace(
        deps,
        row,
        [newEvent(UploadAbandoned, { key: row.key, ownerId: row.owner_id, reason: 'expired' })],
        row.owner_id,
      );
    }
    abandoned += stale.length;
    // A row still pending after its turn (it should not be) must not keep the sweep going.
    const progressed = stale.some((row) => !seen.has(row.key));
    for (const row of stale) seen.add(row.key);
    if (stale.length < SWEEP_BATCH || !progressed) break;
  }
  let deleted = 0;
  for await (const keys of deps.store.listOlderThan(INCOMING_PREFIX, cutoff)) {
    await deps.store.deleteMany(keys);
    deleted += keys.length;
  }
  if (deps.store.capabilities.abortMultipart) {
    for await (const uploads of deps.store.multipartUploadsOlderThan(INCOMING_PREFIX, cutoff)) {
      for (const u of uploads) await deps.store.abortMultipart(u.key, u.uploadId).catch(() => {});
    }
  }
  return { abandoned, deleted };
}
