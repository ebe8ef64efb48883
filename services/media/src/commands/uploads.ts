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
import sharp from 'sharp';
import type { MediaDatabase, UploadRow } from '../db/schema';
import { findUpload } from '../db/uploads';
import { checkKeyAccess, newUploadKey, objectPathForKey } from '../domain/keys';
import {
  checkSize,
  checkUploadedFile,
  maxPartNumber,
  type Refusal,
  unreadableImage,
} from '../domain/upload-rules';
import { applyUploadEvent, uploadStream } from '../projections/uploads';
import { type ObjectStore, ObjectTooLargeError, type StoredPart } from '../storage/object-store';

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

/** Starts a single presigned-PUT upload: the URL to PUT to and the path the image will have. */
export async function startSingleUpload(deps: UploadDeps, userId: string, contentType: ImageContentType) {
  const key = newUploadKey(userId, contentType);
  const uploadURL = await deps.store.presignPut(key, contentType, UPLOAD.presignedPutSeconds);
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
  const uploadId = await deps.store.createMultipart(key, contentType);
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

export async function signPart(deps: UploadDeps, row: UploadRow, partNumber: number) {
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
    row.key,
    row.multipart_upload_id as string,
    partNumber,
    UPLOAD.presignedPutSeconds,
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
  return deps.store.listParts(row.key, row.multipart_upload_id as string);
}

export async function abortUpload(deps: UploadDeps, row: UploadRow, userId: string) {
  if (!deps.store.capabilities.abortMultipart) {
    throw notImplementedByStore(
      'Aborting a multipart upload (AbortMultipartUpload)',
      'The parts stay in the store until it is reset; the upload can simply be left unfinished.',
    );
  }
  if (row.status !== 'pending') throw conflict(`This upload is already ${row.status}`);
  await deps.store.abortMultipart(row.key, row.multipart_upload_id as string);
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
    await deps.store.completeMultipart(row.key, row.multipart_upload_id as string, parts);
  } catch (err) {
    const e = err as { code?: string; status?: number; message: string };
    // A retried completion finds the upload gone but the object there: check the object.
    if (e.code !== 'NoSuchUpload' || !(await deps.store.head(row.key))) {
      throw new HttpError(400, `The store refused to assemble the parts: ${e.message}`);
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
 * Checks the stored bytes against the rules (size, type from magic numbers, readable image).
 * A file that breaks one is deleted and the caller gets a 4xx naming the rule; one that passes
 * is pinned by its ETag and published as `MediaUploaded`.
 */
async function checkAndPublish(deps: UploadDeps, row: UploadRow): Promise<UploadedImage> {
  const head = await deps.store.head(row.key);
  if (!head)
    throw conflict('Nothing has been uploaded to this path yet: PUT the file to its upload URL first');
  const tooLarge = checkSize(head.size, deps.maxImageBytes);
  if (tooLarge) return reject(deps, row, tooLarge);

  const object = await deps.store.getBuffer(row.key, deps.maxImageBytes).catch((err) => {
    if (err instanceof ObjectTooLargeError) return 'too large' as const;
    throw err;
  });
  if (object === 'too large') return reject(deps, row, checkSize(Infinity, deps.maxImageBytes) as Refusal);
  if (!object)
    throw conflict('Nothing has been uploaded to this path yet: PUT the file to its upload URL first');
  const verdict = checkUploadedFile({ size: object.bytes.length, head: object.bytes }, deps.maxImageBytes);
  if (!verdict.ok) return reject(deps, row, verdict);
  const dimensions = await imageDimensions(object.bytes);
  if (!dimensions) return reject(deps, row, unreadableImage);

  const image: UploadedImage = {
    objectPath: objectPathForKey(row.key),
    ownerId: row.owner_id,
    contentType: verdict.contentType,
    size: object.bytes.length,
    ...dimensions,
  };
  const raced = await recordIgnoringRace(
    deps,
    row,
    [
      newEvent(UploadChecked, {
        key: row.key,
        etag: object.etag,
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
  return image;
}

async function reject(
  deps: UploadDeps,
  row: UploadRow,
  verdict: { rule: UploadRule; status: number; message: string },
): Promise<never> {
  await deps.store.delete(row.key);
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

/** Width and height as displayed (EXIF orientation applied), or null when unreadable. */
async function imageDimensions(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes).metadata();
    const { width, height } = meta.autoOrient ?? meta;
    return width && height ? { width, height } : null;
  } catch {
    return null;
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

/**
 * Abandons uploads started more than `olderThanMs` ago and never finished: their URLs have
 * expired, so whatever bytes they left are deleted (single PUT) or aborted (multipart, where
 * the store can).
 */
export async function sweepAbandonedUploads(deps: UploadDeps, olderThanMs: number, now = new Date()) {
  const stale = await deps.db
    .selectFrom('uploads')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', new Date(now.getTime() - olderThanMs))
    .limit(500)
    .execute();
  for (const row of stale) {
    if (row.multipart_upload_id === null) await deps.store.delete(row.key);
    else if (deps.store.capabilities.abortMultipart) {
      await deps.store.abortMultipart(row.key, row.multipart_upload_id).catch(() => {});
    }
    await recordIgnoringRace(
      deps,
      row,
      [newEvent(UploadAbandoned, { key: row.key, ownerId: row.owner_id, reason: 'expired' })],
      row.owner_id,
    );
  }
  return stale.length;
}
