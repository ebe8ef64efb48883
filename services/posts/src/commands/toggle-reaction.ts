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
  const stream = kind === 'like' ? likeStream(postId, ctx.actorId) : saveStream(postId, ctx.actorId);
  const { state } = await handleCommand(
    ctx.store,
    stream,
    reactionDecider(kind),
    // The post's reference is another stream's fact, the suspension a copy of moderation's: read
    // in the command's transaction (one connection per toggle), handed to the decision.
    async (db) => {
      const post = await findPostRef(db, postId);
      if (!post) throw notFound(POST_NOT_FOUND);
      return {
        post,
        userId: ctx.actorId,
        suspension: (await moderation.suspensionOf(db, ctx.actorId)) ?? null,
      };
    },
    metadataOf(ctx),
  );
  return state.active;
}
