import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { authors } from '../authors';

/**
 * The limits per member on posting: when each author signed up and whether they verified their
 * email (the user directory's standing columns), and an index that finds a member's latest
 * `PostCreated` in the log, where a deleted post still counts.
 */
export const memberLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await authors.migration.up(db);
    await sql`CREATE INDEX IF NOT EXISTS events_post_created_by_actor_idx ON events (actor_id, occurred_at DESC)
      WHERE type = 'PostCreated'`.execute(db);
  },
};
