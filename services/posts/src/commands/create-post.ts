import type { CreatePostCommand } from '@waco/contracts';
import { awaitUploadsBy, handleCommand } from '@waco/platform';
import { v7 as uuidv7 } from 'uuid';
import { postDecider } from '../domain/post';
import { postStream } from '../domain/streams';
import { type CommandContext, metadataOf } from './context';

/**
 * Publishes a new post; resolves to its id. With `requireUploadedMedia`, every photo must be one
 * the media service says this user uploaded.
 */
export async function createPost(
  ctx: CommandContext,
  post: CreatePostCommand,
  options: { requireUploadedMedia: boolean; uploadNoticeWaitMs?: number },
): Promise<string> {
  // Time-ordered ids keep the primary key's inserts at the end of the index.
  const postId = uuidv7();
  // The decision is pure: which photos the poster uploaded is gathered here and handed to it.
  const uploadedByPoster = options.requireUploadedMedia
    ? // A post sent right after its photos may arrive before media's event: wait a little.
      await awaitUploadsBy(ctx.store.db, ctx.actorId, post.imagePaths, options.uploadNoticeWaitMs ?? 0)
    : null;
  await handleCommand(
    ctx.store,
    postStream(postId),
    postDecider,
    { postId, userId: ctx.actorId, post, uploadedByPoster, now: new Date().toISOString() },
    metadataOf(ctx),
  );
  return postId;
}
