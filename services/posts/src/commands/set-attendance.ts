import { notFound } from '@waco/platform';
import { findPostRef } from '../db/posts';
import { attendanceState, decideAttendance } from '../domain/attendance';
import { attendanceStream } from '../domain/streams';
import { type CommandContext, decideOnStream } from './run-on-stream';
import { POST_NOT_FOUND } from './toggle-reaction';

/** Records the actor's answer (interested or going) to an event post; resolves to it. */
export async function setAttendance(
  ctx: CommandContext,
  postId: string,
  status: 'interested' | 'going',
): Promise<'interested' | 'going' | null> {
  const post = await findPostRef(ctx.db, postId);
  if (!post) throw notFound(POST_NOT_FOUND);
  const { state } = await decideOnStream(
    ctx,
    attendanceStream(postId, ctx.actorId),
    attendanceState,
    (current) => decideAttendance({ post, userId: ctx.actorId, status }, current),
  );
  return state.status;
}
