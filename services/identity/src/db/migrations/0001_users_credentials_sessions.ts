import { sqlMigration } from '@waco/platform';

export const usersCredentialsSessions = sqlMigration(
  // Emails are stored lower-cased (the CHECK holds every writer to it), so a plain unique
  // index makes them unique without regard to case.
  `
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL CONSTRAINT users_email_lower_case CHECK (email = lower(email)),
        first_name text,
        last_name text,
        profile_image_url text,
        bio text,
        location text,
        phone text,
        email_verified timestamptz,
        is_verified boolean NOT NULL DEFAULT false,
        reputation_score integer NOT NULL DEFAULT 0,
        followers_count integer NOT NULL DEFAULT 0,
        following_count integer NOT NULL DEFAULT 0,
        posts_count integer NOT NULL DEFAULT 0,
        google_id text UNIQUE,
        apple_id text UNIQUE,
        meta_id text UNIQUE,
        twitter_id text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version integer NOT NULL
      )`,
  `CREATE UNIQUE INDEX users_email_key ON users (email)`,

  // No foreign key to users: users is a projection that a rebuild empties and refills.
  `
      CREATE TABLE credentials (
        user_id uuid PRIMARY KEY,
        password_hash text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,

  `
      CREATE TABLE sessions (
        sid text PRIMARY KEY,
        sess jsonb NOT NULL,
        expire timestamptz NOT NULL
      )`,
  `CREATE INDEX sessions_expire_idx ON sessions (expire)`,
);
