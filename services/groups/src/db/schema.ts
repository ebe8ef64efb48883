import type {
  HiddenGroupsEventsCopyTables,
  ModerationCopyTables,
  UploadedMediaCopyTable,
  UserDirectoryTable,
} from '@waco/platform';
import type { ColumnType, Selectable } from 'kysely';

/** A timestamptz column: read as a Date, written as a Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A group (spec section 3), a projection of the `group-{id}` streams. */
export interface GroupsTable {
  id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  is_public: boolean;
  neighborhood: string | null;
  creator_id: string;
  members_count: number;
  closed: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GroupMembershipsTable {
  group_id: string;
  user_id: string;
  role: string;
  joined_at: Timestamp;
}

export interface GroupJoinRequestsTable {
  group_id: string;
  user_id: string;
  requested_at: Timestamp;
}

/**
 * A community event (spec section 3's `events`), a projection of the `event-{id}` streams; named
 * apart from `events`, the service's event log.
 */
export interface EventsTable {
  id: string;
  title: string;
  description: string | null;
  location: string;
  start_date: Timestamp;
  end_date: Timestamp | null;
  image_url: string | null;
  creator_id: string;
  group_id: string | null;
  is_public: boolean;
  max_attendees: number | null;
  attendees_count: number;
  waitlist_count: number;
  cancelled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EventAttendeesTable {
  event_id: string;
  user_id: string;
  status: string;
  joined_at: Timestamp;
  /** The stream position of the sign-up or promotion: the order places and the waitlist go in. */
  position: number;
}

/** A member's calendar address: the hash of its secret (the `calendar-feed-{userId}` stream). */
export interface CalendarFeedsTable {
  user_id: string;
  token_hash: string;
  opened_at: Timestamp;
}

/** An upload of media's (`uploaded_media`, the platform's copy): whose photo a path is. */
export interface GroupsDatabase
  extends ModerationCopyTables,
    HiddenGroupsEventsCopyTables,
    UploadedMediaCopyTable {
  /** groups' copy of users' names and avatars, from identity's events. */
  users: UserDirectoryTable;
  groups: GroupsTable;
  group_memberships: GroupMembershipsTable;
  group_join_requests: GroupJoinRequestsTable;
  /** Invitations waiting for an answer: who, by whom. */
  group_invitations: { group_id: string; user_id: string; invited_by: string; invited_at: Timestamp };
  event_invitations: { event_id: string; user_id: string; invited_by: string; invited_at: Timestamp };
  community_events: EventsTable;
  event_attendees: EventAttendeesTable;
  calendar_feeds: CalendarFeedsTable;
}

export type GroupRow = Selectable<GroupsTable>;
export type EventRow = Selectable<EventsTable>;

/** The read tables built from groups' own events: what a rebuild empties and refills. */
export const PROJECTED_TABLES = [
  'groups',
  'group_memberships',
  'group_join_requests',
  'group_invitations',
  'event_invitations',
  'community_events',
  'event_attendees',
  'calendar_feeds',
] as const;
