import type { SavedSearch } from '@waco/contracts';
import type { Kysely } from 'kysely';
import type { PostsDatabase } from './schema';

export async function savedSearchCount(db: Kysely<PostsDatabase>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('saved_searches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A user's saved searches, newest first, or one of them by id. */
export async function listSavedSearches(
  db: Kysely<PostsDatabase>,
  userId: string,
  id?: string,
): Promise<SavedSearch[]> {
  let query = db.selectFrom('saved_searches').selectAll().where('user_id', '=', userId);
  if (id) query = query.where('id', '=', id);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    query: r.query,
    category: r.category,
    neighborhood: r.neighborhood as SavedSearch['neighborhood'],
    minPrice: r.min_price === null ? null : Number(r.min_price),
    maxPrice: r.max_price === null ? null : Number(r.max_price),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
