import { z } from 'zod';
import {
  Neighborhood,
  offsetPaging,
  PersonFields,
  requiredText,
  Timestamp,
  Uuid,
  withSomeChange,
} from './common';
import { defineEvent, streamEvent } from './envelope';
import { ObjectPath } from './identity';
import { BLOCK_TEXT, displayText, LINE_TEXT } from './text';

// Groups and community events (the groups service): a group's members and roles, and events with
// a capacity and a waitlist. An event here is an organised gathering; a post of the `event`
// category stays a listing in posts (docs/architecture.md, "Groups and events").

export const GROUP_ROLES = ['member', 'moderator', 'admin'] as const;
export const GroupRole = z.enum(GROUP_ROLES, { error: 'Role must be one of member, moderator, admin' });
export type GroupRole = z.infer<typeof GroupRole>;

export const ATTENDEE_STATUSES = ['attending', 'waitlisted'] as const;
export const AttendeeStatus = z.enum(ATTENDEE_STATUSES);
export type AttendeeStatus = z.infer<typeof AttendeeStatus>;

export const GROUP_NOT_FOUND = 'Group not found';
export const EVENT_NOT_FOUND = 'Event not found';
export const GROUP_CLOSED = 'This group is closed';
export const EVENT_CANCELLED = 'This event was cancelled';
export const EVENT_STARTED = 'This event has already started';
export const ALREADY_MEMBER = 'You are already a member of this group';
export const NOT_A_MEMBER = 'You are not a member of this group';
export const ALREADY_REQUESTED = 'You have already asked to join this group';
export const NO_JOIN_REQUEST = 'There is no request to join from this member';
export const GROUP_ADMINS_ONLY = "Only the group's admins can do this";
export const LAST_ADMIN_CANNOT_LEAVE =
  'You are the last admin of this group: make another member an admin before you leave';
export const LAST_ADMIN_CANNOT_STEP_DOWN =
  'You are the last admin of this group: make another member an admin first';
export const GROUP_MEMBERS_ONLY_EVENTS = "Only the group's members can create its events";
export const EVENT_ORGANISERS_ONLY = "Only the event's organiser or the group's admins can change it";
export const ALREADY_ATTENDING = 'You are already signed up for this event';
export const NOT_ATTENDING = 'You are not signed up for this event';
export const EVENT_ENDS_BEFORE_START = 'The end must be after the start';
export const PHOTO_NOT_UPLOADED = 'The photo must be one you uploaded';
export const GROUP_MEMBERS_ONLY_INVITE = "Only the group's members can invite to it";
export const INVITATION_BLOCKED = 'You cannot invite a member you blocked or who blocked you';
export const ALREADY_INVITED = 'This member is already invited to this group';
export const INVITEE_IS_MEMBER = 'This member is already in this group';
export const NO_INVITATION = 'You have no invitation to this group';
export const MEMBER_NOT_FOUND = 'User not found';
export const NO_EVENT_INVITATION = 'You have no invitation to this event';
export const ALREADY_INVITED_TO_EVENT = 'This member is already invited to this event';
export const INVITEE_SIGNED_UP = 'This member is already signed up for this event';
export const INVITEE_CANNOT_SEE_EVENT = 'This member cannot see this event: invite them to its group first';

const blankToNull = (v: string | null | undefined) => (v ? v : null);
/** Text that may be left out (blank is null), trimmed, at most `max` characters, shown as typed under `rules`. */
export const OptionalText = (max: number, label: string, rules = BLOCK_TEXT) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .superRefine(displayText(label, rules))
    .nullish()
    .transform(blankToNull);

export const GroupName = requiredText('Name is required', 80, 'Name must be at most 80 characters', {
  min: 3,
  message: 'Name must be at least 3 characters',
}).superRefine(displayText('Name', LINE_TEXT));
export const EventTitle = requiredText('Title is required', 120, 'Title must be at most 120 characters', {
  min: 3,
  message: 'Title must be at least 3 characters',
}).superRefine(displayText('Title', LINE_TEXT));
const Location = requiredText(
  'Location is required',
  200,
  'Location must be at most 200 characters',
).superRefine(displayText('Location', LINE_TEXT));

