import { handleCommand } from '@waco/platform';
import { memberDecider } from '../domain/member';
import { memberStream } from '../domain/streams';
import type { ModerationDeps } from './deps';

/**
 * The operator's command: grants or revokes the moderator role (`ModeratorGranted`,
 * `ModeratorRevoked`). Answers whether anything changed (granting a moderator again does not).
 */
export async function setModerator(
  deps: Pick<ModerationDeps, 'events' | 'now'>,
  userId: string,
  moderator: boolean,
): Promise<{ userId: string; moderator: boolean; changed: boolean }> {
  const { state, events } = await handleCommand(
    deps.events,
    memberStream(userId),
    memberDecider,
    { type: moderator ? 'grant' : 'revoke', userId, now: deps.now() },
    {},
  );
  return { userId, moderator: state.moderator, changed: events.length > 0 };
}
