import { type Database, readAllEvents } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import { type PostsDatabase, PROJECTED_TABLES } from '../db/schema';
import { applyEvents } from './apply-events';

const BATCH = 1000;

/**
 * Empties the read tables that are projections of posts' own events and replays every event
 * through `applyEvents`, in one transaction: readers see the old tables until it commits, and
 * writers wait for it. `authors` and `uploaded_media` are kept: they come from other services'
 * events, which this service does not store.
 */
export async function rebuildProjections(database: Database<PostsDatabase>): Promise<{ events: number }> {
  let count = 0;
  await database.db.transaction().execute(async (trx) => {
    await sql`TRUNCATE ${sql.join(PROJECTED_TABLES.map((t) => sql.id(t)))}`.execute(trx);
    let batch = [];
    for await (const event of readAllEvents(trx as unknown as Kysely<unknown>, BATCH * 5)) {
      batch.push(event);
      count++;
      if (batch.length >= BATCH) {
        await applyEvents(trx, batch);
        batch = [];
      }
    }
    await applyEvents(trx, batch);
  });
  return { events: count };
}
