import type { ImageContentType, UploadedImage } from '@waco/contracts';
import type { Kysely } from 'kysely';
import { objectPathForKey } from '../domain/keys';
import type { MediaDatabase, UploadRow } from './schema';

/** One upload by its key. */
export function findUpload(db: Kysely<MediaDatabase>, key: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Up to `limit` uploads still pending that were started before `cutoff`, oldest first. */
export function stalePendingUploads(
  db: Kysely<MediaDatabase>,
  cutoff: Date,
  limit: number,
): Promise<UploadRow[]> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** The image a finished (`ready`) upload row describes. */
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
