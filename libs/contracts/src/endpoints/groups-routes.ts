import { serviceRoutes } from './endpoint-route';

// groups' endpoints: groups and their members, community events and their attendees, calendars.
// Part of ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: groups-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const GROUPS_ROUTES = serviceRoutes('groups', {
  createGroup: { method: 'POST', path: '/api/groups', auth: 'user' },
  listGroups: { method: 'GET', path: '/api/groups', auth: 'guest-ok' },
  getGroup: { method: 'GET', path: '/api/groups/:id', auth: 'guest-ok' },
  joinGroup: { method: 'POST', path: '/api/groups/:id/join', auth: 'user' },
  leaveGroup: { method: 'POST', path: '/api/groups/:id/leave', auth: 'user' },
  listGroupMembers: { method: 'GET', path: '/api/groups/:id/members', auth: 'user' },
  setGroupRole: { method: 'PUT', path: '/api/groups/:id/members/:userId', auth: 'user' },
  removeGroupMember: { method: 'DELETE', path: '/api/groups/:id/members/:userId', auth: 'user' },
  inviteToGroup: { method: 'POST', path: '/api/groups/:id/invitations', auth: 'user' },
  acceptGroupInvitation: { method: 'POST', path: '/api/groups/:id/invitations/accept', auth: 'user' },
  declineGroupInvitation: { method: 'POST', path: '/api/groups/:id/invitations/decline', auth: 'user' },
  listJoinRequests: { method: 'GET', path: '/api/groups/:id/requests', auth: 'user' },
  decideJoinRequest: { method: 'POST', path: '/api/groups/:id/requests/:userId', auth: 'user' },
  createEvent: { method: 'POST', path: '/api/events', auth: 'user' },
  listEvents: { method: 'GET', path: '/api/events', auth: 'guest-ok' },
  getEvent: { method: 'GET', path: '/api/events/:id', auth: 'guest-ok' },
  updateEvent: { method: 'PATCH', path: '/api/events/:id', auth: 'user' },
  cancelEvent: { method: 'POST', path: '/api/events/:id/cancel', auth: 'user' },
  attendEvent: { method: 'POST', path: '/api/events/:id/attend', auth: 'user' },
  leaveEvent: { method: 'POST', path: '/api/events/:id/leave', auth: 'user' },
  inviteToEvent: { method: 'POST', path: '/api/events/:id/invitations', auth: 'user' },
  acceptEventInvitation: { method: 'POST', path: '/api/events/:id/invitations/accept', auth: 'user' },
  declineEventInvitation: { method: 'POST', path: '/api/events/:id/invitations/decline', auth: 'user' },
  listEventAttendees: { method: 'GET', path: '/api/events/:id/attendees', auth: 'user' },
  eventCalendarFile: { method: 'GET', path: '/api/events/:id/ics', auth: 'guest-ok' },
  openCalendarFeed: { method: 'POST', path: '/api/calendar-feed', auth: 'user' },
  calendarFeed: { method: 'GET', path: '/api/calendar/:token', auth: 'guest-ok' },
});
