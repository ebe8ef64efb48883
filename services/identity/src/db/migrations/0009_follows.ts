import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { moderation } from '../moderation';

/**
 * Who follows whom (spec section 3 `follows`), a projection of the `follow-{follower}-{followed}`
 * streams kept with the users' counts in the same commit; and identity's copy of moderation's
 * blocks and suspensions, which a follow is refused on (and a block ends follows by).
 */
export const follows: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE follows (
        follower_id uuid NOT NULL,
        following_id uuid NOT NULL,
        alerts boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (follower_id, following_id)
      )`.execute(db);
    // A member's followers, newest first (their following list reads the primary key's order).
    await sql`CREATE INDEX follows_following_idx ON follows (following_id, created_at DESC)`.execute(db);
    await sql`CREATE INDEX follows_follower_created_idx ON follows (follower_id, created_at DESC)`.execute(
      db,
    );
    await moderation.migration.up(db);
  },
};
