import { z } from 'zod';
import { BadgeType } from './badges';
import { cursorPageQuery, MemberCard, requiredText, Timestamp, Uuid } from './common';
import { defineEvent } from './envelope';
import { PostRefFields } from './lifecycle';
import { MentionRequests, MentionSpan } from './mentions';
import { BLOCK_TEXT, displayText } from './text';

// Comments on posts, and replies to comments (spec section 3, `comments` and `comment_likes`).
// posts owns them: a comment belongs to one post, and the post's `commentsCount` moves in the
// same transaction as the comment.

/** A comment's length, in characters (as a post's title and description are counted). */
export const COMMENT_MAX_LENGTH = 2000;
/**
 * How deep a thread goes: a comment (1), a reply to it (2), a reply to a reply (3). A reply to a
 * comment at the last level is refused; the web offers "Reply" only above it.
 */
export const COMMENT_MAX_DEPTH = 3;
/** Top-level comments a page holds by default, and at most. */
export const COMMENTS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE_MAX = 50;

/** What a deleted comment that has replies reads as (its text is gone). */
export const COMMENT_DELETED = 'Comment deleted';
/** What a comment hidden by moderators reads as, to everyone but its writer. */
export const COMMENT_HIDDEN = 'Comment hidden by moderators';
export const COMMENT_NOT_FOUND = 'Comment not found';
export const NOT_YOUR_COMMENT = 'You can only change your own comments';
export const REPLY_TO_DELETED = 'This comment was deleted: it can no longer be replied to';
export const REPLY_TOO_DEEP = `Replies go at most ${COMMENT_MAX_DEPTH} levels deep: reply higher up the thread`;
export const BLOCKED_COMMENTING =
  "You can't comment here: one of you has blocked the other. Unblocking lets you talk again.";

const CommentText = requiredText(
  'Comment is required',
  COMMENT_MAX_LENGTH,
  `Comment must be at most ${COMMENT_MAX_LENGTH} characters`,
).superRefine(displayText('Comment', BLOCK_TEXT));

/** `POST /api/posts/{id}/comments`: a comment, or a reply when `parentId` names a comment. */
export const CreateCommentRequest = z.strictObject({
  content: CommentText,
  parentId: Uuid.nullish().transform((v) => v ?? null),
  /** The people the text mentions (`@Name`, chosen from the suggestions). */
  mentions: MentionRequests,
});
export type CreateCommentRequest = z.input<typeof CreateCommentRequest>;
export const UpdateCommentRequest = z.strictObject({ content: CommentText, mentions: MentionRequests });
export type UpdateCommentRequest = z.input<typeof UpdateCommentRequest>;

export const CommentIdParams = z.strictObject({ id: Uuid });

/**
 * A thread's page: top-level comments oldest first (the order they were written, ties by id), each
 * page with every reply to its comments, also oldest first. `cursor` is the previous page's
 * `nextCursor`: comments written meanwhile never shift a page.
 */
export const CommentsQuery = cursorPageQuery(COMMENTS_PAGE_SIZE_MAX, COMMENTS_PAGE_SIZE);
export type CommentsQuery = z.input<typeof CommentsQuery>;

export const CommentAuthor = MemberCard.extend({
  /** Verified by moderators: the mark beside the name. */
  isVerified: z.boolean(),
  /** The writer's badges, shown as small marks beside the name. */
  badges: z.array(BadgeType),
});

export const Comment = z.object({
  id: Uuid,
  postId: Uuid,
  userId: Uuid,
  user: CommentAuthor,
  /** `COMMENT_DELETED` once deleted (it stays only while it has replies). */
  content: z.string(),
  /** Who the text mentions, and where (none once deleted). */
  mentions: z.array(MentionSpan),
  parentId: Uuid.nullable(),
  /** 1 for a comment on the post, 2 for a reply to it, and so on. */
  depth: z.number().int(),
  likesCount: z.number().int(),
  /** Whether the viewer likes it (false for a guest). */
  isLiked: z.boolean(),
  /** Written by the post's author. */
  isPostAuthor: z.boolean(),
  deleted: z.boolean(),
  /**
   * Hidden by moderators (by reports pending review, or by a moderator): everyone else reads
   * `COMMENT_HIDDEN` and no name; its writer still reads their text, marked hidden.
   */
  hidden: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** When its author last edited it (null: never): shown as "edited". */
  editedAt: Timestamp.nullable(),
});
export type Comment = z.infer<typeof Comment>;

