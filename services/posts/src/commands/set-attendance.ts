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
  // The post (its category, owner, title, state) is another stream's fact: read it, hand it on.
  const post = await findPostRef(ctx.store.db, postId);
  if (!post) throw notFound(POST_NOT_FOUND);
  const { state: postState, ...ref } = post;
  const { state } = await handleCommand(
    ctx.store,
    attendanceStream(postId, ctx.actorId),
    attendanceDecider,
    { post: ref, userId: ctx.actorId, status, cancelled: postState === 'closed' },
    metadataOf(ctx),
  );
  return state.status;
}
