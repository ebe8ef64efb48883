import { conflict, forbidden, HttpError, notFound } from '@waco/platform';
import type { UploadRow } from '../db/schema';
import { findUpload } from '../db/uploads';
import { checkKeyAccess } from '../domain/keys';
import type { MediaDeps } from './deps';

/**
 * The upload this user may act on: the key must be theirs and, for multipart calls, the upload
 * id must be the one recorded against that key when the user created it.
 */
export async function ownedUpload(
  deps: MediaDeps,
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

/** An abandoned or refused upload takes no more calls: start a new one. */
export function requirePending(row: UploadRow) {
  if (row.status === 'abandoned') throw conflict('This upload was abandoned; start a new one');
  if (row.status === 'rejected') throw conflict(row.rejection ?? 'This upload was refused');
}