const isoDateTime = z.iso.datetime({ offset: true });
/** An ISO-8601 date and time with a zone ("2026-06-01T18:00:00-05:00"), kept in UTC. */
const DateTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine((v) => isoDateTime.safeParse(v).success, {
      message: `${label} must be a valid date and time, e.g. 2026-06-01T18:00:00-05:00`,
    })
    .transform((v) => new Date(v).toISOString());

export const CreateGroupRequest = z.strictObject({
  name: GroupName,
  description: OptionalText(2000, 'Description'),
  imageUrl: ObjectPath.nullish(),
  neighborhood: Neighborhood.nullish(),
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).default(true),
});
export type CreateGroupRequest = z.input<typeof CreateGroupRequest>;
export type CreateGroupCommand = z.output<typeof CreateGroupRequest>;

export const GROUP_SORTS = ['newest', 'members'] as const;
export const GroupsQuery = z.strictObject({
  neighborhood: Neighborhood.optional(),
  search: z.string().trim().max(100, 'search is at most 100 characters').optional(),
  sort: z.enum(GROUP_SORTS, { error: 'sort must be newest or members' }).default('newest'),
  ...offsetPaging(50, 20, 10_000),
});
export type GroupsQuery = z.input<typeof GroupsQuery>;

/** The caller's place in a group: a member (with a role), asked to join, or nothing. */
export const GroupMembershipState = z.object({
  status: z.enum(['member', 'requested', 'none']),
  role: GroupRole.nullable(),
});

/** A group's details as stated: in its answer and in the event that creates it. */
const groupDetailFields = {
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  neighborhood: z.string().nullable(),
  isPublic: z.boolean(),
};

/**
 * A group as the caller may see it. A private group shows an outsider its name only (so that
 * they can ask to join): `description`, `imageUrl`, `neighborhood` are null, `membersCount` 0.
 */
export const Group = z.object({
  id: Uuid,
  ...groupDetailFields,
  creatorId: Uuid.nullable(),
  membersCount: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  membership: GroupMembershipState,
});
export type Group = z.infer<typeof Group>;

export const GroupIdParams = z.strictObject({ id: Uuid });
export const GroupMemberParams = z.strictObject({ id: Uuid, userId: Uuid });

export const GroupMember = z.object({
  groupId: Uuid,
  userId: Uuid,
  role: GroupRole,
  joinedAt: Timestamp,
  ...PersonFields,
});
export type GroupMember = z.infer<typeof GroupMember>;

