import { sqlMigration } from '@waco/platform';

/**
 * Links mailed to a user (email verification, password reset), stored as the SHA-256 of their
 * token; and the mail outbox: one row per event that calls for a mail, keyed by the event's id,
 * written in the event's transaction and sent by the mail sender (commands/mail-sender.ts).
 */
export const accountTokensMailOutbox = sqlMigration(
  `
      CREATE TABLE account_tokens (
        token_hash text PRIMARY KEY, user_id uuid NOT NULL,
        purpose text NOT NULL CHECK (purpose IN ('verify-email', 'password-reset')),
        expires_at timestamptz NOT NULL, used_at timestamptz
      )`,
  `CREATE INDEX account_tokens_user ON account_tokens (user_id)`,
  `
      CREATE TABLE mail_outbox (
        event_id uuid PRIMARY KEY, user_id uuid NOT NULL,
        -- The mail as it will be sent; the bodies are emptied once it is.
        recipient text NOT NULL, subject text NOT NULL, text_body text NOT NULL, html_body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- Sending: tries so far, when the next may start (a claim's lease, or a retry), the outcome.
        attempts integer NOT NULL DEFAULT 0, next_attempt_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz, last_error text
      )`,
  // Signing out everywhere finds a user's sessions by their owner.
  `CREATE INDEX sessions_user ON sessions ((sess->>'userId'))`,
  `CREATE INDEX mail_outbox_pending ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL`,
);
