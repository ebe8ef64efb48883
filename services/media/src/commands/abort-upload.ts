import { conflict, handleCommand } from '@waco/platform';
import type { UploadRow } from '../db/schema';
import { incomingKey } from '../domain/keys';
import { uploadDecider, uploadStream } from '../domain/upload';
import type { MediaDeps } from './deps';

/** Aborts a multipart upload in the store (a store without AbortMultipartUpload answers 501). */
export async function abortUpload(deps: MediaDeps, row: UploadRow, userId: string) {
  if (row.status !== 'pending') throw conflict(`This upload is already ${row.status}`);
  await deps.store.abortMultipart(incomingKey(row.key), row.multipart_upload_id as string);
  await handleCommand(
    deps.events,
    uploadStream(row.key),
    uploadDecider,
    { type: 'abandon', key: row.key, ownerId: row.owner_id, reason: 'aborted' },
    { actorId: userId },
  );
}
