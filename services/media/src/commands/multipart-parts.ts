import { UPLOAD } from '@waco/contracts';
import { badRequest, conflict } from '@waco/platform';
import type { UploadRow } from '../db/schema';
import { incomingKey } from '../domain/keys';
import { partCount, partLength } from '../domain/parts';
import type { StoredPart } from '../storage/object-store';
import type { MediaDeps } from './deps';
import { requirePending } from './owned-upload';

/**
 * A presigned URL for one part of a multipart upload, signed for that part's exact length out of
 * the declared file size: the store refuses a part of any other length, and a part number beyond
 * the file's parts gets no URL at all.
 */
export async function signPart(deps: MediaDeps, row: UploadRow, partNumber: number, origin?: string) {
  requirePending(row);
  if (row.status === 'ready') throw conflict('This upload is already complete');
  if (row.declared_size === null) {
    throw conflict('This upload was started without its file size; start a new one');
  }
  const length = partLength(row.declared_size, partNumber);
  if (length === null) {
    const count = partCount(row.declared_size);
    throw badRequest(
      `A file of ${row.declared_size} bytes has ${count} part${count === 1 ? '' : 's'}; there is no part ${partNumber}`,
      'partNumber',
    );
  }
  const url = await deps.store.presignPart(
    incomingKey(row.key),
    row.multipart_upload_id as string,
    partNumber,
    length,
    UPLOAD.presignedPutSeconds,
    origin,
  );
  return { url, expires: UPLOAD.presignedPutSeconds };
}

/** The parts uploaded so far, for resuming (a store without ListParts answers 501). */
export async function listParts(deps: MediaDeps, row: UploadRow): Promise<StoredPart[]> {
  requirePending(row);
  if (row.status === 'ready') throw conflict('This upload is already complete');
  return deps.store.listParts(incomingKey(row.key), row.multipart_upload_id as string);
}
