import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Members who reached a limit per member, from posts' `PostingLimitReached` and messaging's
 * `FirstMessageLimitReached` (the row's id is the event's): what moderators see as bursts.
 */
export const limitBursts: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE IF NOT EXISTS limit_bursts (id uuid PRIMARY KEY, user_id uuid NOT NULL, action text NOT NULL,
        per text NOT NULL, max integer NOT NULL, new_account boolean NOT NULL, reached_at timestamptz NOT NULL)`.execute(
      db,
    );
    await sql`CREATE INDEX IF NOT EXISTS limit_bursts_recent_idx ON limit_bursts (reached_at DESC, id DESC)`.execute(
      db,
    );
  },
};
