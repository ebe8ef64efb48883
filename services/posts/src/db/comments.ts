import {
  type BadgeType,
  COMMENT_DELETED,
  COMMENT_HIDDEN,
  type Comment,
  type CommentPage,
} from '@waco/contracts';
import { badRequest } from '@waco/platform';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { ParentFacts } from '../domain/comments';
import type { PostRef } from '../domain/post-ref';
import { decodeCursor, encodeCursor } from './feed-cursor';
import { visibleTo } from './moderation';
import type { CommentsTable, PostsDatabase } from './schema';

type Db = Kysely<PostsDatabase>;

/**
 * The post a comment goes on, if the viewer may see it (not hidden by moderators unless theirs,
 * not by someone they blocked), with what comment events carry about it.
 */
export async function visiblePostRef(db: Db, postId: string, viewerId?: string | null) {
  const { rows } = await sql<{
    id: string;
    user_id: string;
    category: PostRef['category'];
    comments_count: number;
  }>`
    SELECT p.id, p.user_id, p.category, p.comments_count FROM posts p
    WHERE p.id = ${postId} AND ${sql.join(visibleTo(viewerId), sql` AND `)}`.execute(db);
  const row = rows[0];
  return (
    row && {
      ref: { postId: row.id, ownerId: row.user_id, category: row.category } satisfies PostRef,
      commentsCount: row.comments_count,
    }
  );
}

/** The comment a reply names, or undefined. */
export async function findParent(db: Db, commentId: string): Promise<ParentFacts | undefined> {
  return db
    .selectFrom('comments')
    .select(['id as commentId', 'post_id as postId', 'user_id as authorId', 'depth', 'deleted'])
    .where('id', '=', commentId)
    .executeTakeFirst();
}

/** A comment with its post's reference (for a like), or undefined. */
export async function findCommentRef(db: Db, commentId: string) {
  const row = await db
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select([
      'c.id',
      'c.user_id',
      'c.deleted',
      'c.likes_count',
      'p.id as post_id',
      'p.user_id as owner_id',
      'p.category',
    ])
    .where('c.id', '=', commentId)
    .executeTakeFirst();
  return (
    row && {
      commentId: row.id,
      authorId: row.user_id,
      deleted: row.deleted,
      likesCount: row.likes_count,
      post: { postId: row.post_id, ownerId: row.owner_id, category: row.category } satisfies PostRef,
    }
  );
}

/** A comment's row as the thread's query reads it: the table's columns, its author and the viewer's view. */
type CommentRow = Selectable<CommentsTable> & {
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  is_liked: boolean;
  is_post_author: boolean;
  hidden: boolean;
  is_verified: boolean;
  badges: BadgeType[] | null;
};

/**
 * Comments `c` the viewer may see: for a member, none by someone they blocked or who blocked them
 * (neither sees nor reaches the other through comments). The viewer goes in a parameter.
 */
function commentVisibleTo(viewerId: string | null | undefined) {
  if (!viewerId) return sql`true`;
  return sql`NOT EXISTS (SELECT 1 FROM moderation_blocks b WHERE b.blocked AND (
    (b.blocker_id = ${viewerId}::uuid AND b.blocked_id = c.user_id) OR
    (b.blocker_id = c.user_id AND b.blocked_id = ${viewerId}::uuid)))`;
}

const commentColumns = (viewerId: string | null | undefined) => sql`
  c.id, c.post_id, c.user_id, c.parent_id, c.depth, c.content, c.mentions, c.likes_count, c.deleted,
  c.created_at, c.updated_at, c.edited_at, a.first_name, a.last_name, a.profile_image_url,
  ${viewerId ? sql`EXISTS (SELECT 1 FROM comment_likes l WHERE l.comment_id = c.id AND l.user_id = ${viewerId}::uuid)` : sql`false`} AS is_liked,
  (c.user_id = p.user_id) AS is_post_author,
  EXISTS (SELECT 1 FROM moderation_hidden_comments h WHERE h.comment_id = c.id AND h.hidden) AS hidden,
  COALESCE(m.is_verified, false) AS is_verified, m.badges`;

/** Joined to comments `c`: their writers' names (`a`) and marks (`m`). */
const WRITERS = sql`LEFT JOIN authors a ON a.id = c.user_id LEFT JOIN member_marks m ON m.user_id = c.user_id`;

