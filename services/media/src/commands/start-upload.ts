import { type ImageContentType, UPLOAD } from '@waco/contracts';
import { HttpError, handleCommand } from '@waco/platform';
import { incomingKey, newUploadKey, objectPathForKey } from '../domain/keys';
import { uploadDecider, uploadStream } from '../domain/upload';
import { checkSize } from '../domain/upload-rules';
import type { MediaDeps } from './deps';

/**
 * Starts a single presigned-PUT upload: the URL to PUT to and the path the image will have. The
 * URL is signed for the file's exact size, so the store refuses any other body; a size over the
 * rule is refused here, before any byte is sent.
 */
export async function startSingleUpload(
  deps: MediaDeps,
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
  await recordStart(deps, { key, userId, contentType, size, multipartUploadId: null });
  return { key, uploadURL, objectPath: objectPathForKey(key) };
}

/**
 * Opens a multipart upload in the store and records it against its owner with the file's
 * declared size: every part URL is signed for its exact share of it (domain/parts.ts), so the
 * store refuses a part of any other length. A size over the rule is refused here, before the
 * store is asked for anything.
 */
export async function startMultipartUpload(
  deps: MediaDeps,
  userId: string,
  contentType: ImageContentType,
  size: number,
) {
  const tooLarge = checkSize(size, deps.maxImageBytes);
  if (tooLarge) throw new HttpError(tooLarge.status, tooLarge.message, 'size');
  const key = newUploadKey(userId, contentType);
  const uploadId = await deps.store.createMultipart(incomingKey(key), contentType);
  await recordStart(deps, { key, userId, contentType, size, multipartUploadId: uploadId });
  return { uploadId, key };
}

/** Records an upload's start against its owner, with its declared type and size. */
function recordStart(
  deps: MediaDeps,
  start: {
    key: string;
    userId: string;
    contentType: ImageContentType;
    size: number;
    multipartUploadId: string | null;
  },
) {
  const { key, userId, contentType, size, multipartUploadId } = start;
  return handleCommand(
    deps.events,
    uploadStream(key),
    uploadDecider,
    { type: 'start', key, ownerId: userId, declaredType: contentType, multipartUploadId, declaredSize: size },
    { actorId: userId },
  );
}
