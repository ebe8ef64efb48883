import type { Kysely } from 'kysely';
import type { PostsDatabase } from './schema';

/** Which of these object paths the user uploaded (per the media service's events). */
export async function pathsUploadedBy(
  db: Kysely<PostsDatabase>,
  ownerId: string,
  paths: string[],
): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .selectFrom('uploaded_media')
    .select('object_path')
    .where('owner_id', '=', ownerId)
    .where('object_path', 'in', paths)
    .execute();
  return new Set(rows.map((r) => r.object_path));
}
