import { sqlMigration } from '@waco/platform';

/**
 * Each user's personal-data key (crypto-shredding): the personal fields of events are
 * sealed with it, and deleting the account deletes the row. Never in an event, never exported.
 */
export const userKeys = sqlMigration(
  `CREATE TABLE user_keys (user_id uuid PRIMARY KEY, key bytea NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
);
