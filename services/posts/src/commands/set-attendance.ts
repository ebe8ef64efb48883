import { handleCommand, notFound } from '@waco/platform';
import { findPostRef } from '../db/posts';
import { attendanceDecider } from '../domain/attendance';
import { attendanceStream } from '../domain/streams';
import { type CommandContext, metadataOf } from './deps';
import { POST_NOT_FOUND } from './toggle-reaction';

/**
 * Records the actor's answer (interested or going) to an event post, or withdraws it (null);
 * resolves to the answer now.
 */
export async function setAttendance(
  ctx: CommandContext,
  postId: string,
  status: 'interested' | 'going' | null,
): Promise<'interested' | 'going' | null> {
  const { state } = await handleCommand(
    ctx.store,
    attendanceStream(postId, ctx.actorId),
    attendanceDecider,
    // The post (its category, owner, title, state) is another stream's fact: read in the
    // command's transaction (one connection per answer), handed to the decision.
    async (db) => {
      const post = await findPostRef(db, postId);
      if (!post) throw notFound(POST_NOT_FOUND);
      const { state: postState, ...ref } = post;
      return { post: ref, userId: ctx.actorId, status, cancelled: postState === 'closed' };
    },
    metadataOf(ctx),
  );
  return state.status;
}
