import type { CreatePostCommand } from '@waco/contracts';
import { v7 as uuidv7 } from 'uuid';
import { pathsUploadedBy } from '../db/uploaded-media';
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
    ? await awaitUploads(ctx, post.imagePaths, options.uploadNoticeWaitMs ?? 0)
    : null;
  await decideOnStream(ctx, postStream(postId), postState, (state) =>
    decideCreatePost({ postId, userId: ctx.actorId, post, uploadedByPoster }, state),
  );
  return postId;
}

/**
 * The photos among `paths` that the poster uploaded. Media tells of an upload by an event, so a
 * post sent right after its photos' upload may come first: look again until every path is known
 * or `waitMs` has passed, then let the decision refuse what is still unknown.
 */
async function awaitUploads(ctx: CommandContext, paths: string[], waitMs: number): Promise<Set<string>> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const known = await pathsUploadedBy(ctx.db, ctx.actorId, paths);
    if (paths.every((p) => known.has(p)) || Date.now() >= deadline) return known;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
