import { sqlMigration } from '@waco/platform';

export const usersMessagesConversations = sqlMigration(
  // No foreign keys: these are projections that a rebuild empties and refills in event order.
  `
      CREATE TABLE messages (
        id uuid PRIMARY KEY,
        conversation_id text NOT NULL,
        sender_id uuid NOT NULL,
        recipient_id uuid NOT NULL,
        content text NOT NULL,
        is_read boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL
      )`,
  // A thread page is a short range scan, the first page as the hundredth.
  `CREATE INDEX messages_thread_idx ON messages (conversation_id, created_at DESC, id DESC)`,
  // Marking a thread read touches only its unread messages.
  `
      CREATE INDEX messages_unread_idx ON messages (conversation_id, recipient_id) WHERE NOT is_read`,

  `
      CREATE TABLE conversation_members (
        conversation_id text NOT NULL,
        user_id uuid NOT NULL,
        other_user_id uuid NOT NULL,
        last_message_id uuid NOT NULL,
        last_message text NOT NULL,
        last_message_at timestamptz NOT NULL,
        unread_count integer NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
        PRIMARY KEY (user_id, conversation_id)
      )`,
  `
      CREATE INDEX conversation_members_list_idx
        ON conversation_members (user_id, last_message_at DESC, conversation_id)`,
);
