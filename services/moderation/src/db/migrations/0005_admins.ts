import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Members holding the operator's console role (projection of the `member-…` streams). */
export const admins: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE IF NOT EXISTS admins (user_id uuid PRIMARY KEY, granted_at timestamptz NOT NULL)`.execute(
      db,
    );
  },
};
