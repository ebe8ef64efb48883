import { sqlMigration } from '@waco/platform';

/**
 * Comments and replies on posts, and their likes (spec section 3): projections of the
 * `comment-{id}` and `comment-like-{id}-{user}` streams. A deleted comment keeps its row (without
 * its text) while it has replies, so the thread keeps its shape; `posts.comments_count` counts the
 * comments not deleted. No foreign keys: a rebuild swaps these tables (see docs/architecture.md).
 */
export const comments = sqlMigration(
  `
      CREATE TABLE comments (
        id uuid PRIMARY KEY,
        post_id uuid NOT NULL,
        user_id uuid NOT NULL,
        parent_id uuid,
        depth int NOT NULL,
        content text NOT NULL,
        likes_count int NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
        deleted boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        edited_at timestamptz
      )`,
  // A thread's page: its top-level comments in order, then the replies under them.
  `CREATE INDEX comments_thread_idx ON comments (post_id, created_at, id) WHERE parent_id IS NULL`,
  `CREATE INDEX comments_parent_idx ON comments (parent_id, created_at, id)`,
  `CREATE INDEX comments_user_idx ON comments (user_id)`,
  `
      CREATE TABLE comment_likes (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        comment_id uuid NOT NULL,
        post_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (user_id, comment_id)
      )`,
  `CREATE INDEX comment_likes_comment_idx ON comment_likes (comment_id)`,
  `CREATE INDEX comment_likes_post_idx ON comment_likes (post_id)`,
);
