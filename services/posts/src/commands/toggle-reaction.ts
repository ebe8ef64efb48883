import { notFound } from '@waco/platform';
import { findPostRef } from '../db/posts';
import { decideToggle, type ReactionKind, reactionState } from '../domain/reactions';
import { likeStream, saveStream } from '../domain/streams';
import { type CommandContext, decideOnStream } from './run-on-stream';

export const POST_NOT_FOUND = 'Post not found';

/** Likes or unlikes (saves or unsaves) a post for the actor; resolves to the new state. */
export async function toggleReaction(
  ctx: CommandContext,
  kind: ReactionKind,
  postId: string,
): Promise<boolean> {
  const post = await findPostRef(ctx.db, postId);
  if (!post) throw notFound(POST_NOT_FOUND);
  const stream = kind === 'like' ? likeStream(postId, ctx.actorId) : saveStream(postId, ctx.actorId);
  const { state } = await decideOnStream(ctx, stream, reactionState(kind), (current) =>
    decideToggle(kind, { post, userId: ctx.actorId }, current),
  );
  return state.active;
}