export const JoinRequest = z.object({
  groupId: Uuid,
  userId: Uuid,
  requestedAt: Timestamp,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const DecideJoinRequest = z.strictObject({
  approve: z.boolean({ error: 'approve must be true or false' }),
});
export const SetGroupRoleRequest = z.strictObject({ role: GroupRole });
/** `POST /api/groups/{id}/invitations`: the member invited. */
export const InviteRequest = z.strictObject({ userId: Uuid });

export const CreateEventRequest = z
  .strictObject({
    title: EventTitle,
    description: OptionalText(5000, 'Description'),
    location: Location,
    startDate: DateTime('Start date'),
    endDate: DateTime('End date').nullish(),
    imageUrl: ObjectPath.nullish(),
    groupId: Uuid.nullish(),
    isPublic: z.boolean({ error: 'isPublic must be true or false' }).default(true),
    maxAttendees: z
      .number({ error: 'maxAttendees must be a whole number' })
      .int('maxAttendees must be a whole number')
      .min(1, 'maxAttendees must be at least 1')
      .max(100_000, 'maxAttendees is at most 100000')
      .nullish(),
  })
  .refine((e) => !e.endDate || e.endDate > e.startDate, {
    message: EVENT_ENDS_BEFORE_START,
    path: ['endDate'],
  });
export type CreateEventRequest = z.input<typeof CreateEventRequest>;
export type CreateEventCommand = z.output<typeof CreateEventRequest>;

/** `PATCH /api/events/{id}`: a new time or place; what is left out stays. */
export const UpdateEventRequest = withSomeChange(
  z.strictObject({
    location: Location.optional(),
    startDate: DateTime('Start date').optional(),
    endDate: DateTime('End date').nullish(),
  }),
);
export type UpdateEventRequest = z.input<typeof UpdateEventRequest>;

export const EventsQuery = z.strictObject({
  groupId: Uuid.optional(),
  from: DateTime('from').optional(),
  to: DateTime('to').optional(),
  ...offsetPaging(50, 20, 10_000),
});
export type EventsQuery = z.input<typeof EventsQuery>;

export const EventIdParams = z.strictObject({ id: Uuid });

/** An event's details as stated: in its answer and in the event that schedules it. */
const eventDetailFields = {
  title: z.string(),
  description: z.string().nullable(),
  location: z.string(),
  startDate: Timestamp,
  endDate: Timestamp.nullable(),
  imageUrl: z.string().nullable(),
};
/** How full an event is: those signed up, and those waiting for a place. */
const attendanceCounts = {
  attendeesCount: z.number().int(),
  waitlistCount: z.number().int(),
};

export const CommunityEvent = z.object({
  id: Uuid,
  ...eventDetailFields,
  creatorId: Uuid.nullable(),
  groupId: Uuid.nullable(),
  isPublic: z.boolean(),
  maxAttendees: z.number().int().nullable(),
  ...attendanceCounts,
  cancelled: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** The caller's place: attending, waitlisted, or null. */
  myStatus: AttendeeStatus.nullable(),
});
export type CommunityEvent = z.infer<typeof CommunityEvent>;

export const Attendance = z.object({
  eventId: Uuid,
  status: AttendeeStatus.nullable(),
  ...attendanceCounts,
});
export type Attendance = z.infer<typeof Attendance>;

export const EventAttendee = z.object({
  eventId: Uuid,
  userId: Uuid,
  status: AttendeeStatus,
  joinedAt: Timestamp,
  ...PersonFields,
});

/** `POST /api/calendar-feed`: a new secret address of the member's calendar (the old one stops working). */
export const CalendarFeedLink = z.object({ path: z.string() });
export const CalendarFeedParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}(\.ics)?$/, 'Not a calendar address'),
});

// Events. Text a member wrote (a group's name and description, an event's title, description and
// place) is sealed with their key (PERSONAL_FIELDS).

/** An event of a group's stream: the group, and its own fields. */
const groupEvent = streamEvent('groups', { groupId: Uuid });
/** An event of a community event's stream: the event, and its own fields. */
const eventEvent = streamEvent('groups', { eventId: Uuid });
/** An event of a group's stream about one member, or one who would be: the group, who, and its own fields. */
const memberEvent = streamEvent('groups', { groupId: Uuid, userId: Uuid });
/** An event of a community event's stream about one person on its list, or invited to it. */
const attendeeEvent = streamEvent('groups', { eventId: Uuid, userId: Uuid });
/** An invitation, to a group or to an event, and its refusal, say the same. */
const Invited = { invitedBy: Uuid, invitedAt: Timestamp };
const InvitationDeclined = { declinedAt: Timestamp };

export const GroupCreated = groupEvent('GroupCreated', {
  creatorId: Uuid,
  ...groupDetailFields,
  createdAt: Timestamp,
});
/** A member joined (a public group at once, a private one approved by `approvedBy`); counted. */
export const GroupMemberJoined = memberEvent('GroupMemberJoined', {
  role: GroupRole,
  joinedAt: Timestamp,
  approvedBy: Uuid.nullable(),
});
export const GroupJoinRequested = memberEvent('GroupJoinRequested', { requestedAt: Timestamp });
export const GroupJoinDeclined = memberEvent('GroupJoinDeclined', {
  declinedBy: Uuid,
  declinedAt: Timestamp,
});
/** A member left, or was removed by an admin (`removedBy`); their account deleted: `removedBy` null. */
export const GroupMemberLeft = memberEvent('GroupMemberLeft', {
  removedBy: Uuid.nullable(),
  leftAt: Timestamp,
});
export const GroupMemberRoleChanged = memberEvent('GroupMemberRoleChanged', {
  role: GroupRole,
  changedBy: Uuid,
  changedAt: Timestamp,
});
/**
 * The account whose key seals the group's text was deleted: the group passes to `toUserId`, now
 * an admin, and its text is stated again under their key (the group lives on, readable).
 */
