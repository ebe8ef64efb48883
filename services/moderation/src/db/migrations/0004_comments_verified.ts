import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Reported comments and the verified mark: moderation's copy of comments (posts' events, what a
 * reported comment said and whose it is), the comments hidden now and the members verified now
 * (projections of its own `target-comment-…` and `member-…` streams).
 */
export const commentsVerified: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE IF NOT EXISTS known_comments (id uuid PRIMARY KEY, post_id uuid NOT NULL, user_id uuid NOT NULL,
        content text NOT NULL, created_at timestamptz NOT NULL)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS known_comments_user_idx ON known_comments (user_id)`.execute(db);
    await sql`
      CREATE TABLE IF NOT EXISTS hidden_comments (comment_id uuid PRIMARY KEY, hidden_by text NOT NULL, note text,
        hidden_at timestamptz NOT NULL)`.execute(db);
    await sql`
      CREATE TABLE IF NOT EXISTS verified_members (user_id uuid PRIMARY KEY, verified_at timestamptz NOT NULL)`.execute(
      db,
    );
  },
};
