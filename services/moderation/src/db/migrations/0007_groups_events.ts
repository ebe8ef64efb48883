import { sqlMigration } from '@waco/platform';

/**
 * Reported groups and community events: moderation's copy of them (groups' events: what a
 * reported group or event shows and whose it is), and those hidden now (projections of its own
 * `target-group-…` and `target-event-…` streams).
 */
export const groupsEvents = sqlMigration(
  `CREATE TABLE IF NOT EXISTS known_groups (id uuid PRIMARY KEY, user_id uuid NOT NULL, name text NOT NULL,
     description text, image_url text, created_at timestamptz NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS known_groups_user_idx ON known_groups (user_id)`,
  `CREATE TABLE IF NOT EXISTS known_events (id uuid PRIMARY KEY, user_id uuid NOT NULL, title text NOT NULL,
     description text, image_url text, created_at timestamptz NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS known_events_user_idx ON known_events (user_id)`,
  `CREATE TABLE IF NOT EXISTS hidden_groups (group_id uuid PRIMARY KEY, hidden_by text NOT NULL, note text,
     hidden_at timestamptz NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS hidden_events (event_id uuid PRIMARY KEY, hidden_by text NOT NULL, note text,
     hidden_at timestamptz NOT NULL)`,
);
