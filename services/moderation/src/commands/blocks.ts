import { handleCommand } from '@waco/platform';
import { users } from '../db/users';
import { blocksDecider } from '../domain/blocks';
import { blocksStream } from '../domain/streams';
import type { ModerationDeps } from './deps';

/** Blocks (or unblocks) a member for the caller; answers the pair's new state. */
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
        blockedExists: (await users.find(deps.db, blockedId)) !== undefined,
        now,
      }
    : { type: 'unblock' as const, blockerId, blockedId, now };
  const { state } = await handleCommand(deps.events, blocksStream(blockerId), blocksDecider, command, {
    actorId: blockerId,
  });
  return { userId: blockedId, blocked: state.has(blockedId) };
}