export const GroupHandedOver = groupEvent('GroupHandedOver', {
  fromUserId: Uuid,
  toUserId: Uuid,
  name: z.string(),
  description: z.string().nullable(),
  handedOverAt: Timestamp,
});
/**
 * A member invited another to the group; accepting joins them at once, a private group too
 * (`GroupMemberJoined` with `approvedBy` the one who invited).
 */
export const GroupMemberInvited = memberEvent('GroupMemberInvited', Invited);
/** The invitee declined (or their account was deleted). */
export const GroupInvitationDeclined = memberEvent('GroupInvitationDeclined', InvitationDeclined);
/** Its last admin's account was deleted with no one left to take it over. */
export const GroupClosed = groupEvent('GroupClosed', { closedAt: Timestamp });

export const EventScheduled = eventEvent('EventScheduled', {
  creatorId: Uuid,
  groupId: Uuid.nullable(),
  ...eventDetailFields,
  isPublic: z.boolean(),
  maxAttendees: z.number().int().nullable(),
  createdAt: Timestamp,
});
/** A new time or place (all three as they now are). */
export const EventChanged = eventEvent('EventChanged', {
  editorId: Uuid,
  location: z.string(),
  startDate: Timestamp,
  endDate: Timestamp.nullable(),
  changedAt: Timestamp,
});
/** Cancelled by its organiser or a group admin, or because its organiser's account was deleted (null). */
export const EventCancelled = eventEvent('EventCancelled', {
  cancelledBy: Uuid.nullable(),
  cancelledAt: Timestamp,
});
export const EventAttendeeJoined = attendeeEvent('EventAttendeeJoined', {
  status: AttendeeStatus,
  joinedAt: Timestamp,
});
export const EventAttendeeLeft = attendeeEvent('EventAttendeeLeft', {
  status: AttendeeStatus,
  leftAt: Timestamp,
});
/** Someone who may see the event invited a member to it; accepting signs them up. */
export const EventMemberInvited = attendeeEvent('EventMemberInvited', Invited);
/** The invitee declined (or their account was deleted). */
export const EventInvitationDeclined = attendeeEvent('EventInvitationDeclined', InvitationDeclined);
/** The first of the waitlist took a place that was freed. */
export const EventAttendeePromoted = attendeeEvent('EventAttendeePromoted', { promotedAt: Timestamp });
/** A member's calendar address: only a hash of its secret is kept (the member holds the address). */
export const CalendarFeedOpened = defineEvent(
  'groups',
  'CalendarFeedOpened',
  z.object({ userId: Uuid, tokenHash: z.string(), openedAt: Timestamp }),
);

/** A group's stream: what its decider folds. */
export const groupStreamEvents = [
  GroupCreated,
  GroupMemberJoined,
  GroupJoinRequested,
  GroupJoinDeclined,
  GroupMemberLeft,
  GroupMemberRoleChanged,
  GroupHandedOver,
  GroupClosed,
  GroupMemberInvited,
  GroupInvitationDeclined,
] as const;
/** A community event's stream: what its decider folds. */
export const eventStreamEvents = [
  EventScheduled,
  EventChanged,
  EventCancelled,
  EventAttendeeJoined,
  EventAttendeeLeft,
  EventAttendeePromoted,
  EventMemberInvited,
  EventInvitationDeclined,
] as const;
export const groupsEvents = [...groupStreamEvents, ...eventStreamEvents, CalendarFeedOpened] as const;
