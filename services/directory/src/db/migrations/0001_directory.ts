import { followsCopyTable, sqlMigration } from '@waco/platform';

export const businessesAndReviews = sqlMigration(
  // No foreign keys: these are projections that a rebuild empties and refills in event order.
  `
      CREATE TABLE businesses (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        category text NOT NULL,
        description text,
        description_by uuid NOT NULL,
        address text,
        phone text,
        email text,
        website text,
        image_url text,
        neighborhood text,
        added_by uuid NOT NULL,
        owner_id uuid,
        is_verified boolean NOT NULL DEFAULT false,
        removed boolean NOT NULL DEFAULT false,
        hidden boolean NOT NULL DEFAULT false,
        rating_sum integer NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
        reviews_count integer NOT NULL DEFAULT 0 CHECK (reviews_count >= 0),
        average_rating decimal(3,2) NOT NULL DEFAULT 0.00,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
  `CREATE INDEX businesses_rating_idx ON businesses (average_rating DESC, reviews_count DESC, id) WHERE NOT removed`,
  `CREATE INDEX businesses_reviews_idx ON businesses (reviews_count DESC, id) WHERE NOT removed`,
  `CREATE INDEX businesses_category_idx ON businesses (category, neighborhood) WHERE NOT removed`,
  `CREATE INDEX businesses_owner_idx ON businesses (owner_id) WHERE owner_id IS NOT NULL`,
  `
      CREATE TABLE business_reviews (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL,
        author_id uuid NOT NULL,
        rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
        comment text,
        reply text,
        reply_by uuid,
        replied_at timestamptz,
        hidden boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (business_id, author_id)
      )`,
  `CREATE INDEX business_reviews_author_idx ON business_reviews (author_id)`,
  `CREATE INDEX business_reviews_newest_idx ON business_reviews (business_id, created_at DESC)`,
  `
      CREATE TABLE business_claims (
        business_id uuid PRIMARY KEY,
        claimant_id uuid NOT NULL,
        note text,
        claimed_at timestamptz NOT NULL
      )`,
  `CREATE INDEX business_claims_claimant_idx ON business_claims (claimant_id)`,
);

/** Copies of other services' facts: the moderator role (moderation), follows (identity). */
export const rolesAndFollows = sqlMigration(
  `
      CREATE TABLE moderator_roles (
        user_id uuid PRIMARY KEY,
        moderator boolean NOT NULL,
        position bigint NOT NULL
      )`,
  followsCopyTable('follows'),
);
