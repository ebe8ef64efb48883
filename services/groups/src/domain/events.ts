import {
  ALREADY_INVITED_TO_EVENT,
  type CreateEventCommand,
  EVENT_CANCELLED,
  EVENT_ENDS_BEFORE_START,
  EVENT_NOT_FOUND,
  EVENT_ORGANISERS_ONLY,
  EVENT_STARTED,
  EventAttendeeJoined,
  EventAttendeeLeft,
  EventAttendeePromoted,
  EventCancelled,
  EventChanged,
  EventInvitationDeclined,
  EventMemberInvited,
  type EventOf,
  EventScheduled,
  eventStreamEvents,
  GROUP_MEMBERS_ONLY_EVENTS,
  GROUP_NOT_FOUND,
  type GroupRole,
  INVITATION_BLOCKED,
  INVITEE_CANNOT_SEE_EVENT,
  INVITEE_SIGNED_UP,
  NO_EVENT_INVITATION,
  NOT_ATTENDING,
} from '@waco/contracts';
import {
  type CommandOf,
  type CreatorFacts,
  type Decider,
  type NewEvent,
  newEvent,
  RuleBroken,
  refuseForeignPhoto,
  refuseSuspended,
} from '@waco/platform';
import { eventOpenTo, type ViewerRole } from './visibility';

/** An event's stream: its scheduling, changes, and every sign-up and departure, in order. */
export const eventStream = (eventId: string) => `event-${eventId}`;

export const EVENT_IN_THE_PAST = 'The start must be in the future';

export interface EventState {
  exists: boolean;
  creatorId: string | null;
  groupId: string | null;
  isPublic: boolean;
  maxAttendees: number | null;
  cancelled: boolean;
  startDate: string;
  endDate: string | null;
  location: string;
  /** Who has a place, in the order they got it. */
  attending: readonly string[];
  /** Who waits for one, first come first served. */
  waitlist: readonly string[];
  /** Who is invited and has not answered yet. */
  invited: ReadonlySet<string>;
}

const initialState: EventState = {
  exists: false,
  creatorId: null,
  groupId: null,
  isPublic: true,
  maxAttendees: null,
  cancelled: false,
  startDate: '',
  endDate: null,
  location: '',
  attending: [],
  waitlist: [],
  invited: new Set(),
};

/** What a command knows of the event's group, gathered from the group's read tables. */
export interface GroupFacts {
  isPublic: boolean;
  /** The acting member's role in the group, null when they are not a member. */
  viewerRole: ViewerRole;
}

interface OnEvent {
  eventId: string;
  /** The event's group as the read tables say (null: no group, or unknown). */
  group: GroupFacts | null;
  now: Date;
}

export type EventCommand =
  | (CreatorFacts & {
      type: 'schedule';
      eventId: string;
      creatorId: string;
      request: CreateEventCommand;
      /** The group named, if any: null when it does not exist or is closed. */
      group: GroupFacts | null;
      now: Date;
    })
  | (OnEvent & {
      type: 'change';
      editorId: string;
      changes: { location?: string; startDate?: string; endDate?: string | null };
    })
  | (OnEvent & { type: 'cancel'; actorId: string | null })
  | (OnEvent & { type: 'attend'; userId: string })
  | (OnEvent & { type: 'leave'; userId: string })
  | (OnEvent & {
      type: 'invite';
      actorId: string;
      userId: string;
      /** Whether either of the two blocked the other (moderation's events). */
      blocked: boolean;
      /** The invitee's facts about the event's group (whether they may see it). */
      inviteeGroup: GroupFacts | null;
    })
  | (OnEvent & { type: 'accept-invitation'; userId: string })
  | (OnEvent & { type: 'decline-invitation'; userId: string });
type Command<T extends EventCommand['type']> = CommandOf<EventCommand, T>;

type CommunityEventEvent = EventOf<(typeof eventStreamEvents)[number]>;

export const eventDecider: Decider<EventCommand, EventState, CommunityEventEvent> = {
  events: eventStreamEvents,
  initialState,
  evolve,
  decide,
};

const without = (list: readonly string[], userId: string) => list.filter((id) => id !== userId);

