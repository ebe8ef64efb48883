import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Hashtags (spec section 3: `hashtags`, `post_hashtags`) and mentions. Both tag tables are
 * projections of the posts' streams (with `posts.hashtags`, which they index by tag): ids are
 * drawn from the names (`md5(name)::uuid`), never from a sequence, so a rebuild writes the same
 * rows. `usage_count` is the number of posts carrying the tag. Existing posts' tags are copied in.
 * A comment's and a post's mentions are `[{userId, start, end}]` beside the text.
 */
export const hashtagsMentions: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE hashtags (
        id uuid PRIMARY KEY,
        name text NOT NULL UNIQUE,
        usage_count int NOT NULL DEFAULT 0 CHECK (usage_count >= 0),
        created_at timestamptz NOT NULL
      )`.execute(db);
    await sql`
      CREATE TABLE post_hashtags (
        id uuid PRIMARY KEY,
        post_id uuid NOT NULL,
        hashtag_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (post_id, hashtag_id)
      )`.execute(db);
    // The Popular Tags: the tags used in the last 30 days.
    await sql`CREATE INDEX post_hashtags_recent_idx ON post_hashtags (created_at, hashtag_id)`.execute(db);
    await sql`
      INSERT INTO hashtags (id, name, usage_count, created_at)
      SELECT md5(t.name)::uuid, t.name, count(*), min(p.created_at)
      FROM posts p CROSS JOIN unnest(p.hashtags) t(name) GROUP BY t.name`.execute(db);
    await sql`
      INSERT INTO post_hashtags (id, post_id, hashtag_id, created_at)
      SELECT md5(p.id::text || '#' || t.name)::uuid, p.id, md5(t.name)::uuid, p.created_at
      FROM posts p CROSS JOIN unnest(p.hashtags) t(name)
      ON CONFLICT DO NOTHING`.execute(db);
    await sql`ALTER TABLE comments ADD COLUMN mentions jsonb NOT NULL DEFAULT '[]'`.execute(db);
    await sql`ALTER TABLE posts ADD COLUMN mentions jsonb NOT NULL DEFAULT '[]'`.execute(db);
  },
};
