import { sqlMigration } from '@waco/platform';

/**
 * A post's lifecycle: its state, why it closed, when it expires, when it was edited,
 * and `visible_until`, the one time the feed and search compare with now (an active post's
 * expiry, a closed one's seven days of badge, an expired one's expiry). Saved searches.
 * Posts made before get the expiry they would have had: 30 days, or the day after an event.
 */
export const lifecycle = sqlMigration(
  `
      ALTER TABLE posts
        ADD COLUMN state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'closed', 'expired')),
        ADD COLUMN closed_reason text CHECK (closed_reason IN ('sold', 'filled', 'cancelled')),
        ADD COLUMN closed_at timestamptz,
        ADD COLUMN edited_at timestamptz,
        ADD COLUMN expires_at timestamptz,
        ADD COLUMN visible_until timestamptz,
        ADD COLUMN reminded_for timestamptz`,
  `
      UPDATE posts SET expires_at = CASE
        WHEN category = 'event' AND event_date IS NOT NULL THEN event_date + interval '1 day'
        ELSE created_at + interval '30 days' END`,
  `UPDATE posts SET visible_until = expires_at`,
  `ALTER TABLE posts ALTER COLUMN expires_at SET NOT NULL, ALTER COLUMN visible_until SET NOT NULL`,
  // The sweep's query: active posts by expiry.
  `CREATE INDEX posts_active_expiry_idx ON posts (expires_at) WHERE state = 'active'`,

  `
      CREATE TABLE saved_searches (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        query text,
        category text,
        neighborhood text,
        min_price numeric(10, 2),
        max_price numeric(10, 2),
        created_at timestamptz NOT NULL
      )`,
  `CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, created_at DESC)`,
);
