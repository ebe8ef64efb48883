import { type CreatePostCommand, PostingLimitReached } from '@waco/contracts';
import { awaitUploadsBy, groupFactsOf } from '@waco/platform';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { awaitGroupMembership } from '../db/group-copies';
import { mentionCandidates } from '../db/mentions';
import { moderation } from '../db/moderation';
import type { PostJson } from '../db/post-view';
import { postingFactsOf } from '../db/posting-activity';
import { findPost } from '../db/posts';
import type { PostsDatabase } from '../db/schema';
import { postDecider } from '../domain/post';
import { postStream } from '../domain/streams';
import type { CommandContext } from './deps';
import { handleMemberLimited } from './member-limited';

/**
 * Publishes a new post; resolves to it as the feed shows it, read in the command's transaction. With `requireUploadedMedia`, every photo must be one
 * the media service says this user uploaded. With `memberLimits`, the member's recent posts are
 * counted first (one request of theirs at a time) and a post over a limit, or the same words
 * again, is refused; reaching a limit is recorded for moderators (`PostingLimitReached`).
 */
export async function createPost(
  ctx: CommandContext,
  post: CreatePostCommand,
  options: { requireUploadedMedia: boolean; uploadNoticeWaitMs?: number; memberLimits?: boolean },
): Promise<PostJson> {
  // Time-ordered ids keep the primary key's inserts at the end of the index.
  const postId = uuidv7();
  // The decision is pure: which photos the poster uploaded is gathered here and handed to it.
  // Not in the command's transaction: it may wait for media's event (up to uploadNoticeWaitMs,
  // or all of it while the bus is down), and must not hold a connection meanwhile.
  const uploadedByPoster = options.requireUploadedMedia
    ? // A post sent right after its photos may arrive before media's event: wait a little.
      await awaitUploadsBy(ctx.store.db, ctx.actorId, post.imagePaths, options.uploadNoticeWaitMs ?? 0)
    : null;
  // Likewise a member who just joined the group may post before its event reaches posts' copy.
  const groupId = post.groupId;
  if (groupId)
    await awaitGroupMembership(ctx.store.db, groupId, ctx.actorId, options.uploadNoticeWaitMs ?? 0);
  const now = new Date();
  // The suspension is read, and the new post read back, in the command's transaction: one
  // connection for the whole request.
  const command = async (db: Kysely<PostsDatabase>) => ({
    postId,
    userId: ctx.actorId,
    post,
    uploadedByPoster,
    now: now.toISOString(),
    suspension: (await moderation.suspensionOf(db, ctx.actorId)) ?? null,
    mentions: await mentionCandidates(db, ctx.actorId, post.description, post.mentions, { groupId }),
    ...(groupId ? { group: await groupFactsOf(db, groupId, ctx.actorId) } : {}),
  });
  const readBack = async (trx: Kysely<PostsDatabase>) => {
    const created = await findPost(trx, postId, ctx.actorId);
    if (!created) throw new Error(`post ${postId} was created but cannot be read back`);
    return created;
  };
  const limit = options.memberLimits
    ? {
        action: 'post' as const,
        event: PostingLimitReached,
        now,
        limitsOf: (trx: Kysely<PostsDatabase>) => postingFactsOf(trx, ctx.actorId, now),
      }
    : null;
  return handleMemberLimited(ctx, postStream(postId), postDecider, command, limit, readBack);
}
