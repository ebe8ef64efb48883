import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Sign-in attempts without a success, per account email (known or not, so that the answers do
 * not tell which accounts exist). In Postgres, so every identity instance sees the same counts.
 */
export const loginThrottle: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE login_throttle (
        email text PRIMARY KEY,
        attempts integer NOT NULL,
        last_attempt_at timestamptz NOT NULL,
        blocked_until timestamptz
      )`.execute(db);
  },
};
