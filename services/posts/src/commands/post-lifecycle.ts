import type { CloseReason, UpdatePostCommand } from '@waco/contracts';
import { awaitUploadsBy, handleCommand } from '@waco/platform';
import { groupRoleOnPost } from '../db/group-copies';
import { mentionCandidates } from '../db/mentions';
import { type OwnerCommand, postDeciderFor } from '../domain/post';
import { postStream } from '../domain/streams';
import { type CommandContext, metadataOf } from './deps';

/** Runs one of the owner's commands on a post (the decider refuses anyone else, 403). */
async function onPost(ctx: CommandContext, postId: string, command: OwnerCommand) {
  return handleCommand(ctx.store, postStream(postId), postDeciderFor(postId), command, metadataOf(ctx));
}

/**
 * The owner edits their post; new photos must be their own uploads (when that rule is on). A new
 * description's mentions are checked in the command's transaction.
 */
export async function editPost(
  ctx: CommandContext,
  postId: string,
  changes: UpdatePostCommand,
  options: { requireUploadedMedia: boolean; uploadNoticeWaitMs?: number },
) {
  const uploadedByActor =
    options.requireUploadedMedia && changes.imagePaths
      ? await awaitUploadsBy(ctx.store.db, ctx.actorId, changes.imagePaths, options.uploadNoticeWaitMs ?? 0)
      : null;
  const { description } = changes;
  await handleCommand(
    ctx.store,
    postStream(postId),
    postDeciderFor(postId),
    async (db) => ({
      type: 'edit' as const,
      actorId: ctx.actorId,
      changes,
      uploadedByActor,
      mentions:
        description === undefined
          ? undefined
          : await mentionCandidates(db, ctx.actorId, description, changes.mentions ?? [], { postId }),
    }),
    metadataOf(ctx),
  );
}

export const closePost = (ctx: CommandContext, postId: string, reason: CloseReason, buyerId?: string) =>
  onPost(ctx, postId, { type: 'close', actorId: ctx.actorId, reason, buyerId });
export const reopenPost = (ctx: CommandContext, postId: string) =>
  onPost(ctx, postId, { type: 'reopen', actorId: ctx.actorId });
export const renewPost = (ctx: CommandContext, postId: string, now = new Date()) =>
  onPost(ctx, postId, { type: 'renew', actorId: ctx.actorId, now: now.toISOString() });
/** Its owner deletes it; a group's moderators and admins remove a post in their group. */
export const deletePost = (ctx: CommandContext, postId: string) =>
  handleCommand(
    ctx.store,
    postStream(postId),
    postDeciderFor(postId),
    async (db) => ({
      type: 'delete' as const,
      actorId: ctx.actorId,
      groupRole: await groupRoleOnPost(db, postId, ctx.actorId),
    }),
    metadataOf(ctx),
  );
