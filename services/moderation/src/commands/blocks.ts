import { handleCommand } from '@waco/platform';
import { awaitTargetOwner } from '../db/facts';
import { blocksDecider } from '../domain/blocks';
import { blocksStream } from '../domain/streams';
import type { ModerationDeps } from './deps';

/**
 * Blocks (or unblocks) a member for the caller; answers the pair's new state. A member who just
 * signed up may not be known here yet (identity's event): the block waits briefly for them.
 */
export async function setBlocked(
  deps: ModerationDeps,
  blockerId: string,
  blockedId: string,
  blocked: boolean,
) {
  const now = deps.now();
  const command = blocked
    ? {
        type: 'block' as const,
        blockerId,
        blockedId,
        blockedExists:
          (await awaitTargetOwner(deps.db, 'user', blockedId, blockerId, deps.targetNoticeWaitMs)) !== null,
        now,
      }
    : { type: 'unblock' as const, blockerId, blockedId, now };
  const { state } = await handleCommand(deps.events, blocksStream(blockerId), blocksDecider, command, {
    actorId: blockerId,
  });
  return { userId: blockedId, blocked: state.has(blockedId) };
}
