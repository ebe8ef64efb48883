import {
  ALREADY_INVITED,
  ALREADY_MEMBER,
  ALREADY_REQUESTED,
  type CreateGroupCommand,
  type EventOf,
  GROUP_ADMINS_ONLY,
  GROUP_MEMBERS_ONLY_INVITE,
  GROUP_NOT_FOUND,
  GroupClosed,
  GroupCreated,
  GroupHandedOver,
  GroupInvitationDeclined,
  GroupJoinDeclined,
  GroupJoinRequested,
  GroupMemberInvited,
  GroupMemberJoined,
  GroupMemberLeft,
  GroupMemberRoleChanged,
  type GroupRole,
  groupStreamEvents,
  INVITATION_BLOCKED,
  INVITEE_IS_MEMBER,
  LAST_ADMIN_CANNOT_LEAVE,
  LAST_ADMIN_CANNOT_STEP_DOWN,
  NO_INVITATION,
  NO_JOIN_REQUEST,
  NOT_A_MEMBER,
} from '@waco/contracts';
import {
  type CommandOf,
  type CreatorFacts,
  type Decider,
  type NewEvent,
  newEvent,
  RuleBroken,
  refuseCreation,
} from '@waco/platform';

/** A group's stream: its creation, memberships, requests and roles, in order. */
export const groupStream = (groupId: string) => `group-${groupId}`;

export interface GroupMembership {
  role: GroupRole;
  joinedAt: string;
}

export interface GroupState {
  exists: boolean;
  closed: boolean;
  isPublic: boolean;
  /** Whose key seals the group's name and description: its creator, or who it was handed to. */
  textOwnerId: string | null;
  /** The members by id, in the order they joined (the longest-standing first). */
  members: ReadonlyMap<string, GroupMembership>;
  /** Who asked to join (a private group), in order. */
  requests: ReadonlySet<string>;
  /** Who is invited, and by whom. */
  invitations: ReadonlyMap<string, string>;
}

const initialState: GroupState = {
  exists: false,
  closed: false,
  isPublic: true,
  textOwnerId: null,
  members: new Map(),
  requests: new Set(),
  invitations: new Map(),
};

/** What every command after a group's creation names: the group, and when. */
interface OnGroup {
  groupId: string;
  now: Date;
}

export type GroupCommand =
  | (CreatorFacts & {
      type: 'create';
      groupId: string;
      creatorId: string;
      request: CreateGroupCommand;
      now: Date;
    })
  | (OnGroup & { type: 'join'; userId: string })
  | (OnGroup & { type: 'leave'; userId: string })
  | (OnGroup & { type: 'answer-request'; actorId: string; userId: string; approve: boolean })
  | (OnGroup & { type: 'set-role'; actorId: string; userId: string; role: GroupRole })
  | (OnGroup & { type: 'remove'; actorId: string; userId: string })
  | (OnGroup & {
      type: 'invite';
      actorId: string;
      userId: string;
      /** Whether either of the two blocked the other (moderation's events). */
      blocked: boolean;
    })
  | (OnGroup & { type: 'accept-invitation'; userId: string })
  | (OnGroup & { type: 'decline-invitation'; userId: string })
  | (OnGroup & {
      type: 'account-deleted';
      userId: string;
      /** The group's text as its read table holds it: the log's copy may already read erased. */
      text: { name: string; description: string | null };
    });
type Command<T extends GroupCommand['type']> = CommandOf<GroupCommand, T>;

type GroupEvent = EventOf<(typeof groupStreamEvents)[number]>;

export const groupDecider: Decider<GroupCommand, GroupState, GroupEvent> = {
  events: groupStreamEvents,
  initialState,
  evolve,
  decide,
};

function evolve(state: GroupState, event: GroupEvent): GroupState {
  const members = new Map(state.members);
  const requests = new Set(state.requests);
  const invitations = new Map(state.invitations);
  switch (event.type) {
    case 'GroupCreated':
      return { ...state, exists: true, isPublic: event.data.isPublic, textOwnerId: event.data.creatorId };
    case 'GroupMemberJoined':
      members.set(event.data.userId, { role: event.data.role, joinedAt: event.data.joinedAt });
      requests.delete(event.data.userId);
      invitations.delete(event.data.userId);
      return { ...state, members, requests, invitations };
    case 'GroupJoinRequested':
      requests.add(event.data.userId);
      return { ...state, requests };
    case 'GroupJoinDeclined':
      requests.delete(event.data.userId);
      return { ...state, requests };
    case 'GroupMemberLeft':
      members.delete(event.data.userId);
      return { ...state, members };
    case 'GroupMemberRoleChanged':
      return { ...state, members: withRole(members, event.data.userId, event.data.role) };
    case 'GroupHandedOver':
      return {
        ...state,
        textOwnerId: event.data.toUserId,
        members: withRole(members, event.data.toUserId, 'admin'),
      };
    case 'GroupClosed':
      return { ...state, closed: true };
    case 'GroupMemberInvited':
      invitations.set(event.data.userId, event.data.invitedBy);
      return { ...state, invitations };
    case 'GroupInvitationDeclined':
      invitations.delete(event.data.userId);
      return { ...state, invitations };
  }
}

