import type { Kysely } from 'kysely';
import type { MediaDatabase, UploadRow } from './schema';

/** One upload by its key. */
export function findUpload(db: Kysely<MediaDatabase>, key: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
}
