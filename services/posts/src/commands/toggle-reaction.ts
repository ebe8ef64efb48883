import { handleCommand, notFound } from '@waco/platform';
import { moderation } from '../db/moderation';
import { findPostRef } from '../db/posts';
import { type ReactionKind, reactionDecider } from '../domain/reactions';
import { likeStream, saveStream } from '../domain/streams';
import { type CommandContext, metadataOf } from './deps';

export const POST_NOT_FOUND = 'Post not found';

/** Likes or unlikes (saves or unsaves) a post for the actor; resolves to the new state. */
export async function toggleReaction(
  ctx: CommandContext,
  kind: ReactionKind,
  postId: string,
): Promise<boolean> {
  // The post's reference is another stream's fact: read it, hand it to the decision.
  const post = await findPostRef(ctx.store.db, postId);
  if (!post) throw notFound(POST_NOT_FOUND);
  const stream = kind === 'like' ? likeStream(postId, ctx.actorId) : saveStream(postId, ctx.actorId);
  const { state } = await handleCommand(
    ctx.store,
    stream,
    reactionDecider(kind),
    {
      post,
      userId: ctx.actorId,
      suspension: (await moderation.suspensionOf(ctx.store.db, ctx.actorId)) ?? null,
    },
    metadataOf(ctx),
  );
  return state.active;
}
