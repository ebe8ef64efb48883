import { type CreatePostCommand, PostingLimitReached } from '@waco/contracts';
import { awaitUploadsBy, handleCommand, underMemberLimit } from '@waco/platform';
import { v7 as uuidv7 } from 'uuid';
import { moderation } from '../db/moderation';
import { postingFactsOf } from '../db/posting-activity';
import { postDecider } from '../domain/post';
import { postStream } from '../domain/streams';
import { type CommandContext, metadataOf } from './deps';

/**
 * Publishes a new post; resolves to its id. With `requireUploadedMedia`, every photo must be one
 * the media service says this user uploaded. With `memberLimits`, the member's recent posts are
 * counted first (one request of theirs at a time) and a post over a limit, or the same words
 * again, is refused; reaching a limit is recorded for moderators (`PostingLimitReached`).
 */
export async function createPost(
  ctx: CommandContext,
  post: CreatePostCommand,
  options: { requireUploadedMedia: boolean; uploadNoticeWaitMs?: number; memberLimits?: boolean },
): Promise<string> {
  // Time-ordered ids keep the primary key's inserts at the end of the index.
  const postId = uuidv7();
  // The decision is pure: which photos the poster uploaded is gathered here and handed to it.
  const uploadedByPoster = options.requireUploadedMedia
    ? // A post sent right after its photos may arrive before media's event: wait a little.
      await awaitUploadsBy(ctx.store.db, ctx.actorId, post.imagePaths, options.uploadNoticeWaitMs ?? 0)
    : null;
  const now = new Date();
  const suspension = (await moderation.suspensionOf(ctx.store.db, ctx.actorId)) ?? null;
  const command = { postId, userId: ctx.actorId, post, uploadedByPoster, now: now.toISOString(), suspension };
  if (!options.memberLimits) {
    await handleCommand(ctx.store, postStream(postId), postDecider, command, metadataOf(ctx));
    return postId;
  }
  const limit = { action: 'post', userId: ctx.actorId, event: PostingLimitReached, now } as const;
  await underMemberLimit(ctx.store, limit, async (store, trx) => {
    const limits = await postingFactsOf(trx, ctx.actorId, now);
    await handleCommand(store, postStream(postId), postDecider, { ...command, limits }, metadataOf(ctx));
  });
  return postId;
}
