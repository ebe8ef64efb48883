import { handleCommand } from '@waco/platform';
import { memberDecider } from '../domain/member';
import { memberStream } from '../domain/streams';
import type { ModerationDeps } from './deps';

/**
 * Sets or takes away a member's verified mark (`MemberVerificationSet`): a moderator's control,
 * or the operator's command (no moderator). Answers whether anything changed.
 */
export async function setVerified(
  deps: Pick<ModerationDeps, 'events' | 'now'>,
  userId: string,
  verified: boolean,
  moderatorId: string | null,
): Promise<{ userId: string; verified: boolean; changed: boolean }> {
  const { state, events } = await handleCommand(
    deps.events,
    memberStream(userId),
    memberDecider,
    { type: 'verify', userId, verified, moderatorId, now: deps.now() },
    moderatorId ? { actorId: moderatorId } : {},
  );
  return { userId, verified: state.verified, changed: events.length > 0 };
}
