import { type Database, readAllEvents } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import { type MessagingDatabase, PROJECTED_TABLES } from '../db/schema';
import { applyConversationEvents } from './conversations';

/**
 * Empties the tables built from messaging's own events and replays the whole log into them, in
 * one transaction: readers see the old tables until it commits. `users` is kept: it comes from
 * identity's events, which this service does not store.
 */
export async function rebuildProjections(database: Database<MessagingDatabase>): Promise<{ events: number }> {
  let count = 0;
  await database.db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE ${sql.join(PROJECTED_TABLES.map((t) => sql.id(t)))} IN EXCLUSIVE MODE`.execute(trx);
    await sql`TRUNCATE ${sql.join(PROJECTED_TABLES.map((t) => sql.id(t)))}`.execute(trx);
    for await (const event of readAllEvents(trx as unknown as Kysely<unknown>)) {
      await applyConversationEvents(trx, [event]);
      count++;
    }
  });
  return { events: count };
}
