import { GROUP_NOT_FOUND, type GroupRole, MEMBER_NOT_FOUND } from '@waco/contracts';
import { handleCommand, notFound } from '@waco/platform';
import { findGroup, roleIn } from '../db/groups';
import { moderation } from '../db/moderation';
import { users } from '../db/users';
import { type GroupCommand, groupDecider, groupStream } from '../domain/groups';
import { groupOpenTo } from '../domain/visibility';
import type { GroupsDeps } from './deps';

// Joining, leaving, and what a group's admins decide about its members: each a command on the
// group's stream, whose history holds every member and role.

type MemberCommand = Exclude<GroupCommand, { type: 'create' | 'account-deleted' }>;
type Without<C> = C extends unknown ? Omit<C, 'groupId' | 'now'> : never;

/** What someone outside a private group may do to it: ask in, answer an invitation, leave. */
const OUTSIDERS_MAY = new Set<MemberCommand['type']>([
  'join',
  'leave',
  'accept-invitation',
  'decline-invitation',
]);

/**
 * Runs a command on the group and answers the caller's membership and the count after it. A
 * private group's members, requests and roles are its members' business: to an outsider acting
 * on them (anything but joining and leaving) it is not there.
 */
export async function onGroup(
  deps: GroupsDeps,
  groupId: string,
  actorId: string,
  command: Without<MemberCommand>,
) {
  const group = await findGroup(deps.db, groupId);
  const outsider =
    group && !groupOpenTo({ isPublic: group.is_public }, await roleIn(deps.db, groupId, actorId));
  if (!group || (outsider && !OUTSIDERS_MAY.has(command.type))) throw notFound(GROUP_NOT_FOUND);
  const { state } = await handleCommand(
    deps.events,
    groupStream(groupId),
    groupDecider,
    { ...command, groupId, now: deps.now() } as MemberCommand,
    { actorId },
  );
  const member = state.members.get(actorId);
  return {
    groupId,
    membership: {
      status: member
        ? ('member' as const)
        : state.requests.has(actorId)
          ? ('requested' as const)
          : ('none' as const),
      role: (member?.role ?? null) as GroupRole | null,
    },
    // An outsider of a private group learns nothing of it, its size neither.
    membersCount: state.closed || (!member && !state.isPublic) ? 0 : state.members.size,
  };
}

/**
 * A member invites another: an invitee who exists (groups' copy of identity's users), and never
 * across a block (moderation's events, either way), which the decider refuses with a 403.
 */
export async function inviteToGroup(deps: GroupsDeps, groupId: string, actorId: string, userId: string) {
  if (userId !== actorId && !(await users.find(deps.db, userId))) throw notFound(MEMBER_NOT_FOUND);
  const blocked = await moderation.blockedBetween(deps.db, actorId, userId);
  return onGroup(deps, groupId, actorId, { type: 'invite', actorId, userId, blocked });
}
