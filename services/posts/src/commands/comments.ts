import {
  COMMENT_NOT_FOUND,
  type Comment,
  CommentLimitReached,
  type CommentPage,
  type MentionRequest,
} from '@waco/contracts';
import { handleCommand, notFound } from '@waco/platform';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { commentingActivityOf } from '../db/commenting-activity';
import { findComment, findCommentRef, findParent, listComments, visiblePostRef } from '../db/comments';
import { groupRoleOnComment } from '../db/group-copies';
import { mentionCandidates } from '../db/mentions';
import { moderation } from '../db/moderation';
import type { PostsDatabase } from '../db/schema';
import {
  commentDeciderFor,
  commentLikeDecider,
  type DeleteComment,
  type EditComment,
} from '../domain/comments';
import { commentLikeStream, commentStream } from '../domain/streams';
import { type CommandContext, metadataOf } from './deps';
import { handleMemberLimited } from './member-limited';
import { POST_NOT_FOUND } from './toggle-reaction';

/** Whether any two of these members blocked one another (the writer and each other one). */
async function blockedWithAny(db: Kysely<PostsDatabase>, actorId: string, others: string[]) {
  for (const other of new Set(others)) {
    if (other !== actorId && (await moderation.blockedBetween(db, actorId, other))) return true;
  }
  return false;
}

/** 404 for a comment whose row is gone (its post was deleted), though its stream remains. */
async function refuseGone(db: Kysely<PostsDatabase>, commentId: string) {
  if (!(await findCommentRef(db, commentId))) throw notFound(COMMENT_NOT_FOUND);
}

/** Reads back what a command wrote, as its writer sees it. */
async function asWriterSees(ctx: CommandContext, commentId: string): Promise<Comment> {
  const comment = await findComment(ctx.store.db, commentId, ctx.actorId);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  return comment;
}

/**
 * A comment on a post, or a reply (`parentId`). The post (visible to the writer), the parent, the
 * writer's suspension and blocks with the post's and the parent's authors are gathered in the
 * command's transaction; the decider refuses on them. With `memberLimits`, the writer's recent
 * comments too (COMMENT_LIMITS: 429 past them; `CommentLimitReached` for moderators).
 */
export async function addComment(
  ctx: CommandContext,
  postId: string,
  request: { content: string; parentId: string | null; mentions: MentionRequest[] },
  options: { memberLimits?: boolean } = {},
): Promise<Comment> {
  const commentId = uuidv7();
  const command = async (db: Kysely<PostsDatabase>) => {
    const post = await visiblePostRef(db, postId, ctx.actorId);
    if (!post) throw notFound(POST_NOT_FOUND);
    const parent = request.parentId ? await findParent(db, request.parentId) : null;
    return {
      type: 'add' as const,
      commentId,
      post: post.ref,
      userId: ctx.actorId,
      content: request.content,
      parent,
      suspension: (await moderation.suspensionOf(db, ctx.actorId)) ?? null,
      blocked: await blockedWithAny(db, ctx.actorId, [
        post.ref.ownerId,
        ...(parent ? [parent.authorId] : []),
      ]),
      mentions: await mentionCandidates(db, ctx.actorId, request.content, request.mentions, { postId }),
    };
  };
  // The member's recent comments are counted one request of theirs at a time (a burst sent at
  // once cannot pass together), and reaching a limit is recorded for moderators.
  const now = new Date();
  const limit = options.memberLimits
    ? {
        action: 'comment' as const,
        event: CommentLimitReached,
        now,
        limitsOf: async (trx: Kysely<PostsDatabase>) => ({
          activity: await commentingActivityOf(trx, ctx.actorId, now),
          now: now.toISOString(),
        }),
      }
    : null;
  // Read back once committed, as an edit is.
  await handleMemberLimited(
    ctx,
    commentStream(commentId),
    commentDeciderFor(commentId),
    command,
    limit,
    async () => {},
  );
  return asWriterSees(ctx, commentId);
}

/**
 * A command on an existing comment (an edit or a deletion): refused 404 when the comment's row is
 * gone, else its facts are gathered in the command's transaction.
 */
function onExistingComment(
  ctx: CommandContext,
  commentId: string,
  command: (db: Kysely<PostsDatabase>) => Promise<EditComment | DeleteComment>,
) {
  return handleCommand(
    ctx.store,
    commentStream(commentId),
    commentDeciderFor(commentId),
    async (db) => {
      await refuseGone(db, commentId);
      return command(db);
    },
    metadataOf(ctx),
  );
}

/** The writer edits their comment (the decider refuses anyone else). */
export async function editComment(
  ctx: CommandContext,
  commentId: string,
  { content, mentions }: { content: string; mentions: MentionRequest[] },
): Promise<Comment> {
  await onExistingComment(ctx, commentId, async (db) => ({
    type: 'edit' as const,
    actorId: ctx.actorId,
    content,
    suspension: (await moderation.suspensionOf(db, ctx.actorId)) ?? null,
    mentions: await mentionCandidates(db, ctx.actorId, content, mentions, { commentId }),
  }));
  return asWriterSees(ctx, commentId);
}

/**
 * The writer deletes their comment; a group's moderators and admins remove comments on its posts
 * (the decider refuses anyone else).
 */
export async function deleteComment(ctx: CommandContext, commentId: string): Promise<void> {
  await onExistingComment(ctx, commentId, async (db) => ({
    type: 'delete' as const,
    actorId: ctx.actorId,
    groupRole: await groupRoleOnComment(db, commentId, ctx.actorId),
  }));
}

/** Likes or unlikes a comment for the actor; answers the new state and the comment's count. */
export async function toggleCommentLike(ctx: CommandContext, commentId: string) {
  const { state } = await handleCommand(
    ctx.store,
    commentLikeStream(commentId, ctx.actorId),
    commentLikeDecider,
    async (db) => {
      const comment = await findCommentRef(db, commentId);
      return {
        comment,
        userId: ctx.actorId,
        suspension: (await moderation.suspensionOf(db, ctx.actorId)) ?? null,
        blocked: comment ? await blockedWithAny(db, ctx.actorId, [comment.authorId]) : false,
      };
    },
    metadataOf(ctx),
  );
  const after = await findCommentRef(ctx.store.db, commentId);
  return { liked: state.liked, likesCount: after?.likesCount ?? 0 };
}

/** A page of a post's thread for the viewer; 404 when they may not see the post. */
export async function commentsPage(
  db: Kysely<PostsDatabase>,
  postId: string,
  viewerId: string | null | undefined,
  page: { limit: number; cursor?: string },
): Promise<CommentPage> {
  const post = await visiblePostRef(db, postId, viewerId);
  if (!post) throw notFound(POST_NOT_FOUND);
  return listComments(db, { postId, commentsCount: post.commentsCount }, viewerId, page);
}
