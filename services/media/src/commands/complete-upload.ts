import type { UploadedImage, UploadRule } from '@waco/contracts';
import { conflict, HttpError, handleCommand } from '@waco/platform';
import type { UploadRow } from '../db/schema';
import { findUpload, uploadedImage } from '../db/uploads';
import { cleanImage } from '../domain/clean-image';
import { incomingKey, objectPathForKey } from '../domain/keys';
import { uploadDecider, uploadStream } from '../domain/upload';
import { checkSize, checkUploadedFile, type Refusal, unreadableImage } from '../domain/upload-rules';
import { ObjectTooLargeError, StoreUnavailableError } from '../storage/object-store';
import type { MediaDeps } from './deps';
import { requirePending } from './owned-upload';

/** Assembles a multipart upload's parts in the store, then checks and publishes the image. */
export async function completeMultipart(
  deps: MediaDeps,
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
export async function confirmSingleUpload(deps: MediaDeps, row: UploadRow): Promise<UploadedImage> {
  requirePending(row);
  if (row.status === 'ready') return uploadedImage(row);
  return checkAndPublish(deps, row);
}

const NOTHING_UPLOADED = 'Nothing has been uploaded to this path yet: PUT the file to its upload URL first';

/**
 * Checks the uploaded bytes (under the private `incoming/` key) against the rules: size, type from
 * magic numbers, readable image. A file that breaks one is deleted and the caller gets a 4xx
 * naming the rule. One that passes is stored again, upright and with every piece of metadata
 * removed, under its public key; that rendition is pinned by its ETag, published as
 * `MediaUploaded`, and the uploaded bytes are deleted. The checks read the store, so they run
 * here; the upload's decider is handed their verdict.
 */
async function checkAndPublish(deps: MediaDeps, row: UploadRow): Promise<UploadedImage> {
  const raw = incomingKey(row.key);
  const head = await deps.store.head(raw);
  if (!head) {
    // A concurrent or earlier call may have finished it (and deleted the uploaded bytes).
    const now = await findUpload(deps.db, row.key);
    if (now?.status === 'ready') return uploadedImage(now);
    throw conflict(NOTHING_UPLOADED);
  }
  const tooLarge = checkSize(head.size, deps.maxImageBytes);
  if (tooLarge) return reject(deps, row, tooLarge);

  const object = await deps.store.getBuffer(raw, deps.maxImageBytes).catch((err) => {
    if (err instanceof ObjectTooLargeError) return 'too large' as const;
    throw err;
  });
  if (object === 'too large') return reject(deps, row, checkSize(Infinity, deps.maxImageBytes) as Refusal);
  if (!object) throw conflict(NOTHING_UPLOADED);
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
  const { events } = await handleCommand(
    deps.events,
    uploadStream(row.key),
    uploadDecider,
    { type: 'publish', key: row.key, etag, image },
    { actorId: row.owner_id },
  );
  if (events.length === 0) {
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

/** Deletes the uploaded bytes, records the refusal, and answers the rule's 4xx. */
async function reject(
  deps: MediaDeps,
  row: UploadRow,
  verdict: { rule: UploadRule; status: number; message: string },
): Promise<never> {
  await deps.store.delete(incomingKey(row.key));
  await handleCommand(
    deps.events,
    uploadStream(row.key),
    uploadDecider,
    { type: 'reject', key: row.key, ownerId: row.owner_id, rule: verdict.rule, message: verdict.message },
    { actorId: row.owner_id },
  );
  deps.logger.info({ key: row.key, rule: verdict.rule }, 'upload refused');
  throw new HttpError(verdict.status, verdict.message, 'file');
}
