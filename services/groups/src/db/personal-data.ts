import type { PersonalDataQueries } from '@waco/platform';

/** What groups holds about a user, for their account export. */
export const GROUPS_PERSONAL_DATA: PersonalDataQueries = {
  // The groups they are in, with their role.
  groupMemberships: `
    SELECT m.group_id, g.name AS group_name, m.role, m.joined_at
    FROM group_memberships m JOIN groups g ON g.id = m.group_id
    WHERE m.user_id = $1 ORDER BY m.joined_at`,
  groupJoinRequests: `
    SELECT r.group_id, g.name AS group_name, r.requested_at
    FROM group_join_requests r JOIN groups g ON g.id = r.group_id
    WHERE r.user_id = $1 ORDER BY r.requested_at`,
  // Invitations to them waiting for an answer, and those they sent.
  groupInvitations: `
    SELECT i.group_id, g.name AS group_name, i.user_id, i.invited_by, i.invited_at
    FROM group_invitations i JOIN groups g ON g.id = i.group_id
    WHERE i.user_id = $1 OR i.invited_by = $1 ORDER BY i.invited_at`,
  eventInvitations: `
    SELECT i.event_id, e.title AS event_title, i.user_id, i.invited_by, i.invited_at
    FROM event_invitations i JOIN community_events e ON e.id = i.event_id
    WHERE i.user_id = $1 OR i.invited_by = $1 ORDER BY i.invited_at`,
  groupsCreated: `
    SELECT id, name, description, image_url, is_public, neighborhood, members_count, closed, created_at
    FROM groups WHERE creator_id = $1 ORDER BY created_at`,
  eventsCreated: `
    SELECT id, title, description, location, start_date, end_date, image_url, group_id, is_public,
           max_attendees, attendees_count, cancelled, created_at
    FROM community_events WHERE creator_id = $1 ORDER BY start_date`,
  // Their sign-ups: attending or waitlisted.
  eventAttendance: `
    SELECT a.event_id, e.title AS event_title, e.start_date, a.status, a.joined_at
    FROM event_attendees a JOIN community_events e ON e.id = a.event_id
    WHERE a.user_id = $1 ORDER BY e.start_date`,
  calendarFeed: `SELECT opened_at FROM calendar_feeds WHERE user_id = $1`,
};
