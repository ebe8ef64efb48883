import { sqlMigration } from '@waco/platform';

/**
 * Members who reached a limit per member, from posts' `PostingLimitReached` and messaging's
 * `FirstMessageLimitReached` (the row's id is the event's): what moderators see as bursts.
 */
export const limitBursts = sqlMigration(
  `
      CREATE TABLE IF NOT EXISTS limit_bursts (id uuid PRIMARY KEY, user_id uuid NOT NULL, action text NOT NULL,
        per text NOT NULL, max integer NOT NULL, new_account boolean NOT NULL, reached_at timestamptz NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS limit_bursts_recent_idx ON limit_bursts (reached_at DESC, id DESC)`,
);
