import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What each member chose (per kind: app, push, email; the digest), the copy of addresses the mails
 * go to, the mails themselves (one row a mail: gathered notifications, or one period's digest), and
 * what the digest lists: the posts made, with their neighbourhood, and whose follows are live.
 */
export const notificationSettings: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE notification_settings (
        user_id uuid PRIMARY KEY,
        -- Only the kinds a member changed; the others keep the defaults.
        kinds jsonb NOT NULL DEFAULT '{}',
        digest text NOT NULL DEFAULT 'off' CHECK (digest IN ('off', 'daily', 'weekly')),
        digest_neighborhood text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    await sql`CREATE INDEX notification_settings_digest_idx ON notification_settings (digest) WHERE digest <> 'off'`.execute(
      db,
    );
    // identity's UserRegistered: where a member's mails go (erased with the account).
    await sql`CREATE TABLE mail_addresses (user_id uuid PRIMARY KEY, email text NOT NULL)`.execute(db);
    await sql`
      CREATE TABLE notification_mails (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('notifications', 'digest')),
        -- A digest's period ('daily:2026-11-27', 'weekly:2026-11-23'): claimed once per member.
        period text,
        items jsonb NOT NULL DEFAULT '[]',
        total integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- When the sender first took it: later notifications open the next mail.
        sealed_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        sent_at timestamptz,
        last_error text
      )`.execute(db);
    // One notification mail gathering at a time per member; one digest per member and period.
    await sql`
      CREATE UNIQUE INDEX notification_mails_open_idx ON notification_mails (user_id)
      WHERE kind = 'notifications' AND sealed_at IS NULL`.execute(db);
    await sql`
      CREATE UNIQUE INDEX notification_mails_period_idx ON notification_mails (user_id, period)
      WHERE kind = 'digest'`.execute(db);
    await sql`CREATE INDEX notification_mails_due_idx ON notification_mails (next_attempt_at) WHERE sent_at IS NULL`.execute(
      db,
    );
    await sql`
      CREATE TABLE digest_posts (
        post_id uuid PRIMARY KEY, owner_id uuid NOT NULL, neighborhood text NOT NULL,
        created_at timestamptz NOT NULL
      )`.execute(db);
    await sql`CREATE INDEX digest_posts_created_idx ON digest_posts (created_at)`.execute(db);
    // A follow without alerts and an unfollow both had alerts off: the digest tells them apart.
    await sql`ALTER TABLE follow_alerts ADD COLUMN following boolean NOT NULL DEFAULT true`.execute(db);
  },
};
