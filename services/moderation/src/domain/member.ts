import {
  AdminGranted,
  AdminRevoked,
  type EventOf,
  MemberVerificationSet,
  ModeratorGranted,
  ModeratorRevoked,
  NOT_SUSPENDED,
  UserReinstated,
  UserSuspended,
} from '@waco/contracts';
import { type Decider, type NewEvent, newEvent, RuleBroken } from '@waco/platform';

/** A member's standing with the moderators. */
export type MemberState = { moderator: boolean; admin: boolean; suspended: boolean; verified: boolean };

/** The roles the operator (and, for moderators, an administrator) grants and revokes. */
export type MemberRole = 'moderator' | 'admin';

/** What a moderator's command on a member carries. */
type ByModerator = { userId: string; moderatorId: string; now: Date };

export type MemberCommand =
  | { type: 'grant' | 'revoke'; role: MemberRole; userId: string; by: string | null; now: Date }
  | (ByModerator & { type: 'suspend'; note: string | null })
  | (ByModerator & { type: 'reinstate' })
  | { type: 'verify'; userId: string; verified: boolean; moderatorId: string | null; now: Date };

type MemberEvent = EventOf<
  | typeof ModeratorGranted
  | typeof ModeratorRevoked
  | typeof AdminGranted
  | typeof AdminRevoked
  | typeof UserSuspended
  | typeof UserReinstated
  | typeof MemberVerificationSet
>;

/** The mark each role or suspension event sets (the verified mark carries its value). */
const MARK_SET_BY: Record<
  Exclude<MemberEvent['type'], typeof MemberVerificationSet.type>,
  Partial<MemberState>
> = {
  [ModeratorGranted.type]: { moderator: true },
  [ModeratorRevoked.type]: { moderator: false },
  [AdminGranted.type]: { admin: true },
  [AdminRevoked.type]: { admin: false },
  [UserSuspended.type]: { suspended: true },
  [UserReinstated.type]: { suspended: false },
};

function evolve(state: MemberState, event: MemberEvent): MemberState {
  if (event.type === MemberVerificationSet.type) return { ...state, verified: event.data.verified };
  return { ...state, ...MARK_SET_BY[event.type] };
}

/**
 * The moderator and admin roles (granted and revoked by the operator, the moderator role also by
 * an administrator; again is nothing), suspensions
 * (a suspended member suspended again stays as they are; reinstating one who is not is a 409),
 * and the verified mark (set by a moderator or the operator; setting it as it is is nothing).
 */
export const memberDecider: Decider<MemberCommand, MemberState, MemberEvent> = {
  events: [
    ModeratorGranted,
    ModeratorRevoked,
    AdminGranted,
    AdminRevoked,
    UserSuspended,
    UserReinstated,
    MemberVerificationSet,
  ],
  initialState: { moderator: false, admin: false, suspended: false, verified: false },
  evolve,
  decide(command, state): NewEvent<MemberEvent>[] {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'grant': {
        const { userId, by } = command;
        if (command.role === 'admin')
          return state.admin ? [] : [newEvent(AdminGranted, { userId, grantedAt: at })];
        return state.moderator ? [] : [newEvent(ModeratorGranted, { userId, grantedAt: at, by })];
      }
      case 'revoke': {
        const { userId, by } = command;
        if (command.role === 'admin')
          return state.admin ? [newEvent(AdminRevoked, { userId, revokedAt: at })] : [];
        return state.moderator ? [newEvent(ModeratorRevoked, { userId, revokedAt: at, by })] : [];
      }
      case 'suspend':
        if (state.suspended) return [];
        return [
          newEvent(UserSuspended, {
            userId: command.userId,
            moderatorId: command.moderatorId,
            note: command.note,
            suspendedAt: at,
          }),
        ];
      case 'verify':
        if (state.verified === command.verified) return [];
        return [
          newEvent(MemberVerificationSet, {
            userId: command.userId,
            verified: command.verified,
            moderatorId: command.moderatorId,
            at,
          }),
        ];
      case 'reinstate':
        if (!state.suspended) throw new RuleBroken(NOT_SUSPENDED, { status: 409 });
        return [
          newEvent(UserReinstated, {
            userId: command.userId,
            moderatorId: command.moderatorId,
            reinstatedAt: at,
          }),
        ];
    }
  },
};
