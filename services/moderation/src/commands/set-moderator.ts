import { handleCommand } from '@waco/platform';
import { type MemberRole, memberDecider } from '../domain/member';
import { memberStream } from '../domain/streams';
import type { ModerationDeps } from './deps';

/**
 * Grants or revokes a role: the moderator role (`ModeratorGranted`, `ModeratorRevoked`: by the
 * operator's command, or by an administrator from the console, `by`) or the admin role
 * (`AdminGranted`, `AdminRevoked`: the operator's command only). Answers whether anything changed
 * (granting a role again does not).
 */
export async function setRole(
  deps: Pick<ModerationDeps, 'events' | 'now'>,
  change: { userId: string; role: MemberRole; grant: boolean; by: string | null },
): Promise<{ userId: string; held: boolean; changed: boolean }> {
  const { userId, role, grant, by } = change;
  const { state, events } = await handleCommand(
    deps.events,
    memberStream(userId),
    memberDecider,
    { type: grant ? 'grant' : 'revoke', role, userId, by, now: deps.now() },
    {},
  );
  return { userId, held: state[role], changed: events.length > 0 };
}

/** The operator's command on the moderator role (`npm run ops -- moderator grant|revoke`). */
export async function setModerator(
  deps: Pick<ModerationDeps, 'events' | 'now'>,
  userId: string,
  moderator: boolean,
  by: string | null = null,
): Promise<{ userId: string; moderator: boolean; changed: boolean }> {
  const result = await setRole(deps, { userId, role: 'moderator', grant: moderator, by });
  return { userId, moderator: result.held, changed: result.changed };
}

/** The operator's command on the admin role (`npm run ops -- admin grant|revoke`). */
export async function setAdmin(
  deps: Pick<ModerationDeps, 'events' | 'now'>,
  userId: string,
  admin: boolean,
): Promise<{ userId: string; admin: boolean; changed: boolean }> {
  const result = await setRole(deps, { userId, role: 'admin', grant: admin, by: null });
  return { userId, admin: result.held, changed: result.changed };
}
