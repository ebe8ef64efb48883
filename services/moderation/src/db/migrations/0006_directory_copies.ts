import { sqlMigration } from '@waco/platform';

/**
 * Reported businesses and reviews: moderation's copy of them (directory's events: what a
 * reported one shows and whose it is) and those hidden now (projections of its own
 * `target-business-…` and `target-review-…` streams).
 */
export const directoryCopies = sqlMigration(
  `CREATE TABLE known_businesses (id uuid PRIMARY KEY, added_by uuid NOT NULL, name text NOT NULL,
     description text, category text NOT NULL, image_url text, created_at timestamptz NOT NULL)`,
  `CREATE INDEX known_businesses_added_by_idx ON known_businesses (added_by)`,
  `CREATE TABLE known_reviews (id uuid PRIMARY KEY, business_id uuid NOT NULL, user_id uuid NOT NULL,
     rating integer NOT NULL, comment text, created_at timestamptz NOT NULL)`,
  `CREATE INDEX known_reviews_user_idx ON known_reviews (user_id)`,
  `CREATE TABLE hidden_businesses (business_id uuid PRIMARY KEY, hidden_by text NOT NULL, note text,
     hidden_at timestamptz NOT NULL)`,
  `CREATE TABLE hidden_reviews (review_id uuid PRIMARY KEY, hidden_by text NOT NULL, note text,
     hidden_at timestamptz NOT NULL)`,
);
