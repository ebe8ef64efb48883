import { sqlMigration } from '@waco/platform';

export const notificationsStreams = sqlMigration(
  // One event makes at most one notification: the inbox says so, and this unique key too.
  `
      CREATE TABLE notifications (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        type text NOT NULL,
        title text NOT NULL,
        message text NOT NULL,
        related_id text,
        -- For a message: its position in the conversation's stream, to compare with read marks.
        related_position integer,
        actor_id uuid,
        is_read boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        source_event_id uuid NOT NULL UNIQUE
      )`,
  `CREATE INDEX notifications_list_idx ON notifications (user_id, created_at DESC, id DESC)`,
  `CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE NOT is_read`,

  `
      CREATE TABLE notification_repeats (
        recipient_id uuid NOT NULL,
        kind text NOT NULL,
        actor_id uuid NOT NULL,
        post_id uuid NOT NULL,
        notified_at timestamptz NOT NULL,
        PRIMARY KEY (recipient_id, kind, actor_id, post_id)
      )`,
  `CREATE INDEX notification_repeats_age_idx ON notification_repeats (notified_at)`,

  // Unread messages, kept so that events handled out of order (instances share the work)
  // still count right: the messages each user received, by position in their conversation's
  // stream, and how far each user has read each conversation. A message is unread when it
  // lies beyond the read mark; a read only ever moves the mark forward.
  `
      CREATE TABLE conversation_inbox (
        user_id uuid NOT NULL,
        conversation_id text NOT NULL,
        position integer NOT NULL,
        PRIMARY KEY (user_id, conversation_id, position)
      )`,
  `
      CREATE TABLE conversation_reads (
        user_id uuid NOT NULL,
        conversation_id text NOT NULL,
        read_position integer NOT NULL,
        PRIMARY KEY (user_id, conversation_id)
      )`,

  `
      CREATE TABLE stream_cursors (
        user_id uuid PRIMARY KEY,
        last_seq bigint NOT NULL
      )`,
  `
      CREATE TABLE stream_events (
        user_id uuid NOT NULL,
        seq bigint NOT NULL,
        event text NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, seq)
      )`,
  `CREATE INDEX stream_events_age_idx ON stream_events (created_at)`,
);