export const CommentPage = z.object({
  /** The page's top-level comments and their replies, in thread order (a reply after its parent). */
  comments: z.array(Comment),
  nextCursor: z.string().nullable(),
  /** The post's `commentsCount`: comments not deleted. */
  total: z.number().int(),
});
export type CommentPage = z.infer<typeof CommentPage>;
export const CommentLikeResponse = z.object({ liked: z.boolean(), likesCount: z.number().int() });

// Events, on the stream `comment-{id}` (likes: `comment-like-{id}-{userId}`). Each carries the post
// (id, owner, category) and the ids a consumer needs; the text only in CommentAdded and
// CommentEdited, sealed with the writer's key (personal-data.ts).
const CommentRef = {
  ...PostRefFields,
  commentId: Uuid,
  /** The comment's writer. */
  userId: Uuid,
};
export const CommentAdded = defineEvent(
  'posts',
  'CommentAdded',
  z.object({
    ...CommentRef,
    content: z.string(),
    parentId: Uuid.nullable(),
    /** The parent's writer (a reply notifies them), null for a comment on the post. */
    parentAuthorId: Uuid.nullable(),
    depth: z.number().int(),
    /** Who the text mentions (each is told), and where (older events: none). */
    mentions: z.array(MentionSpan).default([]),
  }),
);
export const CommentEdited = defineEvent(
  'posts',
  'CommentEdited',
  z.object({
    ...CommentRef,
    content: z.string(),
    /** Every mention of the new text (older events: none). */
    mentions: z.array(MentionSpan).default([]),
    /** Those the edit mentions first: only they are told. */
    newlyMentioned: z.array(Uuid).default([]),
  }),
);
export const CommentDeleted = defineEvent('posts', 'CommentDeleted', z.object(CommentRef));
const CommentReaction = z.object({ ...PostRefFields, commentId: Uuid, authorId: Uuid, userId: Uuid });
export const CommentLiked = defineEvent('posts', 'CommentLiked', CommentReaction);
export const CommentUnliked = defineEvent('posts', 'CommentUnliked', CommentReaction);
export const commentEvents = [
  CommentAdded,
  CommentEdited,
  CommentDeleted,
  CommentLiked,
  CommentUnliked,
] as const;

// A post's live thread, `GET /api/posts/:id/comments/stream` (Server-Sent Events), open to anyone
// who may see the post, guests included. It tells only that the thread changed (a comment written,
// edited, deleted, hidden or restored) and the post's count: never a comment's text, so nothing a
// block or a hiding keeps from a viewer; the browser reads the thread again through
// `listComments`, which applies them. It opens with the current count.

/** The stream's one event name. */
export const THREAD_CHANGED_EVENT = 'thread';
/**
 * What `thread` carries: the post and its `commentsCount` (as cards show it); `removed` when the
 * post itself is gone (deleted by its owner): read again, it answers 404.
 */
export const ThreadChanged = z.object({
  postId: Uuid,
  commentsCount: z.number().int().nonnegative(),
  removed: z.literal(true).optional(),
});
export type ThreadChanged = z.infer<typeof ThreadChanged>;
/**
 * Streams one post may have open on one instance, and one instance in all: past them a new one is
 * answered 503 with Retry-After, and the browser falls back to reading the thread now and then.
 */
export const THREAD_STREAMS_PER_POST_MAX = 1000;
export const THREAD_STREAMS_PER_INSTANCE_MAX = 20_000;
/** A post's signals come at most this often (a burst of comments is one read of the thread). */
export const THREAD_SIGNAL_MIN_GAP_MS = 500;
export const THREAD_STREAM_FULL = 'Too many people are following this post live; it refreshes on its own';
