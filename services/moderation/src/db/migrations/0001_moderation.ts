import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// No foreign keys: the read tables are projections that a rebuild empties and refills in event
// order. known_posts and known_messages are copies of posts' and messaging's events.
const TABLES = sql`
  CREATE TABLE reports (id uuid PRIMARY KEY, target_type text NOT NULL, target_id uuid NOT NULL,
    target_owner_id uuid NOT NULL, reporter_id uuid NOT NULL, reason text NOT NULL, details text,
    status text NOT NULL DEFAULT 'open', outcome_note text, created_at timestamptz NOT NULL, resolved_at timestamptz);
  CREATE INDEX reports_open_idx ON reports (target_type, target_id) WHERE status = 'open';
  CREATE INDEX reports_reporter_idx ON reports (reporter_id, created_at DESC);
  CREATE INDEX reports_resolved_idx ON reports (resolved_at DESC) WHERE status <> 'open';
  CREATE TABLE moderators (user_id uuid PRIMARY KEY, granted_at timestamptz NOT NULL);
  CREATE TABLE suspensions (user_id uuid PRIMARY KEY, note text, moderator_id uuid NOT NULL, since timestamptz NOT NULL);
  CREATE TABLE blocks (blocker_id uuid NOT NULL, blocked_id uuid NOT NULL, created_at timestamptz NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id));
  CREATE TABLE hidden_posts (post_id uuid PRIMARY KEY, hidden_by text NOT NULL, note text, hidden_at timestamptz NOT NULL);
  CREATE TABLE audit (id uuid PRIMARY KEY, action text NOT NULL, moderator_id uuid, target_type text NOT NULL,
    target_id text NOT NULL, note text, at timestamptz NOT NULL);
  CREATE INDEX audit_at_idx ON audit (at DESC, id DESC);
  CREATE TABLE known_posts (id uuid PRIMARY KEY, user_id uuid NOT NULL, title text NOT NULL, description text NOT NULL,
    category text NOT NULL, image_paths text[] NOT NULL DEFAULT '{}', created_at timestamptz NOT NULL);
  CREATE TABLE known_messages (id uuid PRIMARY KEY, conversation_id text NOT NULL, sender_id uuid NOT NULL,
    recipient_id uuid NOT NULL, content text NOT NULL, sent_at timestamptz NOT NULL)`;

export const moderationTables: Migration = {
  async up(db: Kysely<unknown>) {
    await TABLES.execute(db);
  },
};