function evolve(state: EventState, event: CommunityEventEvent): EventState {
  switch (event.type) {
    case 'EventScheduled': {
      const { creatorId, groupId, isPublic, maxAttendees, startDate, endDate, location } = event.data;
      return {
        ...state,
        exists: true,
        creatorId,
        groupId,
        isPublic,
        maxAttendees,
        startDate,
        endDate,
        location,
      };
    }
    case 'EventChanged': {
      const { startDate, endDate, location } = event.data;
      return { ...state, startDate, endDate, location };
    }
    case 'EventCancelled':
      return { ...state, cancelled: true };
    case 'EventAttendeeJoined': {
      const invited = new Set(state.invited);
      invited.delete(event.data.userId);
      return event.data.status === 'attending'
        ? { ...state, invited, attending: [...state.attending, event.data.userId] }
        : { ...state, invited, waitlist: [...state.waitlist, event.data.userId] };
    }
    case 'EventMemberInvited':
      return { ...state, invited: new Set(state.invited).add(event.data.userId) };
    case 'EventInvitationDeclined': {
      const invited = new Set(state.invited);
      invited.delete(event.data.userId);
      return { ...state, invited };
    }
    case 'EventAttendeeLeft':
      return {
        ...state,
        attending: without(state.attending, event.data.userId),
        waitlist: without(state.waitlist, event.data.userId),
      };
    case 'EventAttendeePromoted':
      return {
        ...state,
        attending: [...state.attending, event.data.userId],
        waitlist: without(state.waitlist, event.data.userId),
      };
  }
}

/** The member's place at the event: attending, waitlisted, or null. */
export function statusOf(state: EventState, userId: string) {
  if (state.attending.includes(userId)) return 'attending' as const;
  if (state.waitlist.includes(userId)) return 'waitlisted' as const;
  return null;
}

function decide(command: EventCommand, state: EventState): NewEvent<CommunityEventEvent>[] {
  if (command.type === 'schedule') return decideSchedule(command);
  if (!state.exists) throw new RuleBroken(EVENT_NOT_FOUND, { status: 404 });
  // Whoever is on its list may always take themselves off it (cancelled, or no longer in its group).
  if (command.type === 'leave' && statusOf(state, command.userId)) return decideLeave(state, command);
  // An invitation may always be declined (an account deleted declines its own).
  if (command.type === 'decline-invitation') return decideDecline(state, command);
  // An event the member may not see is not there for them. (The platform, cancelling the events
  // of a deleted account, sees them all.)
  const group = state.groupId ? command.group : null;
  const byPlatform = command.type === 'cancel' && command.actorId === null;
  if (!byPlatform && ((state.groupId && !group) || !eventOpenTo({ isPublic: state.isPublic, group })))
    throw new RuleBroken(EVENT_NOT_FOUND, { status: 404 });
  if (state.cancelled) throw new RuleBroken(EVENT_CANCELLED, { status: 409 });
  switch (command.type) {
    case 'change':
      return decideChange(state, command);
    case 'cancel':
      refuseUnlessOrganiser(state, command.actorId, command.group);
      return [
        newEvent(EventCancelled, {
          eventId: command.eventId,
          cancelledBy: command.actorId,
          cancelledAt: command.now.toISOString(),
        }),
      ];
    case 'attend':
      return decideAttend(state, command);
    case 'leave':
      return decideLeave(state, command);
    case 'invite':
      return decideInvite(state, command);
    case 'accept-invitation':
      if (!state.invited.has(command.userId)) throw new RuleBroken(NO_EVENT_INVITATION, { status: 404 });
      return decideAttend(state, { ...command, type: 'attend' });
  }
}

/**
 * Whoever may see the event invites a member who may see it too (a private group's event: one of
 * its members), is not signed up nor invited yet, and is not across a block from them.
 */
function decideInvite(state: EventState, command: Command<'invite'>): NewEvent<CommunityEventEvent>[] {
  const { eventId, userId, actorId } = command;
  if (command.blocked) throw new RuleBroken(INVITATION_BLOCKED, { status: 403 });
  const inviteeGroup = state.groupId ? command.inviteeGroup : null;
  if ((state.groupId && !inviteeGroup) || !eventOpenTo({ isPublic: state.isPublic, group: inviteeGroup }))
    throw new RuleBroken(INVITEE_CANNOT_SEE_EVENT, { status: 409 });
  if (statusOf(state, userId)) throw new RuleBroken(INVITEE_SIGNED_UP, { status: 409 });
  if (state.invited.has(userId)) throw new RuleBroken(ALREADY_INVITED_TO_EVENT, { status: 409 });
  if (new Date(state.startDate) <= command.now) throw new RuleBroken(EVENT_STARTED, { status: 409 });
  return [
    newEvent(EventMemberInvited, {
      eventId,
      userId,
      invitedBy: actorId,
      invitedAt: command.now.toISOString(),
    }),
  ];
}

function decideDecline(
  state: EventState,
  command: Command<'decline-invitation'>,
): NewEvent<CommunityEventEvent>[] {
  if (!state.invited.has(command.userId)) throw new RuleBroken(NO_EVENT_INVITATION, { status: 404 });
  return [
    newEvent(EventInvitationDeclined, {
      eventId: command.eventId,
      userId: command.userId,
      declinedAt: command.now.toISOString(),
    }),
  ];
}

