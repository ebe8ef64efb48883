import { z } from 'zod';
import {
  Attendance,
  CalendarFeedLink,
  CalendarFeedParams,
  CommunityEvent,
  CreateEventRequest,
  CreateGroupRequest,
  DecideJoinRequest,
  EventAttendee,
  EventIdParams,
  EventsQuery,
  Group,
  GroupIdParams,
  GroupMember,
  GroupMemberParams,
  GroupMembershipState,
  GroupsQuery,
  InviteRequest,
  JoinRequest,
  SetGroupRoleRequest,
  UpdateEventRequest,
} from '../groups';
import { type EndpointSchemas, exportPartSchemas, NoBody } from './endpoint-schema';

// The schemas of groups-routes.ts's endpoints, under the same names: part of
// ENDPOINT_SCHEMAS (schemas.ts).

const MembershipAnswer = z.object({
  groupId: z.string(),
  membership: GroupMembershipState,
  membersCount: z.number().int(),
});

// biome-ignore format: one endpoint a line reads as a table
export const GROUPS_SCHEMAS = {
  createGroup: { summary: 'Create a group (its creator is its admin)', body: CreateGroupRequest, response: { 201: Group } },
  listGroups: { summary: 'Discover groups: by neighbourhood, by name, newest or most members', query: GroupsQuery, response: { 200: z.array(Group) } },
  getGroup: { summary: "A group (a private one's name only, to outsiders)", params: GroupIdParams, response: { 200: Group } },
  joinGroup: { summary: 'Join a public group, or ask to join a private one', params: GroupIdParams, body: NoBody, response: { 200: MembershipAnswer } },
  leaveGroup: { summary: 'Leave a group (its last admin must hand over first)', params: GroupIdParams, body: NoBody, response: { 200: MembershipAnswer } },
  listGroupMembers: { summary: "A group's members (members only, for a private group)", params: GroupIdParams, response: { 200: z.array(GroupMember) } },
  setGroupRole: { summary: "Change a member's role (the group's admins)", params: GroupMemberParams, body: SetGroupRoleRequest, response: { 200: GroupMember } },
  removeGroupMember: { summary: 'Remove a member from a group (its admins)', params: GroupMemberParams, response: { 200: MembershipAnswer } },
  listJoinRequests: { summary: 'Requests to join a private group (its admins)', params: GroupIdParams, response: { 200: z.array(JoinRequest) } },
  inviteToGroup: { summary: 'Invite a member to the group (its members; not across a block)', params: GroupIdParams, body: InviteRequest, response: { 200: MembershipAnswer } },
  acceptGroupInvitation: { summary: 'Accept an invitation: join at once, a private group too', params: GroupIdParams, body: NoBody, response: { 200: MembershipAnswer } },
  declineGroupInvitation: { summary: 'Decline an invitation to the group', params: GroupIdParams, body: NoBody, response: { 200: MembershipAnswer } },
  decideJoinRequest: { summary: 'Approve or decline a request to join (the group’s admins)', params: GroupMemberParams, body: DecideJoinRequest, response: { 200: MembershipAnswer } },
  createEvent: { summary: 'Create a community event', body: CreateEventRequest, response: { 201: CommunityEvent } },
  listEvents: { summary: 'Upcoming events the caller may see (by group, by date range)', query: EventsQuery, response: { 200: z.array(CommunityEvent) } },
  getEvent: { summary: 'An event', params: EventIdParams, response: { 200: CommunityEvent } },
  updateEvent: { summary: "Change an event's time or place (its organiser or the group's admins)", params: EventIdParams, body: UpdateEventRequest, response: { 200: CommunityEvent } },
  cancelEvent: { summary: 'Cancel an event (its organiser or the group’s admins)', params: EventIdParams, body: NoBody, response: { 200: CommunityEvent } },
  attendEvent: { summary: 'Sign up for an event: attending, or waitlisted when it is full', params: EventIdParams, body: NoBody, response: { 200: Attendance } },
  leaveEvent: { summary: 'Leave an event: the first waitlisted takes the place', params: EventIdParams, body: NoBody, response: { 200: Attendance } },
  inviteToEvent: { summary: 'Invite a member to the event (who may see it; not across a block)', params: EventIdParams, body: InviteRequest, response: { 200: Attendance } },
  acceptEventInvitation: { summary: 'Accept an invitation: sign up (a place, or the waitlist)', params: EventIdParams, body: NoBody, response: { 200: Attendance } },
  declineEventInvitation: { summary: 'Decline an invitation to the event', params: EventIdParams, body: NoBody, response: { 200: Attendance } },
  listEventAttendees: { summary: "Who is going, and the waitlist (signed-in members who may see the event)", params: EventIdParams, response: { 200: z.array(EventAttendee) } },
  eventCalendarFile: { summary: 'An event as an iCalendar file', params: EventIdParams, answer: 'text/calendar (RFC 5545)' },
  openCalendarFeed: { summary: "A new secret address of the caller's calendar of events they attend (the old one stops working)", body: NoBody, response: { 201: CalendarFeedLink } },
  calendarFeed: { summary: "A member's calendar of the events they attend, by its secret address", params: CalendarFeedParams, answer: 'text/calendar (RFC 5545)' },
  groupsExport: exportPartSchemas,
} as const satisfies Record<string, EndpointSchemas>;