/**
 * A row as the API shows it. A deleted comment shows neither its text nor its writer's name; nor
 * does one hidden by moderators, to anyone but its writer (it keeps its place in the thread).
 */
function toComment(row: CommentRow, viewerId: string | null | undefined): Comment {
  const hiddenFromViewer = row.hidden && row.user_id !== viewerId;
  const masked = row.deleted || hiddenFromViewer;
  return {
    id: row.id,
    postId: row.post_id,
    userId: row.user_id,
    user: {
      id: row.user_id,
      firstName: masked ? null : row.first_name,
      lastName: masked ? null : row.last_name,
      profileImageUrl: masked ? null : row.profile_image_url,
      isVerified: !masked && row.is_verified,
      badges: masked ? [] : (row.badges ?? []),
    },
    content: row.deleted ? COMMENT_DELETED : hiddenFromViewer ? COMMENT_HIDDEN : row.content,
    mentions: masked ? [] : row.mentions,
    parentId: row.parent_id,
    depth: row.depth,
    likesCount: row.likes_count,
    isLiked: row.is_liked,
    isPostAuthor: !masked && row.is_post_author,
    deleted: row.deleted,
    hidden: !row.deleted && row.hidden,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    editedAt: row.edited_at ? row.edited_at.toISOString() : null,
  };
}

/** One comment as the viewer sees it, or undefined. */
export async function findComment(db: Db, commentId: string, viewerId: string | null | undefined) {
  const { rows } = await sql<CommentRow>`
    SELECT ${commentColumns(viewerId)}
    FROM comments c JOIN posts p ON p.id = c.post_id ${WRITERS}
    WHERE c.id = ${commentId}`.execute(db);
  return rows[0] && toComment(rows[0], viewerId);
}

/**
 * A page of a post's thread (the order `CommentsQuery` states): `limit` top-level comments after
 * the cursor, oldest first, then every reply beneath them the viewer may see, each after its
 * parent and among its siblings oldest first. A reply under a comment the viewer may not see is
 * not shown either.
 */
export async function listComments(
  db: Db,
  post: { postId: string; commentsCount: number },
  viewerId: string | null | undefined,
  page: { limit: number; cursor?: string },
): Promise<CommentPage> {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  if (after && after.kind !== 'keyset') throw badRequest('cursor is not one this server gave', 'cursor');
  const keyset = after?.kind === 'keyset' ? after : undefined;
  const { rows } = await sql<CommentRow>`
    WITH RECURSIVE roots AS (
      SELECT c.id FROM comments c
      WHERE c.post_id = ${post.postId} AND c.parent_id IS NULL AND ${commentVisibleTo(viewerId)}
        ${keyset ? sql`AND (c.created_at, c.id) > (${keyset.at}::timestamptz, ${keyset.id}::uuid)` : sql``}
      ORDER BY c.created_at, c.id
      LIMIT ${page.limit + 1}),
    thread AS (
      SELECT c.id FROM comments c WHERE c.id IN (SELECT id FROM roots)
      UNION ALL
      SELECT c.id FROM comments c JOIN thread t ON c.parent_id = t.id WHERE ${commentVisibleTo(viewerId)})
    SELECT ${commentColumns(viewerId)}
    FROM comments c JOIN posts p ON p.id = c.post_id ${WRITERS}
    WHERE c.id IN (SELECT id FROM thread)
    ORDER BY c.created_at, c.id`.execute(db);
  const tops = rows.filter((r) => r.parent_id === null);
  const more = tops.length > page.limit;
  const shownTops = tops.slice(0, page.limit);
  const last = shownTops.at(-1);
  const children = new Map<string, CommentRow[]>();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    const siblings = children.get(row.parent_id) ?? [];
    siblings.push(row);
    children.set(row.parent_id, siblings);
  }
  // Thread order: depth first, siblings in the query's order (oldest first).
  const ordered: Comment[] = [];
  const visit = (row: CommentRow) => {
    ordered.push(toComment(row, viewerId));
    for (const child of children.get(row.id) ?? []) visit(child);
  };
  for (const top of shownTops) visit(top);
  return {
    comments: ordered,
    nextCursor:
      more && last ? encodeCursor({ kind: 'keyset', at: last.created_at.toISOString(), id: last.id }) : null,
    total: post.commentsCount,
  };
}
