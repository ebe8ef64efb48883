import type { FilterUsage } from '@waco/contracts';
import type { Kysely } from 'kysely';
import type { PostsDatabase } from './schema';

type Db = Kysely<PostsDatabase>;

const toUsage = (row: {
  id: string;
  filter_type: FilterUsage['filterType'];
  filter_value: string;
  usage_count: number;
  last_used: Date;
}): FilterUsage => ({
  id: row.id,
  filterType: row.filter_type,
  filterValue: row.filter_value,
  usageCount: row.usage_count,
  lastUsed: row.last_used.toISOString(),
});

/** A user's most used filters: most uses first, then the most recently used. */
export async function topFilters(db: Db, userId: string, limit: number): Promise<FilterUsage[]> {
  const rows = await db
    .selectFrom('user_filter_preferences')
    .select(['id', 'filter_type', 'filter_value', 'usage_count', 'last_used'])
    .where('user_id', '=', userId)
    .orderBy('usage_count', 'desc')
    .orderBy('last_used', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toUsage);
}

/** One usage row. */
export async function findFilterUsage(
  db: Db,
  userId: string,
  filterType: FilterUsage['filterType'],
  filterValue: string,
): Promise<FilterUsage | undefined> {
  const row = await db
    .selectFrom('user_filter_preferences')
    .select(['id', 'filter_type', 'filter_value', 'usage_count', 'last_used'])
    .where('user_id', '=', userId)
    .where('filter_type', '=', filterType)
    .where('filter_value', '=', filterValue)
    .executeTakeFirst();
  return row && toUsage(row);
}
