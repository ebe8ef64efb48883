import { sqlMigration } from '@waco/platform';

/** The limits per member on commenting: an index that finds a member's latest `CommentAdded` in the log. */
export const commentLimits = sqlMigration(
  `CREATE INDEX IF NOT EXISTS events_comment_added_by_actor_idx ON events (actor_id, occurred_at DESC)
    WHERE type = 'CommentAdded'`,
);
