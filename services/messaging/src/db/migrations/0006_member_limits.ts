import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { users } from '../users';

/**
 * The limit on messaging new people: when each member signed up and whether they verified their
 * email (the user directory's standing columns), and an index that finds the conversations a
 * member opened lately (a conversation's first `MessageSent`, position 1 of its stream).
 */
export const memberLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await users.migration.up(db);
    await sql`CREATE INDEX IF NOT EXISTS events_first_message_by_actor_idx ON events (actor_id, occurred_at DESC)
      WHERE type = 'MessageSent' AND stream_position = 1`.execute(db);
  },
};
