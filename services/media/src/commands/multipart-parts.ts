import { UPLOAD } from '@waco/contracts';
import { conflict, HttpError } from '@waco/platform';
import type { UploadRow } from '../db/schema';
import { incomingKey } from '../domain/keys';
import { maxPartNumber } from '../domain/upload-rules';
import type { StoredPart } from '../storage/object-store';
import type { UploadDeps } from './deps';
import { requirePending } from './owned-upload';

/** A presigned URL for one part of a multipart upload; no more parts than the size rule needs. */
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

/** The parts uploaded so far, for resuming (a store without ListParts answers 501). */
export async function listParts(deps: UploadDeps, row: UploadRow): Promise<StoredPart[]> {
  requirePending(row);
  if (row.status === 'ready') throw conflict('This upload is already complete');
  return deps.store.listParts(incomingKey(row.key), row.multipart_upload_id as string);
}