function withRole(members: Map<string, GroupMembership>, userId: string, role: GroupRole) {
  const member = members.get(userId);
  if (member) members.set(userId, { ...member, role });
  return members;
}

/** The group's admins, the longest-standing first. */
const adminsOf = (state: GroupState) =>
  [...state.members].filter(([, member]) => member.role === 'admin').map(([id]) => id);

function decide(command: GroupCommand, state: GroupState): NewEvent<GroupEvent>[] {
  if (command.type === 'create') return decideCreate(command);
  // A closed group is gone for everyone.
  if (!state.exists || state.closed) throw new RuleBroken(GROUP_NOT_FOUND, { status: 404 });
  switch (command.type) {
    case 'join':
      return decideJoin(state, command);
    case 'leave':
      return decideLeave(state, command);
    case 'answer-request':
      return decideRequest(state, command);
    case 'set-role':
      return decideRole(state, command);
    case 'remove':
      return decideRemove(state, command);
    case 'invite':
      return decideInvite(state, command);
    case 'accept-invitation':
    case 'decline-invitation':
      return decideInvitation(state, command);
    case 'account-deleted':
      return decideAccountDeleted(state, command);
  }
}

function decideCreate(command: Command<'create'>): NewEvent<GroupEvent>[] {
  refuseCreation(command, command.request.imageUrl);
  const at = command.now.toISOString();
  const { request, groupId, creatorId } = command;
  return [
    newEvent(GroupCreated, {
      groupId,
      creatorId,
      name: request.name,
      description: request.description ?? null,
      imageUrl: request.imageUrl ?? null,
      neighborhood: request.neighborhood ?? null,
      isPublic: request.isPublic,
      createdAt: at,
    }),
    // The creator is its first member, and its admin.
    newEvent(GroupMemberJoined, {
      groupId,
      userId: creatorId,
      role: 'admin',
      joinedAt: at,
      approvedBy: null,
    }),
  ];
}

/** A public group is joined at once; a private one is asked to join. */
function decideJoin(state: GroupState, { groupId, userId, now }: Command<'join'>): NewEvent<GroupEvent>[] {
  if (state.members.has(userId)) throw new RuleBroken(ALREADY_MEMBER, { status: 409 });
  const at = now.toISOString();
  if (state.isPublic)
    return [newEvent(GroupMemberJoined, { groupId, userId, role: 'member', joinedAt: at, approvedBy: null })];
  if (state.requests.has(userId)) throw new RuleBroken(ALREADY_REQUESTED, { status: 409 });
  return [newEvent(GroupJoinRequested, { groupId, userId, requestedAt: at })];
}

/**
 * Leaving. The last admin cannot leave while others remain (someone must run the group): they
 * make another member an admin first. The last member leaving closes the group.
 */
function decideLeave(state: GroupState, { groupId, userId, now }: Command<'leave'>): NewEvent<GroupEvent>[] {
  const member = state.members.get(userId);
  if (!member) throw new RuleBroken(NOT_A_MEMBER, { status: 409 });
  const at = now.toISOString();
  const left = newEvent(GroupMemberLeft, { groupId, userId, removedBy: null, leftAt: at });
  if (state.members.size === 1) return [left, newEvent(GroupClosed, { groupId, closedAt: at })];
  if (member.role === 'admin' && adminsOf(state).length === 1)
    throw new RuleBroken(LAST_ADMIN_CANNOT_LEAVE, { status: 409 });
  return [left];
}

function refuseUnlessAdmin(state: GroupState, actorId: string) {
  if (state.members.get(actorId)?.role !== 'admin') throw new RuleBroken(GROUP_ADMINS_ONLY, { status: 403 });
}

/** An admin approves (the asker joins as a member) or declines a request to join. */
function decideRequest(state: GroupState, command: Command<'answer-request'>): NewEvent<GroupEvent>[] {
  refuseUnlessAdmin(state, command.actorId);
  const { groupId, userId, actorId } = command;
  if (!state.requests.has(userId)) throw new RuleBroken(NO_JOIN_REQUEST, { status: 404 });
  const at = command.now.toISOString();
  return command.approve
    ? [newEvent(GroupMemberJoined, { groupId, userId, role: 'member', joinedAt: at, approvedBy: actorId })]
    : [newEvent(GroupJoinDeclined, { groupId, userId, declinedBy: actorId, declinedAt: at })];
}

