import { sqlMigration } from '@waco/platform';

/**
 * Sign-in attempts without a success, per account email (known or not, so that the answers do
 * not tell which accounts exist). In Postgres, so every identity instance sees the same counts.
 */
export const loginThrottle = sqlMigration(
  `
      CREATE TABLE login_throttle (
        email text PRIMARY KEY,
        attempts integer NOT NULL,
        last_attempt_at timestamptz NOT NULL,
        blocked_until timestamptz
      )`,
);
