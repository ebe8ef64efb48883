import { type EventEnvelope, FilterUsed } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { PostsDatabase } from '../db/schema';

/**
 * `FilterUsed` → usage counted per (user, type, value), the newest use remembered. The row's id
 * is the first use's event id, so a rebuild gives the same ids.
 */
export async function projectFilterUsed(trx: Kysely<PostsDatabase>, event: EventEnvelope) {
  const { userId, filterType, filterValue } = FilterUsed.schema.parse(event.data);
  // A deleted account's value opens erased: nothing of theirs to count.
  if (filterValue === '') return;
  await sql`
    INSERT INTO user_filter_preferences (id, user_id, filter_type, filter_value, usage_count, last_used, created_at)
    VALUES (${event.id}, ${userId}, ${filterType}, ${filterValue}, 1, ${event.occurredAt}, ${event.occurredAt})
    ON CONFLICT (user_id, filter_type, filter_value) DO UPDATE SET
      usage_count = user_filter_preferences.usage_count + 1,
      last_used = greatest(user_filter_preferences.last_used, EXCLUDED.last_used)`.execute(trx);
}