/** An admin promotes or demotes a member (themselves too, unless they are the last admin). */
function decideRole(state: GroupState, command: Command<'set-role'>): NewEvent<GroupEvent>[] {
  refuseUnlessAdmin(state, command.actorId);
  const { groupId, userId, role, actorId } = command;
  const member = state.members.get(userId);
  if (!member) throw new RuleBroken(NOT_A_MEMBER, { status: 404 });
  if (member.role === role) return [];
  if (member.role === 'admin' && adminsOf(state).length === 1)
    throw new RuleBroken(LAST_ADMIN_CANNOT_STEP_DOWN, { status: 409 });
  return [
    newEvent(GroupMemberRoleChanged, {
      groupId,
      userId,
      role,
      changedBy: actorId,
      changedAt: command.now.toISOString(),
    }),
  ];
}

/**
 * An admin removes any other member; a group moderator removes members who hold no role. One
 * leaves oneself by leaving.
 */
function decideRemove(state: GroupState, command: Command<'remove'>): NewEvent<GroupEvent>[] {
  const { groupId, userId, actorId } = command;
  const actorRole = state.members.get(actorId)?.role;
  const member = state.members.get(userId);
  const allowed = actorRole === 'admin' || (actorRole === 'moderator' && member?.role === 'member');
  if (!allowed || userId === actorId) throw new RuleBroken(GROUP_ADMINS_ONLY, { status: 403 });
  if (!member) throw new RuleBroken(NOT_A_MEMBER, { status: 404 });
  return [
    newEvent(GroupMemberLeft, { groupId, userId, removedBy: actorId, leftAt: command.now.toISOString() }),
  ];
}

/**
 * A member invites someone who is not in the group yet, never across a block (either way: an
 * invitation is a notification, and a block keeps the blocked from reaching the blocker).
 */
function decideInvite(state: GroupState, command: Command<'invite'>): NewEvent<GroupEvent>[] {
  const { groupId, userId, actorId } = command;
  if (!state.members.has(actorId)) throw new RuleBroken(GROUP_MEMBERS_ONLY_INVITE, { status: 403 });
  if (command.blocked) throw new RuleBroken(INVITATION_BLOCKED, { status: 403 });
  if (state.members.has(userId)) throw new RuleBroken(INVITEE_IS_MEMBER, { status: 409 });
  if (state.invitations.has(userId)) throw new RuleBroken(ALREADY_INVITED, { status: 409 });
  return [
    newEvent(GroupMemberInvited, {
      groupId,
      userId,
      invitedBy: actorId,
      invitedAt: command.now.toISOString(),
    }),
  ];
}

/** The invitee accepts (joins at once, a private group too: a member let them in) or declines. */
function decideInvitation(
  state: GroupState,
  command: Command<'accept-invitation' | 'decline-invitation'>,
): NewEvent<GroupEvent>[] {
  const { groupId, userId } = command;
  const invitedBy = state.invitations.get(userId);
  if (invitedBy === undefined) throw new RuleBroken(NO_INVITATION, { status: 404 });
  const at = command.now.toISOString();
  if (command.type === 'decline-invitation')
    return [newEvent(GroupInvitationDeclined, { groupId, userId, declinedAt: at })];
  return [
    newEvent(GroupMemberJoined, { groupId, userId, role: 'member', joinedAt: at, approvedBy: invitedBy }),
  ];
}

/**
 * An account was deleted. Its membership ends; its request is forgotten. When its key sealed the
 * group's text, or it was the last admin, the group passes to another admin, else to the
 * longest-standing member, its text stated again under their key; with nobody left, it closes.
 */
function decideAccountDeleted(
  state: GroupState,
  command: Command<'account-deleted'>,
): NewEvent<GroupEvent>[] {
  const { groupId, userId } = command;
  const at = command.now.toISOString();
  const events: NewEvent<GroupEvent>[] = [];
  const member = state.members.get(userId);
  const others = [...state.members.keys()].filter((id) => id !== userId);
  if (others.length === 0) {
    if (member) events.push(newEvent(GroupMemberLeft, { groupId, userId, removedBy: null, leftAt: at }));
    return [...events, newEvent(GroupClosed, { groupId, closedAt: at })];
  }
  const otherAdmins = adminsOf(state).filter((id) => id !== userId);
  const lastAdmin = member?.role === 'admin' && otherAdmins.length === 0;
  if (state.textOwnerId === userId || lastAdmin) {
    const successor = otherAdmins[0] ?? others[0];
    if (successor)
      events.push(
        newEvent(GroupHandedOver, {
          groupId,
          fromUserId: userId,
          toUserId: successor,
          name: command.text.name,
          description: command.text.description,
          handedOverAt: at,
        }),
      );
  }
  if (state.invitations.has(userId))
    events.push(newEvent(GroupInvitationDeclined, { groupId, userId, declinedAt: at }));
  if (member) events.push(newEvent(GroupMemberLeft, { groupId, userId, removedBy: null, leftAt: at }));
  else if (state.requests.has(userId))
    events.push(newEvent(GroupJoinDeclined, { groupId, userId, declinedBy: userId, declinedAt: at }));
  return events;
}
