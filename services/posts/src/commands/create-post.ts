import type { CreatePostCommand } from '@waco/contracts';
import { awaitUploadsBy } from '@waco/platform';
import { v7 as uuidv7 } from 'uuid';
import { decideCreatePost, postState } from '../domain/post';
import { postStream } from '../domain/streams';
import { type CommandContext, decideOnStream } from './run-on-stream';

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
  const uploadedByPoster = options.requireUploadedMedia
    ? // A post sent right after its photos may arrive before media's event: wait a little.
      await awaitUploadsBy(ctx.db, ctx.actorId, post.imagePaths, options.uploadNoticeWaitMs ?? 0)
    : null;
  await decideOnStream(ctx, postStream(postId), postState, (state) =>
    decideCreatePost({ postId, userId: ctx.actorId, post, uploadedByPoster }, state),
  );
  return postId;
}
