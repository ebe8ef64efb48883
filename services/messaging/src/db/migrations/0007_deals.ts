import { sqlMigration } from '@waco/platform';

/**
 * Deals between neighbours: offers and ratings (projections of the `offers-` and `rating-`
 * streams, no foreign keys: a rebuild refills them in event order), and where each post of the
 * copy stands (available, pending, sold, closed) and whom it was sold to.
 */
export const deals = sqlMigration(
  `CREATE TABLE offers (
      id uuid PRIMARY KEY,
      conversation_id text NOT NULL,
      post_id uuid NOT NULL,
      seller_id uuid NOT NULL,
      buyer_id uuid NOT NULL,
      from_id uuid NOT NULL,
      to_id uuid NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      status text NOT NULL,
      created_at timestamptz NOT NULL,
      answered_at timestamptz
    )`,
  `CREATE INDEX offers_conversation_idx ON offers (conversation_id, created_at)`,
  `CREATE TABLE ratings (
      id uuid PRIMARY KEY,
      post_id uuid NOT NULL,
      rater_id uuid NOT NULL,
      ratee_id uuid NOT NULL,
      score smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
      note text NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (post_id, rater_id)
    )`,
  `CREATE INDEX ratings_ratee_idx ON ratings (ratee_id, created_at DESC)`,
  `ALTER TABLE posts ADD COLUMN IF NOT EXISTS standing text NOT NULL DEFAULT 'available'`,
  `ALTER TABLE posts ADD COLUMN IF NOT EXISTS sold_to uuid`,
  // The typical reply time reads each conversation's messages in order, per recipient.
  `CREATE INDEX IF NOT EXISTS messages_recipient_idx ON messages (recipient_id, created_at)`,
);
