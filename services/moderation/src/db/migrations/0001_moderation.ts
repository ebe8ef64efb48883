import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const moderationTables: Migration = {
  async up(db: Kysely<unknown>) {
    // No foreign keys: projections that a rebuild empties and refills in event order.
    await sql`
      CREATE TABLE reports (
        id uuid PRIMARY KEY,
        target_type text NOT NULL,
        target_id uuid NOT NULL,
        target_owner_id uuid NOT NULL,
        reporter_id uuid NOT NULL,
        reason text NOT NULL,
        details text,
        status text NOT NULL DEFAULT 'open',
        outcome_note text,
        created_at timestamptz NOT NULL,
        resolved_at timestamptz
      )`.execute(db);
    await sql`CREATE INDEX reports_open_idx ON reports (target_type, target_id) WHERE status = 'open'`.execute(
      db,
    );
    await sql`CREATE INDEX reports_reporter_idx ON reports (reporter_id, created_at DESC)`.execute(db);
    await sql`CREATE INDEX reports_resolved_idx ON reports (resolved_at DESC) WHERE status <> 'open'`.execute(
      db,
    );
    await sql`
      CREATE TABLE moderators (user_id uuid PRIMARY KEY, granted_at timestamptz NOT NULL)`.execute(db);
    await sql`
      CREATE TABLE suspensions (
        user_id uuid PRIMARY KEY,
        note text,
        moderator_id uuid NOT NULL,
        since timestamptz NOT NULL
      )`.execute(db);
    await sql`
      CREATE TABLE blocks (
        blocker_id uuid NOT NULL,
        blocked_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (blocker_id, blocked_id)
      )`.execute(db);
    await sql`
      CREATE TABLE hidden_posts (
        post_id uuid PRIMARY KEY,
        hidden_by text NOT NULL,
        note text,
        hidden_at timestamptz NOT NULL
      )`.execute(db);
    await sql`
      CREATE TABLE audit (
        id uuid PRIMARY KEY,
        action text NOT NULL,
        moderator_id uuid,
        target_type text NOT NULL,
        target_id text NOT NULL,
        note text,
        at timestamptz NOT NULL
      )`.execute(db);
    await sql`CREATE INDEX audit_at_idx ON audit (at DESC, id DESC)`.execute(db);

    // Copies of other services' data (not projections: their events are not in this log).
    await sql`
      CREATE TABLE known_posts (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        title text NOT NULL,
        description text NOT NULL,
        category text NOT NULL,
        image_paths text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL
      )`.execute(db);
    await sql`
      CREATE TABLE known_messages (
        id uuid PRIMARY KEY,
        conversation_id text NOT NULL,
        sender_id uuid NOT NULL,
        recipient_id uuid NOT NULL,
        content text NOT NULL,
        sent_at timestamptz NOT NULL
      )`.execute(db);
  },
};
