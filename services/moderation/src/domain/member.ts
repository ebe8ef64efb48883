import {
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
export type MemberState = { moderator: boolean; suspended: boolean; verified: boolean };

/** What a moderator's command on a member carries. */
type ByModerator = { userId: string; moderatorId: string; now: Date };

export type MemberCommand =
  | { type: 'grant' | 'revoke'; userId: string; now: Date }
  | (ByModerator & { type: 'suspend'; note: string | null })
  | (ByModerator & { type: 'reinstate' })
  | { type: 'verify'; userId: string; verified: boolean; moderatorId: string | null; now: Date };

type MemberEvent = EventOf<
  | typeof ModeratorGranted
  | typeof ModeratorRevoked
  | typeof UserSuspended
  | typeof UserReinstated
  | typeof MemberVerificationSet
>;

function evolve(state: MemberState, event: MemberEvent): MemberState {
  switch (event.type) {
    case ModeratorGranted.type:
      return { ...state, moderator: true };
    case ModeratorRevoked.type:
      return { ...state, moderator: false };
    case UserSuspended.type:
      return { ...state, suspended: true };
    case UserReinstated.type:
      return { ...state, suspended: false };
    case MemberVerificationSet.type:
      return { ...state, verified: event.data.verified };
    default:
      return state;
  }
}

/**
 * The moderator role (granted and revoked by the operator; again is nothing), suspensions
 * (a suspended member suspended again stays as they are; reinstating one who is not is a 409),
 * and the verified mark (set by a moderator or the operator; setting it as it is is nothing).
 */
export const memberDecider: Decider<MemberCommand, MemberState, MemberEvent> = {
  events: [ModeratorGranted, ModeratorRevoked, UserSuspended, UserReinstated, MemberVerificationSet],
  initialState: { moderator: false, suspended: false, verified: false },
  evolve,
  decide(command, state): NewEvent<MemberEvent>[] {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'grant':
        return state.moderator ? [] : [newEvent(ModeratorGranted, { userId: command.userId, grantedAt: at })];
      case 'revoke':
        return state.moderator ? [newEvent(ModeratorRevoked, { userId: command.userId, revokedAt: at })] : [];
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
