import { BLOCK_SELF, type EventOf, USER_NOT_FOUND, UserBlocked, UserUnblocked } from '@waco/contracts';
import { type Decider, type NewEvent, newEvent, RuleBroken } from '@waco/platform';

/** Whom one member has blocked. */
export type BlocksState = ReadonlySet<string>;

export type BlocksCommand =
  | { type: 'block'; blockerId: string; blockedId: string; blockedExists: boolean; now: Date }
  | { type: 'unblock'; blockerId: string; blockedId: string; now: Date };

type BlocksEvent = EventOf<typeof UserBlocked | typeof UserUnblocked>;

function evolve(state: BlocksState, event: BlocksEvent): BlocksState {
  const next = new Set(state);
  if (event.type === UserBlocked.type) next.add(event.data.blockedId);
  else next.delete(event.data.blockedId);
  return next;
}

/** Blocking a member (not oneself, not someone unknown) and unblocking; repeats change nothing. */
export const blocksDecider: Decider<BlocksCommand, BlocksState, BlocksEvent> = {
  events: [UserBlocked, UserUnblocked],
  initialState: new Set(),
  evolve,
  decide(command, state): NewEvent<BlocksEvent>[] {
    const at = command.now.toISOString();
    const { blockerId, blockedId } = command;
    if (command.type === 'unblock') {
      return state.has(blockedId) ? [newEvent(UserUnblocked, { blockerId, blockedId, unblockedAt: at })] : [];
    }
    if (blockerId === blockedId) throw new RuleBroken(BLOCK_SELF, { field: 'id' });
    if (!command.blockedExists) throw new RuleBroken(USER_NOT_FOUND, { status: 404 });
    return state.has(blockedId) ? [] : [newEvent(UserBlocked, { blockerId, blockedId, blockedAt: at })];
  },
};