function decideSchedule(command: Command<'schedule'>): NewEvent<CommunityEventEvent>[] {
  refuseSuspended(command.suspension);
  const { request } = command;
  if (request.groupId) {
    if (!command.group) throw new RuleBroken(GROUP_NOT_FOUND, { status: 404, field: 'groupId' });
    if (command.group.viewerRole === null) {
      // A private group's outsider learns nothing of it.
      if (!command.group.isPublic) throw new RuleBroken(GROUP_NOT_FOUND, { status: 404, field: 'groupId' });
      throw new RuleBroken(GROUP_MEMBERS_ONLY_EVENTS, { status: 403, field: 'groupId' });
    }
  }
  refuseForeignPhoto(request.imageUrl, command.photoUploaded);
  if (new Date(request.startDate) <= command.now)
    throw new RuleBroken(EVENT_IN_THE_PAST, { field: 'startDate' });
  return [
    newEvent(EventScheduled, {
      eventId: command.eventId,
      creatorId: command.creatorId,
      groupId: request.groupId ?? null,
      title: request.title,
      description: request.description ?? null,
      location: request.location,
      startDate: request.startDate,
      endDate: request.endDate ?? null,
      imageUrl: request.imageUrl ?? null,
      isPublic: request.isPublic,
      maxAttendees: request.maxAttendees ?? null,
      createdAt: command.now.toISOString(),
    }),
  ];
}

/** Its organiser, or an admin or moderator of its group, may change or cancel it. */
function refuseUnlessOrganiser(state: EventState, actorId: string | null, group: GroupFacts | null) {
  // No actor: the platform itself (its organiser's account was deleted).
  if (actorId === null || actorId === state.creatorId) return;
  const role: GroupRole | null = group?.viewerRole ?? null;
  if (role === 'admin' || role === 'moderator') return;
  throw new RuleBroken(EVENT_ORGANISERS_ONLY, { status: 403 });
}

function decideChange(state: EventState, command: Command<'change'>): NewEvent<CommunityEventEvent>[] {
  refuseUnlessOrganiser(state, command.editorId, command.group);
  const next = {
    location: command.changes.location ?? state.location,
    startDate: command.changes.startDate ?? state.startDate,
    endDate: command.changes.endDate === undefined ? state.endDate : command.changes.endDate,
  };
  if (next.endDate && next.endDate <= next.startDate)
    throw new RuleBroken(EVENT_ENDS_BEFORE_START, { field: 'endDate' });
  if (command.changes.startDate && new Date(next.startDate) <= command.now)
    throw new RuleBroken(EVENT_IN_THE_PAST, { field: 'startDate' });
  if (
    next.location === state.location &&
    next.startDate === state.startDate &&
    next.endDate === state.endDate
  )
    return [];
  return [
    newEvent(EventChanged, {
      eventId: command.eventId,
      editorId: command.editorId,
      ...next,
      changedAt: command.now.toISOString(),
    }),
  ];
}

/**
 * Signing up: a place while there is one, else the waitlist. The stream's history holds every
 * sign-up and the handler decides one command at a time per stream, so places are never given
 * twice. Signing up again changes nothing.
 */
function decideAttend(state: EventState, command: Command<'attend'>): NewEvent<CommunityEventEvent>[] {
  if (statusOf(state, command.userId)) return [];
  if (new Date(state.startDate) <= command.now) throw new RuleBroken(EVENT_STARTED, { status: 409 });
  const full = state.maxAttendees !== null && state.attending.length >= state.maxAttendees;
  return [
    newEvent(EventAttendeeJoined, {
      eventId: command.eventId,
      userId: command.userId,
      status: full ? 'waitlisted' : 'attending',
      joinedAt: command.now.toISOString(),
    }),
  ];
}

/** Leaving: an attendee's place goes to the first on the waitlist. */
function decideLeave(state: EventState, command: Command<'leave'>): NewEvent<CommunityEventEvent>[] {
  const status = statusOf(state, command.userId);
  if (!status) throw new RuleBroken(NOT_ATTENDING, { status: 409 });
  const at = command.now.toISOString();
  const events: NewEvent<CommunityEventEvent>[] = [
    newEvent(EventAttendeeLeft, { eventId: command.eventId, userId: command.userId, status, leftAt: at }),
  ];
  const next = state.waitlist[0];
  if (status === 'attending' && next)
    events.push(newEvent(EventAttendeePromoted, { eventId: command.eventId, userId: next, promotedAt: at }));
  return events;
}
